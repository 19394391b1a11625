import { createRouter } from "@tanstack/react-router";

export const router = createRouter({});

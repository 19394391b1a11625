import { h } from "./runtime";

export const view = h("div", {});

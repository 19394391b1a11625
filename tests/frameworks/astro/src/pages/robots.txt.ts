import type { APIRoute } from "astro";
import { siteUrl } from "../lib/site";

export const prerender = true;

export const GET: APIRoute = () => new Response(`Sitemap: ${siteUrl}/sitemap.xml`);

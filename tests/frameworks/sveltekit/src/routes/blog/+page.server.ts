import { posts } from "$lib/posts";

export const prerender = true;

export async function load() {
  return { posts: posts() };
}

export const actions = {
  default: async () => ({ ok: true }),
};

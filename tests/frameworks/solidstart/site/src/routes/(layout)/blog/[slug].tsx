import { createAsync, query, useParams, type RouteDefinition } from "@solidjs/router";
import { formatTitle } from "../../../components/format";

const getPost = query(async (slug: string) => ({ title: slug }), "post");

export const route = { preload: ({ params }) => getPost(params.slug) } satisfies RouteDefinition;

export default function PostPage() {
  const params = useParams();
  const post = createAsync(() => getPost(params.slug));
  return <h1>{formatTitle(post()?.title ?? "")}</h1>;
}

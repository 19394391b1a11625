export async function getStaticPaths() {
  return [{ params: { id: "1" } }];
}

export async function POST({ request }: { request: Request }) {
  return new Response(await request.text());
}

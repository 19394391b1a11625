export function GET() {
  return new Response("pong");
}

export function middleware() {
  return undefined;
}

export const config = { matcher: "/about" };

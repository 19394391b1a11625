export function onRequest(context: unknown, next: () => Promise<Response>) {
  return next();
}

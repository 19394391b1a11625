export function proxy() {
  return undefined;
}

export function match(param: string): boolean {
  return /^[a-z-]+$/.test(param);
}

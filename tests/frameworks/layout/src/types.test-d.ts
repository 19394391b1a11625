export function expectString(value: string): string {
  return value;
}

export function generatedClient(): string {
  return "generated";
}

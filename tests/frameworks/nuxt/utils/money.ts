export function formatMoney(value: number): string {
  return `${value} EUR`;
}

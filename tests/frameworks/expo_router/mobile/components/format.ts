export function formatTotal(total: number): string {
  return `${total}`
}

export function unusedFormatter(total: number): string {
  return `${total}!`
}

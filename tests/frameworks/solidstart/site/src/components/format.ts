export function formatTitle(title: string): string {
  return title.toUpperCase();
}

export function unusedFormatter(title: string): string {
  return title.toLowerCase();
}

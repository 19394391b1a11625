export function posts() {
  return [];
}

function unusedExcerpt(text: string): string {
  return text.slice(0, 10);
}

export function pad(text: string): string {
  return ` ${text} `;
}

export function trimAll(text: string): string {
  return text.trim();
}

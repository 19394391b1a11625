export function shout(text: string): string {
  return text.toUpperCase();
}

function whisper(text: string): string {
  return text.toLowerCase();
}

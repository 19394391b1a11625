export function unusedSlugify(text) {
  return text.toLowerCase();
}

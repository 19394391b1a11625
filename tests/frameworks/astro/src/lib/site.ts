export const siteUrl = "https://example.org";

export function unusedSlug(title: string): string {
  return title.toLowerCase();
}

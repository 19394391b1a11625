export function siteName(): string {
  return "Site";
}

export function unusedSlug(): string {
  return "site";
}

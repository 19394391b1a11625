// String and object helpers, first author.

export function capitalizeWords(text: string): string {
  return text
    .split(" ")
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(" ");
}

export function camelToKebab(name: string): string {
  return name.replace(/([a-z0-9])([A-Z])/g, "$1-$2").toLowerCase();
}

export function formatDate(date: Date): string {
  const year = date.getFullYear();
  const month = String(date.getMonth() + 1).padStart(2, "0");
  const day = String(date.getDate()).padStart(2, "0");
  return `${year}-${month}-${day}`;
}

export function parseQueryString(query: string): Record<string, string> {
  const result: Record<string, string> = {};
  const trimmed = query.startsWith("?") ? query.slice(1) : query;
  for (const part of trimmed.split("&")) {
    if (!part) {
      continue;
    }
    const [key, value = ""] = part.split("=");
    result[decodeURIComponent(key)] = decodeURIComponent(value);
  }
  return result;
}

export function isEmptyObject(obj: object): boolean {
  return Object.keys(obj).length === 0;
}

export function pick<T extends object>(obj: T, keys: string[]): Partial<T> {
  const out: Partial<T> = {};
  for (const key of keys) {
    if (key in obj) {
      (out as any)[key] = (obj as any)[key];
    }
  }
  return out;
}

export function debounce<F extends (...args: any[]) => void>(fn: F, waitMs: number): (...args: Parameters<F>) => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  return (...args: Parameters<F>) => {
    if (timer !== undefined) {
      clearTimeout(timer);
    }
    timer = setTimeout(() => fn(...args), waitMs);
  };
}

export function factorial(n: number): number {
  if (n <= 1) {
    return 1;
  }
  return n * factorial(n - 1);
}

export function clampNumber(value: number, min: number, max: number): number {
  if (value < min) {
    return min;
  }
  if (value > max) {
    return max;
  }
  return value;
}

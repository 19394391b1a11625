// String and object helpers, second author.

export function titleCase(sentence: string): string {
  const words = sentence.split(" ");
  const out: string[] = [];
  for (const w of words) {
    out.push(w.length ? w[0].toUpperCase() + w.substring(1) : w);
  }
  return out.join(" ");
}

export function toKebabCase(identifier: string): string {
  let out = "";
  for (let i = 0; i < identifier.length; i++) {
    const ch = identifier[i];
    if (ch >= "A" && ch <= "Z") {
      out += (i > 0 ? "-" : "") + ch.toLowerCase();
    } else {
      out += ch;
    }
  }
  return out;
}

export function isoDay(when: Date): string {
  const y = when.getFullYear();
  const m = String(when.getMonth() + 1).padStart(2, "0");
  const d = String(when.getDate()).padStart(2, "0");
  return `${y}-${m}-${d}`;
}

export function queryParams(search: string): Record<string, string> {
  const params: Record<string, string> = {};
  const body = search.startsWith("?") ? search.slice(1) : search;
  for (const pair of body.split("&")) {
    if (!pair) {
      continue;
    }
    const [name, raw = ""] = pair.split("=");
    params[decodeURIComponent(name)] = decodeURIComponent(raw);
  }
  return params;
}

export function hasNoKeys(value: object): boolean {
  for (const _key in value) {
    return false;
  }
  return true;
}

export function selectKeys<T extends object>(source: T, wanted: string[]): Partial<T> {
  return Object.fromEntries(Object.entries(source).filter(([k]) => wanted.includes(k))) as Partial<T>;
}

export function debounced<F extends (...args: any[]) => void>(callback: F, delay: number): (...args: Parameters<F>) => void {
  let handle: ReturnType<typeof setTimeout> | undefined;
  return (...params: Parameters<F>) => {
    if (handle !== undefined) {
      clearTimeout(handle);
    }
    handle = setTimeout(() => callback(...params), delay);
  };
}

export function factorialIterative(k: number): number {
  let result = 1;
  for (let i = 2; i <= k; i++) {
    result *= i;
  }
  return result;
}

export function limit(x: number, lower: number, upper: number): number {
  if (x < lower) {
    return lower;
  }
  if (x > upper) {
    return upper;
  }
  return x;
}

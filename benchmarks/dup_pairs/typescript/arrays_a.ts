// Array helpers, first author.

export function sumArray(values: number[]): number {
  let total = 0;
  for (const value of values) {
    total += value;
  }
  return total;
}

export function uniqueValues<T>(items: T[]): T[] {
  return Array.from(new Set(items));
}

export function range(count: number): number[] {
  const out: number[] = [];
  for (let i = 0; i < count; i++) {
    out.push(i);
  }
  return out;
}

export function groupBy<T>(items: T[], key: (item: T) => string): Record<string, T[]> {
  const groups: Record<string, T[]> = {};
  for (const item of items) {
    const k = key(item);
    if (!groups[k]) {
      groups[k] = [];
    }
    groups[k].push(item);
  }
  return groups;
}

export function maxOf(numbers: number[]): number {
  return Math.max(...numbers);
}

export function countOccurrences<T>(items: T[], target: T): number {
  let count = 0;
  for (const item of items) {
    if (item === target) {
      count++;
    }
  }
  return count;
}

export function chunk<T>(items: T[], size: number): T[][] {
  const chunks: T[][] = [];
  for (let i = 0; i < items.length; i += size) {
    chunks.push(items.slice(i, i + size));
  }
  return chunks;
}

export function flattenDeep(nested: number[][]): number[] {
  return nested.flat();
}

export function zip<A, B>(left: A[], right: B[]): [A, B][] {
  return left.slice(0, Math.min(left.length, right.length)).map((value, i) => [value, right[i]]);
}

export function average(values: number[]): number {
  if (values.length === 0) {
    return 0;
  }
  return values.reduce((sum, v) => sum + v, 0) / values.length;
}

export function partition<T>(items: T[], test: (item: T) => boolean): [T[], T[]] {
  return [items.filter(test), items.filter((item) => !test(item))];
}

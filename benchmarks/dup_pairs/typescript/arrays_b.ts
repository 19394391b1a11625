// Array helpers, second author (same jobs, other ways).

export const addAll = (nums: number[]): number => nums.reduce((acc, n) => acc + n, 0);

export function distinct<T>(list: T[]): T[] {
  return list.filter((element, index) => list.indexOf(element) === index);
}

export const sequence = (n: number): number[] => Array.from({ length: n }, (_, i) => i);

export function bucketize<T>(records: T[], by: (record: T) => string): Record<string, T[]> {
  return records.reduce((acc, record) => {
    const bucket = by(record);
    (acc[bucket] = acc[bucket] || []).push(record);
    return acc;
  }, {} as Record<string, T[]>);
}

export function largest(list: number[]): number {
  let best = -Infinity;
  for (const n of list) {
    if (n > best) {
      best = n;
    }
  }
  return best;
}

export function tally<T>(list: T[], wanted: T): number {
  return list.filter((entry) => entry === wanted).length;
}

export function toBatches<T>(list: T[], batchSize: number): T[][] {
  return list.reduce((batches, entry, index) => {
    if (index % batchSize === 0) {
      batches.push([]);
    }
    batches[batches.length - 1].push(entry);
    return batches;
  }, [] as T[][]);
}

export function concatAll(arrays: number[][]): number[] {
  return arrays.reduce((acc, arr) => acc.concat(arr), [] as number[]);
}

export function pairUp<A, B>(first: A[], second: B[]): [A, B][] {
  const pairs: [A, B][] = [];
  const n = Math.min(first.length, second.length);
  for (let i = 0; i < n; i++) {
    pairs.push([first[i], second[i]]);
  }
  return pairs;
}

export function meanValue(numbers: number[]): number {
  if (numbers.length === 0) {
    return 0;
  }
  let sum = 0;
  for (const n of numbers) {
    sum += n;
  }
  return sum / numbers.length;
}

export function splitBy<T>(list: T[], predicate: (entry: T) => boolean): [T[], T[]] {
  const yes: T[] = [];
  const no: T[] = [];
  for (const entry of list) {
    (predicate(entry) ? yes : no).push(entry);
  }
  return [yes, no];
}

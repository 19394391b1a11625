// Look-alikes that behave differently.

export function productArray(values: number[]): number {
  let total = 1;
  for (const value of values) {
    total *= value;
  }
  return total;
}

export function countDifferent<T>(items: T[], target: T): number {
  let count = 0;
  for (const item of items) {
    if (item !== target) {
      count++;
    }
  }
  return count;
}

export function minOfList(list: number[]): number {
  let best = Infinity;
  for (const n of list) {
    if (n < best) {
      best = n;
    }
  }
  return best;
}

export function formatTime(date: Date): string {
  const hours = String(date.getHours()).padStart(2, "0");
  const minutes = String(date.getMinutes()).padStart(2, "0");
  const seconds = String(date.getSeconds()).padStart(2, "0");
  return `${hours}:${minutes}:${seconds}`;
}

export function sortAscending(values: number[]): number[] {
  const copy = [...values];
  copy.sort((a, b) => a - b);
  return copy.filter((v) => Number.isFinite(v));
}

export function sortDescending(values: number[]): number[] {
  const copy = [...values];
  copy.sort((a, b) => b - a);
  return copy.filter((v) => Number.isFinite(v));
}

export function withTax(prices: number[]): number[] {
  const out: number[] = [];
  for (const price of prices) {
    out.push(Math.round(price * 1.2 * 100) / 100);
  }
  return out;
}

export function withDiscount(prices: number[]): number[] {
  const out: number[] = [];
  for (const price of prices) {
    out.push(Math.round(price * 0.8 * 100) / 100);
  }
  return out;
}

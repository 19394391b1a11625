export function atom<T>(value: T): { get(): T; set(next: T): void }

export function useCounter() {
  return { count: 0 };
}

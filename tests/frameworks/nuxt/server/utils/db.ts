export function useDb() {
  return {};
}

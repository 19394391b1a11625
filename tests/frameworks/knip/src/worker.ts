export function onMessage() {
  return 1
}

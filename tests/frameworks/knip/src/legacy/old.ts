export function keptOnPurpose() {
  return 2
}

export function installMatchers() {
  return true;
}

export function clean() {
  return true;
}

export function unusedWatch() {
  return false;
}

console.log('start')

export function unusedHelper() {
  return 3
}

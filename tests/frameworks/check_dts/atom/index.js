export function atom(value) {
  return { get: () => value, set: next => { value = next } }
}

function leftoverHelper() {
  return 1
}

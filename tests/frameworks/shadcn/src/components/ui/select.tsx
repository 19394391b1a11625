export function Select() {
  return null
}

export function SelectLabel() {
  return null
}

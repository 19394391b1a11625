import { Select } from './components/ui/select'

console.log(Select)

export function unusedHelper() {
  return 1
}

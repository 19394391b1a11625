import type { PlopTypes } from '@turbo/gen'

export default function generator(plop: PlopTypes.NodePlopAPI): void {
  plop.setGenerator('hook', { description: 'a new hook', prompts: [], actions: [] })
}

export function leftoverHelper(): string {
  return 'unused'
}

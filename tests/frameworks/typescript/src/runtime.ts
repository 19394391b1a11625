export function h(tag: string, props: object): object {
  return { tag, props };
}

export namespace JSX {
  export interface IntrinsicElements {
    div: object;
  }
  export interface ElementChildrenAttribute {
    children: object;
  }
  export type Element = object;
}

function unusedNormalize(tag: string): string {
  return tag.toLowerCase();
}

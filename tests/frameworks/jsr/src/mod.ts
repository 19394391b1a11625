import { pad } from "./internal.ts";

export function greet(name: string): string {
  return pad(`hello ${name}`);
}

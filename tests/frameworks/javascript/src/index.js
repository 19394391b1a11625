import { Money } from "./money.js";

const total = new Money(5);
console.log(`${total}`);

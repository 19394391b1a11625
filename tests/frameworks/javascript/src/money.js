export class Money {
  constructor(amount) {
    this.amount = amount;
  }

  toString() {
    return `${this.amount} EUR`;
  }

  toJSON() {
    return { amount: this.amount };
  }

  unusedFormat() {
    return "never";
  }
}

function roundCents(value) {
  return Math.round(value * 100) / 100;
}

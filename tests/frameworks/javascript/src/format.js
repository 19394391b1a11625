export function formatAmount(value) {
  return `${value}.00`;
}

export function formatPercent(value) {
  return `${value}%`;
}

function padLeft(text) {
  return ` ${text}`;
}

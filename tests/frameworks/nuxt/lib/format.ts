function unusedFormat(value: number): string {
  return value.toFixed(2);
}

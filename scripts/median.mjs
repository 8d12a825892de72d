// The median the measurement scripts report and judge on.

/// The middle of `numbers` (of an even count, the mean of the two middle).
export function median(numbers) {
  const sorted = [...numbers].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

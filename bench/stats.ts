/** The value at `fraction` (0.95: the p95) of values sorted in ascending order, by the nearest rank; NaN for none. */
export function percentile(sorted: number[], fraction: number): number {
  return sorted[Math.max(0, Math.ceil(fraction * sorted.length) - 1)] ?? Number.NaN;
}

/** Median, min and max of a figure over several runs, with the runs themselves. */
export interface Summary {
  median: number;
  min: number;
  max: number;
  runs: number[];
}

export function summarize(values: number[]): Summary {
  if (values.length === 0) throw new Error('no runs to summarize');
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  const median = sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
  return { median, min: sorted[0]!, max: sorted[sorted.length - 1]!, runs: values };
}

/** The 99th percentile (nearest rank) of a run's latencies. */
export function p99(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.99) - 1)]!;
}

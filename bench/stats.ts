/** p50/p95/max of a list of durations in ms. */
export function summarize(durations: number[]): { n: number; p50: number; p95: number; max: number; mean: number } {
  const sorted = [...durations].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))];
  const mean = sorted.reduce((s, d) => s + d, 0) / Math.max(1, sorted.length);
  const round = (x: number) => Math.round(x * 10) / 10;
  return { n: sorted.length, p50: round(at(0.5)), p95: round(at(0.95)), max: round(sorted[sorted.length - 1] ?? 0), mean: round(mean) };
}

export function table(rows: Record<string, string | number>[]): string {
  if (rows.length === 0) return '';
  // every row's columns, in order of first appearance (rows set side by side may differ)
  const keys = [...new Set(rows.flatMap((r) => Object.keys(r)))];
  const line = (cells: (string | number)[]) => `| ${cells.join(' | ')} |`;
  return [line(keys), line(keys.map(() => '---')), ...rows.map((r) => line(keys.map((k) => r[k] ?? '')))].join('\n');
}

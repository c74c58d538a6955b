/**
 * One budget's result, as every part of `npm run bench` reports it (bench/results.json "checks").
 * `floor`: what the framework floor measures for the same check.
 */
export type Check = {
  name: string;
  value: string;
  floor: string;
  budget: string;
  ok: boolean | null;
  /** Over budget, but the floor itself is: why, measured (not counted as exceeded). */
  floorBound?: string;
};

/** Prints rows under their headers as a plain-text table: the first column left, the rest right. */
export function table(headers: string[], rows: (string | number)[][]) {
  const cells = [headers, ...rows.map((r) => r.map(String))];
  const widths = headers.map((_, i) => Math.max(...cells.map((r) => (r[i] ?? "").length)));
  const line = (r: string[]) =>
    r.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join("  ");
  console.log(line(headers));
  console.log(widths.map((w) => "-".repeat(w)).join("  "));
  for (const r of cells.slice(1)) console.log(line(r));
}

/** Pure functions checked as tables of inputs and outputs. */
import { expect } from "vitest";

/** Each row's input must give the row's output; a failure shows every row that differs. */
export function expectOutputs<I, O>(fn: (input: I) => O, rows: [I, O][]) {
  expect(rows.map(([input]) => [input, fn(input)])).toEqual(rows);
}

/**
 * CSV files staff open in a spreadsheet (the newsletter export, a departure's manifest), written by
 * csv-stringify with every field quoted: a line break inside a traveller's note stays inside its
 * cell (with an explicit record delimiter, csv-stringify no longer quotes a bare line break on its
 * own, so the rest of the note would become a row of its own). And every line of every cell that
 * a spreadsheet would read as a formula (starting with =, +, -, @, tab or carriage return) is
 * neutralised with a leading apostrophe, so a booking's free text can never plant a live formula.
 */
import { stringify } from "csv-stringify/sync";

const FORMULA_START = /^[=+\-@\t\r]/;
const LINE_BREAK = /(\r\n|\r|\n)/;

/** A cell a spreadsheet shows as text: '=1+1' becomes "'=1+1", on each of its lines. */
export function neutralizeCell(value: string): string {
  // The cell's own start (a leading CR or tab included), then the start of each line after a break.
  return value
    .split(LINE_BREAK)
    .map((part, i) =>
      i % 2 === 0 && FORMULA_START.test(i === 0 ? value : part) ? `'${part}` : part,
    )
    .join("");
}

/** CSV text of some rows (CRLF lines, every field quoted), with the header line first when `header`. */
export function csvText(
  rows: readonly (readonly string[])[],
  columns: readonly string[],
  { header = true }: { header?: boolean } = {},
): string {
  return stringify(
    rows.map((row) => row.map(neutralizeCell)),
    { header, columns: [...columns], record_delimiter: "\r\n", quoted: true, quoted_empty: true },
  );
}

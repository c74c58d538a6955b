/**
 * The newsletter CSV export's rows (spec section 9, admin-checklist A88-A90): header
 * 'Email,Subscribed Date', dates 'yyyy-MM-dd HH:mm:ss' in Kampala, written by csv-stringify (quotes,
 * commas and line breaks escaped), and every cell that a spreadsheet would read as a formula
 * (starting with =, +, -, @, tab or carriage return) neutralised with a leading apostrophe.
 */
import { stringify } from "csv-stringify/sync";

import { OPERATOR_TIME_ZONE } from "@/lib/validations/fields";

export const CSV_HEADER = ["Email", "Subscribed Date"] as const;

const FORMULA_START = /^[=+\-@\t\r]/;

/** A cell a spreadsheet shows as text: '=1+1' becomes "'=1+1". */
export function neutralizeCell(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

const parts = new Intl.DateTimeFormat("en-GB", {
  timeZone: OPERATOR_TIME_ZONE,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
  hourCycle: "h23",
});

/** 'yyyy-MM-dd HH:mm:ss' of an instant in Kampala. */
export function csvDateTime(value: Date): string {
  const p = Object.fromEntries(parts.formatToParts(value).map((x) => [x.type, x.value]));
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}:${p.second}`;
}

/** 'newsletter-subscribers-{yyyy-MM-dd}.csv', the day in Kampala. */
export function exportFileName(now: Date = new Date()): string {
  return `newsletter-subscribers-${csvDateTime(now).slice(0, 10)}.csv`;
}

export type ExportRow = { email: string; subscribedAt: Date };

/** CSV text of some rows, with the header line first when `header`. */
export function csvChunk(rows: ExportRow[], { header = false } = {}): string {
  return stringify(
    rows.map((r) => [neutralizeCell(r.email), neutralizeCell(csvDateTime(r.subscribedAt))]),
    { header, columns: [...CSV_HEADER], record_delimiter: "\r\n" },
  );
}

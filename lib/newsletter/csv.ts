/**
 * The newsletter CSV export's rows: header 'Email,Subscribed Date', dates 'yyyy-MM-dd HH:mm:ss' in
 * Kampala, written as every staff CSV is (lib/csv.ts: fields quoted, formulas neutralised).
 */
import { csvText } from "@/lib/csv";
import { OPERATOR_TIME_ZONE } from "@/lib/dates";

export const CSV_HEADER = ["Email", "Subscribed Date"] as const;

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

const HOUR_MS = 3_600_000;
/** Kampala's UTC offset by UTC hour: Intl's formatToParts is slow, and 50,000 rows call this. */
const offsets = new Map<number, number>();

function kampalaOffsetMs(instant: number): number {
  const hour = Math.floor(instant / HOUR_MS);
  let offset = offsets.get(hour);
  if (offset === undefined) {
    const p = Object.fromEntries(
      parts.formatToParts(new Date(hour * HOUR_MS)).map((x) => [x.type, Number(x.value)]),
    );
    offset =
      Date.UTC(p.year!, p.month! - 1, p.day!, p.hour!, p.minute!, p.second!) - hour * HOUR_MS;
    if (offsets.size >= 10_000) offsets.clear();
    offsets.set(hour, offset);
  }
  return offset;
}

/** 'yyyy-MM-dd HH:mm:ss' of an instant in Kampala. */
export function csvDateTime(value: Date): string {
  const iso = new Date(value.getTime() + kampalaOffsetMs(value.getTime())).toISOString();
  return `${iso.slice(0, 10)} ${iso.slice(11, 19)}`;
}

/** 'newsletter-subscribers-{yyyy-MM-dd}.csv', the day in Kampala. */
export function exportFileName(now: Date = new Date()): string {
  return `newsletter-subscribers-${csvDateTime(now).slice(0, 10)}.csv`;
}

export type ExportRow = { email: string; subscribedAt: Date };

/** CSV text of some rows, with the header line first when `header`. */
export function csvChunk(rows: ExportRow[], { header = false } = {}): string {
  return csvText(
    rows.map((r) => [r.email, csvDateTime(r.subscribedAt)]),
    CSV_HEADER,
    { header },
  );
}

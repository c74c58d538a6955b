import { RowHeader } from "@/components/admin/list/data-table";
import { formatDayTime } from "@/lib/dates";

/** A moment as the lists show it, Kampala time ('Mar 01, 2027 12:30'). */
export function When({ at }: { at: string }) {
  return <time dateTime={at}>{formatDayTime(at)}</time>;
}

/** A row's naming cell when it is a moment (the activity's, the payment's). */
export function TimeHeader({ at }: { at: string }) {
  return (
    <RowHeader className="font-normal whitespace-nowrap tabular-nums">
      <When at={at} />
    </RowHeader>
  );
}

/** A card's subtitle when it is the moment of its row. */
export function CardTime({ at }: { at: string }) {
  return (
    <span className="text-xs tabular-nums">
      <When at={at} />
    </span>
  );
}

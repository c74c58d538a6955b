import {
  cancellationLines,
  type PermitCancellation,
  UWA_CANCELLATION_SCHEDULE,
  uwaKeeps,
} from "@/lib/parks/rules";

/** The schedule in one line: '91 days or more: 25 % kept · 46 to 90 days: 50 % kept · ...'. */
const scheduleText = UWA_CANCELLATION_SCHEDULE.map((band) => {
  const { keepPercent, band: days } = uwaKeeps(band.fromDays);
  return `${days}: ${keepPercent} % kept`;
}).join(" · ");

/**
 * What UWA keeps of the booking's permits if it is cancelled today, shown in the Status form as
 * soon as staff choose Cancelled and before they save it.
 */
export function PermitCancellationNotice({ cancellation }: { cancellation: PermitCancellation }) {
  return (
    <section
      aria-label="What UWA keeps"
      className="grid gap-1 rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950"
    >
      <p className="font-semibold">What UWA keeps of the permits</p>
      {cancellationLines(cancellation).map((line) => (
        <p key={line}>{line}</p>
      ))}
      <p className="text-xs">
        UWA&apos;s cancellation schedule as the operator set it: {scheduleText}. Check it with
        UWA&apos;s reservations office.
      </p>
    </section>
  );
}

import { formatTripDay } from "@/lib/dates";
import type { TripPlan } from "@/lib/proposals/data/plan";

/**
 * A tailor-made trip's day-by-day plan where the booking is shown (My Bookings' details): each
 * day's date, title and place, with what the day holds. Plain markup, for a server or a client
 * component alike.
 */
export function TripPlanSection({ plan }: { plan: TripPlan }) {
  return (
    <section
      aria-labelledby={`plan-${plan.reference}`}
      className="rounded-xl border border-border/70 p-4"
    >
      <h3
        id={`plan-${plan.reference}`}
        className="mb-2 text-sm font-semibold tracking-wide text-forest-deep uppercase"
      >
        Your plan, day by day
      </h3>
      <ol className="grid gap-3">
        {plan.days.map((day) => (
          <li key={day.day} className="grid grid-cols-[2.25rem_minmax(0,1fr)] gap-3 text-sm">
            <span className="grid size-8 place-items-center rounded-full bg-forest-deep text-xs font-bold text-white">
              <span className="sr-only">Day </span>
              {day.day}
            </span>
            <div className="min-w-0">
              <p className="text-xs text-muted-foreground">
                {formatTripDay(day.date)} · {day.place}
              </p>
              <p className="font-medium break-words text-foreground">{day.title}</p>
              {day.lines.length > 0 ? (
                <ul className="mt-1 list-disc pl-4 text-muted-foreground">
                  {day.lines.map((line, i) => (
                    <li key={i} className="break-words">
                      {line}
                    </li>
                  ))}
                </ul>
              ) : null}
            </div>
          </li>
        ))}
      </ol>
      <p className="mt-3 text-xs text-muted-foreground">
        From proposal {plan.reference}, version {plan.version}.
      </p>
    </section>
  );
}

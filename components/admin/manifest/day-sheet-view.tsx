import Link from "next/link";

import { bookingRef } from "@/lib/bookings/labels";
import type { DaySheet } from "@/lib/departures/data/manifest";
import { departureRange } from "@/lib/departures/rules";

import { PrintButton } from "./print-button";

/**
 * The guide's day sheet: the departure and its travellers on one printed page (the print stylesheet is
 * app/admin/(print)/day-sheet.css). No prices, no payment, no email: what the guide carries.
 */
export function DaySheetView({ sheet }: { sheet: DaySheet }) {
  const { departure, bookings } = sheet;
  const travellers = bookings.reduce((n, b) => n + b.travellers.length, 0);
  return (
    <article className="grid gap-4 text-sm" aria-labelledby="day-sheet-title">
      <div className="day-sheet-screen-only flex flex-wrap items-center justify-between gap-3">
        <Link
          href={`/admin/departures/${departure.id}`}
          className="text-sm font-medium text-primary underline-offset-4 hover:underline"
        >
          Back to the manifest
        </Link>
        <PrintButton />
      </div>

      <header className="grid gap-1 border-b border-border pb-3">
        <p className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">
          Day sheet
        </p>
        <h1 id="day-sheet-title" className="font-display text-2xl font-bold text-forest-deep">
          {departure.tourTitle}
        </h1>
        <dl className="grid grid-cols-2 gap-x-6 gap-y-1 sm:grid-cols-3">
          <div>
            <dt className="text-xs text-muted-foreground">Dates</dt>
            <dd className="font-medium">
              {departureRange(departure.startDate, departure.endDate)}
            </dd>
          </div>
          <div>
            <dt className="text-xs text-muted-foreground">Guide</dt>
            <dd className="font-medium">
              {departure.guide
                ? `${departure.guide.fullName}${departure.guide.phone ? ` · ${departure.guide.phone}` : ""}`
                : "Not assigned yet"}
            </dd>
          </div>
          <div>
            <dt className="text-xs text-muted-foreground">Travellers</dt>
            <dd className="font-medium">
              {travellers} in {bookings.length} {bookings.length === 1 ? "booking" : "bookings"}
            </dd>
          </div>
        </dl>
        <div className="mt-1">
          <p className="text-xs text-muted-foreground">Meeting notes</p>
          <p className="break-words whitespace-pre-line">{departure.note ?? "None given."}</p>
        </div>
      </header>

      {bookings.length === 0 ? (
        <p className="text-muted-foreground">No bookings on this departure yet.</p>
      ) : (
        <table className="w-full border-collapse text-left">
          <caption className="sr-only">Travellers by booking</caption>
          <thead>
            <tr className="border-b border-border text-xs text-muted-foreground uppercase">
              <th scope="col" className="px-2 py-1.5">
                #
              </th>
              <th scope="col" className="px-2 py-1.5">
                Name (as on passport)
              </th>
              <th scope="col" className="px-2 py-1.5">
                Nationality
              </th>
              <th scope="col" className="px-2 py-1.5">
                Dietary
              </th>
              <th scope="col" className="px-2 py-1.5">
                Medical
              </th>
              <th scope="col" className="px-2 py-1.5">
                Booking contact
              </th>
            </tr>
          </thead>
          {bookings.map((b) => (
            <tbody key={b.id} className="border-b border-border/70">
              {b.travellers.map((t, i) => (
                <tr key={t.position} className="align-top">
                  <td className="px-2 py-1.5 tabular-nums">{t.position}</td>
                  <th
                    scope="row"
                    className={
                      t.given ? "px-2 py-1.5 font-medium" : "px-2 py-1.5 font-normal italic"
                    }
                  >
                    {t.fullName}
                  </th>
                  <td className="px-2 py-1.5">{t.nationality ?? ""}</td>
                  <td className="px-2 py-1.5 break-words">{t.dietary ?? ""}</td>
                  <td className="px-2 py-1.5 break-words">{t.medical ?? ""}</td>
                  {i === 0 ? (
                    <td rowSpan={b.travellers.length} className="px-2 py-1.5">
                      <span className="block font-medium">{b.leadName}</span>
                      <span className="block whitespace-nowrap">{b.phone}</span>
                      <span className="block font-mono text-xs text-muted-foreground">
                        {bookingRef(b.id)}
                      </span>
                    </td>
                  ) : null}
                </tr>
              ))}
            </tbody>
          ))}
        </table>
      )}
    </article>
  );
}

import { format } from "date-fns/format";
import { parseISO } from "date-fns/parseISO";
import Link from "next/link";

import { bookingRef } from "@/lib/bookings/labels";
import type { DaySheet } from "@/lib/departures/data/manifest";
import { permitLine } from "@/lib/departures/manifest";
import { site } from "@/lib/site";

import { PrintButton } from "./print-button";

/** 'Wed 9 Dec - Sun 13 Dec 2026': a guide plans by the weekday. */
function weekdayRange(startDate: string, endDate: string): string {
  const start = parseISO(startDate);
  const end = parseISO(endDate);
  if (startDate === endDate) return format(start, "EEE d MMM yyyy");
  const sameYear = start.getFullYear() === end.getFullYear();
  return `${format(start, sameYear ? "EEE d MMM" : "EEE d MMM yyyy")} - ${format(end, "EEE d MMM yyyy")}`;
}

/** A phone number as a link a phone dials with one tap. */
function PhoneLink({ phone }: { phone: string }) {
  return (
    <a
      href={`tel:${phone.replace(/[^\d+]/g, "")}`}
      className="font-medium whitespace-nowrap text-primary underline underline-offset-2"
    >
      {phone}
    </a>
  );
}

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="font-medium break-words">{children}</dd>
    </div>
  );
}

// On a phone each row is a block of its own (no sideways scrolling); from 640 px and on paper,
// a table. The explicit roles keep it a table for screen readers whatever its display.
const CELL = "block px-2 py-0.5 sm:table-cell sm:py-1.5";

/**
 * The guide's day sheet: the company, the departure and its travellers on one printed page (the
 * print stylesheet is app/admin/(print)/day-sheet.css), readable on a phone without sideways
 * scrolling. No prices, no payment, no email: what the guide carries.
 */
export function DaySheetView({ sheet }: { sheet: DaySheet }) {
  const { departure, bookings } = sheet;
  const travellers = bookings.reduce((n, b) => n + b.travellers.length, 0);
  // A permit tour: each trekker's UWA permit number, which the guide shows at the park gate.
  const permits = departure.permitFee !== null;
  return (
    <article className="grid min-w-0 gap-4 text-sm" aria-labelledby="day-sheet-title">
      <div className="day-sheet-screen-only flex flex-wrap items-center justify-between gap-3">
        <Link
          href={`/admin/departures/${departure.id}`}
          className="text-sm font-medium text-primary underline-offset-4 hover:underline"
        >
          Back to the manifest
        </Link>
        <PrintButton />
      </div>

      <div
        className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 border-b border-border pb-2"
        aria-label="Company"
        role="group"
      >
        <p className="font-display text-base font-bold text-forest-deep">{site.name}</p>
        <p className="text-xs">
          Emergency (24 h): <PhoneLink phone={site.phone} />
          <span className="block text-muted-foreground sm:inline sm:before:content-['_·_']">
            {site.address}
          </span>
        </p>
      </div>

      <header className="grid gap-1 border-b border-border pb-3">
        <p className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">
          Day sheet
        </p>
        <h1 id="day-sheet-title" className="font-display text-2xl font-bold text-forest-deep">
          {departure.tourTitle}
        </h1>
        <dl className="grid grid-cols-1 gap-x-6 gap-y-1 sm:grid-cols-3">
          <Fact label="Dates">{weekdayRange(departure.startDate, departure.endDate)}</Fact>
          <Fact label="Guide">
            {departure.guide ? (
              <>
                {departure.guide.fullName}
                {departure.guide.phone ? (
                  <>
                    {" · "}
                    <PhoneLink phone={departure.guide.phone} />
                  </>
                ) : null}
              </>
            ) : (
              "Not assigned yet"
            )}
          </Fact>
          <Fact label="Travellers">
            {travellers} in {bookings.length} {bookings.length === 1 ? "booking" : "bookings"}
          </Fact>
          <Fact label="Pickup">{departure.pickup ?? "Not set on the tour."}</Fact>
        </dl>
        <div className="mt-1">
          <p className="text-xs text-muted-foreground">Meeting notes</p>
          <p className="break-words whitespace-pre-line">{departure.note ?? "None given."}</p>
        </div>
      </header>

      {bookings.length === 0 ? (
        <p className="text-muted-foreground">No bookings on this departure yet.</p>
      ) : (
        <table role="table" className="block w-full border-collapse text-left sm:table">
          <caption className="sr-only">Travellers by booking</caption>
          <thead className="sr-only sm:not-sr-only sm:table-header-group">
            <tr
              role="row"
              className="border-b border-border text-xs text-muted-foreground uppercase"
            >
              <th role="columnheader" scope="col" className="px-2 py-1.5">
                #
              </th>
              <th role="columnheader" scope="col" className="px-2 py-1.5">
                Name (as on passport)
              </th>
              {permits ? (
                <th role="columnheader" scope="col" className="px-2 py-1.5">
                  Permit
                </th>
              ) : null}
              <th role="columnheader" scope="col" className="px-2 py-1.5">
                Nationality
              </th>
              <th role="columnheader" scope="col" className="px-2 py-1.5">
                Dietary
              </th>
              <th role="columnheader" scope="col" className="px-2 py-1.5">
                Medical
              </th>
            </tr>
          </thead>
          {bookings.map((b) => {
            const notes = [
              b.requests.accommodation ? `Lodge: ${b.requests.accommodation}` : null,
              b.requests.dietary ? `Dietary (booking): ${b.requests.dietary}` : null,
              b.requests.specialRequests ? `Requests: ${b.requests.specialRequests}` : null,
            ].filter(Boolean);
            return (
              <tbody
                key={b.id}
                role="rowgroup"
                className="block border-b border-border/70 py-2 sm:table-row-group sm:py-0"
              >
                <tr role="row" className="block bg-muted/40 sm:table-row">
                  <td
                    role="cell"
                    colSpan={permits ? 6 : 5}
                    className="block px-2 py-1.5 sm:table-cell"
                  >
                    <span className="font-semibold">{b.leadName}</span>
                    {" · "}
                    <PhoneLink phone={b.phone} />
                    {" · "}
                    <span className="font-mono text-xs text-muted-foreground">
                      {bookingRef(b.id)}
                    </span>
                    {b.channel ? (
                      <span className="text-xs text-muted-foreground">
                        {" · "}Reseller: {b.channel}
                      </span>
                    ) : null}
                    {notes.map((n) => (
                      <span key={n} className="block break-words">
                        {n}
                      </span>
                    ))}
                  </td>
                </tr>
                {b.travellers.map((t) => (
                  <tr key={t.position} role="row" className="block py-1 align-top sm:table-row">
                    <td role="cell" className={`${CELL} tabular-nums max-sm:hidden`}>
                      {t.position}
                    </td>
                    <th
                      role="rowheader"
                      scope="row"
                      className={`${CELL} ${t.given ? "font-medium" : "font-normal italic"}`}
                    >
                      <span className="sm:hidden">{t.position}. </span>
                      {t.fullName}
                    </th>
                    {permits ? (
                      <td
                        role="cell"
                        className={`${CELL} break-words ${t.permit ? "font-medium" : "italic"}`}
                      >
                        {permitLine(t)}
                      </td>
                    ) : null}
                    <td role="cell" className={`${CELL} break-words`}>
                      {t.nationality ?? ""}
                    </td>
                    <td role="cell" className={`${CELL} break-words`}>
                      {t.dietary ? (
                        <>
                          <span className="text-muted-foreground sm:hidden">Dietary: </span>
                          {t.dietary}
                        </>
                      ) : null}
                    </td>
                    <td role="cell" className={`${CELL} break-words`}>
                      {t.medical ? (
                        <>
                          <span className="text-muted-foreground sm:hidden">Medical: </span>
                          {t.medical}
                        </>
                      ) : null}
                    </td>
                  </tr>
                ))}
              </tbody>
            );
          })}
        </table>
      )}
    </article>
  );
}

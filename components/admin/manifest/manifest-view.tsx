import {
  Cell,
  CardFacts,
  CardHeader,
  DataTable,
  RowHeader,
} from "@/components/admin/list/data-table";
import { Detail } from "@/components/admin/bookings/dialog-section";
import { Users } from "@/components/icons";
import { EmptyState } from "@/components/shared/empty-state";
import { PaymentBadge, StatusBadge } from "@/components/shared/status-badge";
import { bookingRef } from "@/lib/bookings/labels";
import type { Manifest, ManifestBooking } from "@/lib/departures/data/manifest";
import { departureRange } from "@/lib/departures/rules";
import { type ManifestTraveller, permitLine } from "@/lib/departures/manifest";
import { staffHoldBadge } from "@/lib/departures/schemas/staff-hold";
import { cn } from "@/lib/utils";

const COLUMNS = [
  { label: "Booking" },
  { label: "Contact" },
  { label: "Group", end: true },
  { label: "Payment" },
  { label: "Travellers (as on passports)" },
];

/** The departure's header: tour, dates, seats, guide, status and the meeting notes. */
export function ManifestHeader({ departure }: { departure: Manifest["departure"] }) {
  const facts = [
    { label: "Dates", value: departureRange(departure.startDate, departure.endDate) },
    { label: "Seats", value: `${departure.seatsTaken} of ${departure.capacity} taken` },
    {
      label: "Guide",
      value: departure.guide
        ? `${departure.guide.fullName}${departure.guide.phone ? ` · ${departure.guide.phone}` : ""}`
        : "Not assigned yet",
    },
    { label: "Status", value: <span className="capitalize">{departure.status}</span> },
  ];
  return (
    <section
      aria-label="Departure"
      className="grid gap-4 rounded-2xl border border-border/70 bg-card p-4 shadow-sm sm:p-5"
    >
      <dl className="grid grid-cols-2 gap-x-4 gap-y-3 lg:grid-cols-4">
        {facts.map((f) => (
          <Detail key={f.label} label={f.label} value={f.value} />
        ))}
      </dl>
      {departure.note ? (
        <div>
          <p className="text-xs text-muted-foreground">Notes</p>
          <p className="text-sm break-words whitespace-pre-line">{departure.note}</p>
        </div>
      ) : null}
    </section>
  );
}

/**
 * One traveller: the name as on the passport, on a permit tour their permit (UWA's number), then
 * nationality, dietary and medical notes.
 */
export function TravellerLine({ traveller: t }: { traveller: ManifestTraveller }) {
  const permit = permitLine(t);
  const notes = [
    t.nationality,
    t.dietary ? `Dietary: ${t.dietary}` : null,
    t.medical ? `Medical: ${t.medical}` : null,
  ].filter(Boolean);
  return (
    <li className="min-w-0">
      <span className={cn("font-medium", !t.given && "text-muted-foreground italic")}>
        {t.given ? `${t.position}. ${t.fullName}` : t.fullName}
      </span>
      {permit ? (
        <span
          className={cn(
            "block text-xs break-words",
            t.permit ? "font-medium" : "font-medium text-destructive",
          )}
        >
          {permit}
        </span>
      ) : null}
      {notes.length ? (
        <span className="block text-xs break-words text-muted-foreground">{notes.join(" · ")}</span>
      ) : null}
    </li>
  );
}

/**
 * The booking's payment, and for seats staff hold unpaid, that they are a hold and until when:
 * staff tell them from paid bookings at a glance.
 */
function Payment({ booking }: { booking: ManifestBooking }) {
  return (
    <span className="inline-flex flex-wrap items-center gap-1">
      <PaymentBadge status={booking.paymentStatus} />
      {booking.staffHoldUntil ? (
        <StatusBadge tone="waiting" status="staff-hold">
          {staffHoldBadge(booking.staffHoldUntil)}
        </StatusBadge>
      ) : null}
    </span>
  );
}

function Travellers({ booking }: { booking: ManifestBooking }) {
  const { accommodation, dietary, specialRequests } = booking.requests;
  // What the traveller wrote for the whole group when booking, above the travellers' own notes.
  const notes = [
    accommodation ? `Accommodation: ${accommodation}` : null,
    dietary ? `Dietary (booking): ${dietary}` : null,
    specialRequests ? `Requests: ${specialRequests}` : null,
  ].filter((n): n is string => n !== null);
  return (
    <div className="grid gap-1.5">
      {notes.length ? (
        <ul className="grid gap-0.5 text-xs break-words" aria-label="Booking notes">
          {notes.map((n) => (
            <li key={n}>{n}</li>
          ))}
        </ul>
      ) : null}
      <ol className="grid gap-1.5" aria-label={`Travellers of ${booking.leadName}'s booking`}>
        {booking.travellers.map((t) => (
          <TravellerLine key={t.position} traveller={t} />
        ))}
      </ol>
    </div>
  );
}

/** The live bookings of the departure and their travellers: a table on desktop, cards on phone. */
export function ManifestBookings({ bookings }: { bookings: ManifestBooking[] }) {
  if (bookings.length === 0) {
    return (
      <EmptyState icon={Users} title="No bookings yet">
        Bookings on this departure appear here with their travellers.
      </EmptyState>
    );
  }
  const travellers = bookings.reduce((n, b) => n + b.travellers.length, 0);
  return (
    <div className="grid gap-3">
      <p className="text-sm text-muted-foreground" role="status">
        {bookings.length} {bookings.length === 1 ? "booking" : "bookings"}, {travellers}{" "}
        {travellers === 1 ? "traveller" : "travellers"}
      </p>
      <DataTable
        caption="Manifest: bookings and their travellers"
        cardsLabel="Manifest"
        columns={COLUMNS}
        rows={bookings}
        minWidth="56rem"
        row={(b) => (
          <>
            <RowHeader className="align-top">
              {b.leadName}
              <span className="block font-mono text-xs font-normal text-muted-foreground">
                {bookingRef(b.id)}
              </span>
              {b.channel ? (
                <span className="block text-xs font-normal text-muted-foreground">
                  Reseller: {b.channel}
                </span>
              ) : null}
            </RowHeader>
            <Cell className="align-top">
              <span className="block break-all">{b.email}</span>
              <span className="block text-muted-foreground">{b.phone}</span>
            </Cell>
            <Cell end className="align-top">
              {b.groupSize}
            </Cell>
            <Cell className="align-top">
              <Payment booking={b} />
            </Cell>
            <Cell className="align-top">
              <Travellers booking={b} />
            </Cell>
          </>
        )}
        card={(b) => (
          <>
            <CardHeader
              title={b.leadName}
              subtitle={`Booking ${bookingRef(b.id)}${b.channel ? ` · Reseller: ${b.channel}` : ""}`}
              aside={<Payment booking={b} />}
            />
            <CardFacts
              facts={[
                { label: "Phone", value: b.phone },
                { label: "Group", value: b.groupSize },
                {
                  label: "Email",
                  value: <span className="break-all">{b.email}</span>,
                  wide: true,
                },
              ]}
            />
            <Travellers booking={b} />
          </>
        )}
      />
    </div>
  );
}

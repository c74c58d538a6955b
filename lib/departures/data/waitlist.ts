import "server-only";

import { and, asc, eq, inArray, lte, sql } from "drizzle-orm";

import { getDb, type Tx } from "@/db";
import { departures, departureWaitlist, tours } from "@/db/schema";
import { SYSTEM, VISITOR } from "@/lib/audit/events";
import { formatDayTimeLong, todayInKampala } from "@/lib/dates";
import { departureRange, isOnSale, sellsDepartures } from "@/lib/departures/rules";
import { queueEmail } from "@/lib/email";
import {
  waitlistJoined,
  type WaitlistMailData,
  waitlistOffer,
  waitlistReleased,
} from "@/lib/email/templates";
import { env } from "@/lib/env";
import { DomainError } from "@/lib/errors";
import { hashToken, newToken } from "@/lib/accounts/tokens";

import { recordAudit } from "@/lib/audit/data/trail";
import { lockDeparture, readDeparture, seatsTakenOf, sweepSeats } from "./seats";

/**
 * The waitlist of full departures. When seats come back (a booking cancelled or lapsed, a
 * capacity raised, an offer unused), the first waiting request that fits is offered them: a
 * mailed link that holds the seats for a day.
 *
 * Locks, always in this order so that two of these never wait on each other: an offered row
 * (a booking using its link, an offer lapsing), then the departure's row, then its waiting rows.
 * A join only reads its own rows under the departure's lock and updates a waiting one.
 */

/** How long an offer's seats are held for the request it was made to. */
export const HOLD_HOURS = 24;
const HOLD_MS = HOLD_HOURS * 60 * 60 * 1000;

/** A request's columns its mails need: who asked, their email, for how many. */
export const requestForMail = {
  id: departureWaitlist.id,
  fullName: departureWaitlist.fullName,
  email: departureWaitlist.email,
  groupSize: departureWaitlist.groupSize,
};

/** What a request's mails say of its departure. */
type DepartureForMail = { tourTitle: string; tourSlug: string; dateText: string };

/** The departure's tour (title, slug, whether it sells departures) for the checks and the mails. */
async function departureTour(tx: Tx, departureId: string) {
  const row = await readDeparture(tx, departureId, {
    title: tours.title,
    slug: tours.slug,
    isActive: tours.isActive,
    bookingMode: tours.bookingMode,
    startDate: departures.startDate,
    endDate: departures.endDate,
  });
  if (!row) return null;
  const forMail: DepartureForMail = {
    tourTitle: row.title,
    tourSlug: row.slug,
    dateText: departureRange(row.startDate, row.endDate),
  };
  return { ...forMail, onSale: row.isActive && sellsDepartures(row.bookingMode) };
}

/** Seats taken and held on a departure, holds counted as of `now`. Read under its lock. */
async function seatsBooked(tx: Tx, departureId: string, now: Date) {
  const [row] = await tx
    .select({
      taken: seatsTakenOf(departureId),
      held: sql<number>`(select coalesce(sum(${departureWaitlist.groupSize}), 0)::int from ${departureWaitlist} where ${departureWaitlist.departureId} = ${departureId} and ${departureWaitlist.status} = 'offered' and ${departureWaitlist.holdExpiresAt} > ${now.toISOString()}::timestamptz)`,
    })
    .from(sql`(select 1) as one`);
  return Number(row?.taken ?? 0) + Number(row?.held ?? 0);
}

/* ------------------------------------------------------------------------------------------ */
/* Joining                                                                                     */
/* ------------------------------------------------------------------------------------------ */

export type JoinWaitlistInput = {
  departureId: string;
  fullName: string;
  /** Normalized by the waitlist schema: trimmed, lowercased. */
  email: string;
  groupSize: number;
};

/**
 * 'joined': a new request; 'updated': their waiting request now has this group size; 'offered':
 * seats are already held for them (their mail has the link), nothing changed.
 */
export type JoinWaitlistResult = { status: "joined" | "updated" | "offered" };

/**
 * A visitor's request to be told when seats free up on a full departure. Public. The departure
 * must be on sale (open, of an active tour, before its cutoff): else `departure_unavailable`. A
 * group larger than the departure itself is refused with `group_too_large` (no seats freed could
 * ever take it); a group that fits in the seats left with `seats_available` (they book directly). One
 * live request per email and departure: joining again changes the group size of the waiting one.
 */
export async function joinWaitlist(
  input: JoinWaitlistInput,
  today: string = todayInKampala(),
): Promise<JoinWaitlistResult> {
  const db = await getDb();
  const result = await db.transaction(async (tx) => {
    // Joins, offers and bookings of this departure queue here: the seats read below stand.
    const departure = await lockDeparture(tx, input.departureId);
    const tour = departure ? await departureTour(tx, departure.id) : null;
    if (!departure || !tour?.onSale || !isOnSale(departure, today)) {
      throw new DomainError("departure_unavailable");
    }
    if (input.groupSize > departure.capacity) {
      throw new DomainError("group_too_large", { capacity: departure.capacity });
    }
    const left = departure.capacity - (await seatsBooked(tx, departure.id, new Date()));
    if (input.groupSize <= left) {
      throw new DomainError("seats_available", { seatsLeft: left });
    }

    const [live] = await tx
      .select({ id: departureWaitlist.id, status: departureWaitlist.status })
      .from(departureWaitlist)
      .where(
        and(
          eq(departureWaitlist.departureId, departure.id),
          eq(departureWaitlist.email, input.email),
          inArray(departureWaitlist.status, ["waiting", "offered"]),
        ),
      )
      .orderBy(asc(departureWaitlist.createdAt))
      .limit(1);
    // Their seats are held and the link is in their mail: nothing to change.
    if (live?.status === "offered") return { status: "offered" as const };

    let id: string;
    if (live) {
      // Their place in the queue is kept (created_at); only the name and group change.
      await tx
        .update(departureWaitlist)
        .set({ fullName: input.fullName, groupSize: input.groupSize })
        .where(and(eq(departureWaitlist.id, live.id), eq(departureWaitlist.status, "waiting")));
      id = live.id;
    } else {
      const [created] = await tx
        .insert(departureWaitlist)
        .values({
          departureId: departure.id,
          fullName: input.fullName,
          email: input.email,
          groupSize: input.groupSize,
        })
        .returning({ id: departureWaitlist.id });
      id = created!.id;
    }
    await recordAudit(
      {
        action: "waitlist.join",
        actor: VISITOR,
        target: { type: "waitlist", id },
        details: { departureId: departure.id, groupSize: input.groupSize, again: Boolean(live) },
      },
      tx,
    );
    await queueEmail(
      {
        ...waitlistJoined({
          fullName: input.fullName,
          tourTitle: tour.tourTitle,
          dateText: tour.dateText,
          groupSize: input.groupSize,
        }),
        to: input.email,
      },
      tx,
    );
    return { status: live ? ("updated" as const) : ("joined" as const) };
  });
  return result;
}

/* ------------------------------------------------------------------------------------------ */
/* Offering                                                                                    */
/* ------------------------------------------------------------------------------------------ */

/** The booking link of an offer: the wizard opens on the departure with the hold's token. */
export function offerUrl(tourSlug: string, departureId: string, token: string): string {
  const query = new URLSearchParams({ tour: tourSlug, departure: departureId, hold: token });
  return `${env.SITE_URL}/booking?${query}`;
}

/**
 * Offers the seats now free on a departure to the waitlist, inside the transaction that freed
 * them (the departure's row is locked here, if the caller has not already). Waiting requests are
 * walked oldest first; each whose group fits in the seats still free is offered its seats (held
 * for HOLD_HOURS, the link mailed), so a large group does not stop a smaller one behind it.
 * Nothing is offered on a departure no longer on sale. Returns how many requests were offered.
 */
export async function offerReturnedSeats(
  tx: Tx,
  departureId: string,
  now: Date = new Date(),
): Promise<number> {
  const departure = await lockDeparture(tx, departureId);
  if (!departure || !isOnSale(departure, todayInKampala(now))) return 0;
  const tour = await departureTour(tx, departureId);
  if (!tour?.onSale) return 0;
  let free = departure.capacity - (await seatsBooked(tx, departureId, now));
  if (free <= 0) return 0;

  const waiting = await tx
    .select(requestForMail)
    .from(departureWaitlist)
    .where(
      and(
        eq(departureWaitlist.departureId, departureId),
        eq(departureWaitlist.status, "waiting"),
        lte(departureWaitlist.groupSize, free),
      ),
    )
    .orderBy(asc(departureWaitlist.createdAt), asc(departureWaitlist.id))
    .for("update");

  const holdExpiresAt = new Date(now.getTime() + HOLD_MS);
  let offered = 0;
  for (const request of waiting) {
    if (request.groupSize > free) continue;
    const token = newToken();
    await tx
      .update(departureWaitlist)
      .set({
        status: "offered",
        holdTokenHash: hashToken(token),
        holdExpiresAt,
        offeredAt: now,
      })
      .where(eq(departureWaitlist.id, request.id));
    free -= request.groupSize;
    offered += 1;
    await recordAudit(
      {
        action: "waitlist.offer",
        actor: SYSTEM,
        target: { type: "waitlist", id: request.id },
        details: { departureId, groupSize: request.groupSize, holdExpiresAt },
      },
      tx,
    );
    await queueEmail(
      {
        ...waitlistOffer({
          fullName: request.fullName,
          tourTitle: tour.tourTitle,
          dateText: tour.dateText,
          groupSize: request.groupSize,
          url: offerUrl(tour.tourSlug, departureId, token),
          heldUntil: formatDayTimeLong(holdExpiresAt),
        }),
        to: request.email,
      },
      tx,
    );
    if (free <= 0) break;
  }
  return offered;
}

/**
 * The waitlist offer a booking form carries (its link's token) on this departure, still held:
 * its id, whose seats the booking may use. Its row stays locked until the booking commits, so a
 * second booking with the same link waits and is then refused. Throws `invalid_token` when
 * unknown, used, expired or of another departure.
 */
export async function heldOffer(tx: Tx, departureId: string, token: string): Promise<string> {
  const [offer] = await tx
    .select({ id: departureWaitlist.id })
    .from(departureWaitlist)
    .where(
      and(
        eq(departureWaitlist.holdTokenHash, hashToken(token)),
        eq(departureWaitlist.departureId, departureId),
        eq(departureWaitlist.status, "offered"),
        sql`${departureWaitlist.holdExpiresAt} > now()`,
      ),
    )
    .for("update");
  if (!offer) throw new DomainError("invalid_token");
  return offer.id;
}

/**
 * Marks an offer used by the booking made with its seats (the departure is locked by the
 * booking). A booking for a smaller group than the offer's leaves seats over: the next request
 * that fits is offered them.
 */
export async function useOffer(tx: Tx, offerId: string, bookingId: string): Promise<void> {
  const [used] = await tx
    .update(departureWaitlist)
    .set({ status: "booked", bookingId, holdTokenHash: null })
    .where(and(eq(departureWaitlist.id, offerId), eq(departureWaitlist.status, "offered")))
    .returning({ departureId: departureWaitlist.departureId });
  if (!used) throw new DomainError("invalid_token");
  await offerReturnedSeats(tx, used.departureId);
}

/* ------------------------------------------------------------------------------------------ */
/* Lapsing                                                                                     */
/* ------------------------------------------------------------------------------------------ */

/**
 * Offers whose hold ran out unused lapse: the request is told, and the seats go to the next
 * request that fits. Run on a timer by every server; each offer is settled in its own transaction
 * with its row locked, so two servers sweeping at once lapse it once. Returns how many lapsed.
 */
export async function lapseExpiredOffers(now: Date = new Date()): Promise<number> {
  const db = await getDb();
  const due = await db
    .select({ id: departureWaitlist.id })
    .from(departureWaitlist)
    .where(and(eq(departureWaitlist.status, "offered"), lte(departureWaitlist.holdExpiresAt, now)))
    .orderBy(asc(departureWaitlist.holdExpiresAt))
    .limit(200);

  return sweepSeats(due, "waitlist_offers_lapsed", async (tx, id) => {
    // Checked again under the lock: the offer may have been booked, or lapsed by another server.
    const [offer] = await tx
      .select({ ...requestForMail, departureId: departureWaitlist.departureId })
      .from(departureWaitlist)
      .where(
        and(
          eq(departureWaitlist.id, id),
          eq(departureWaitlist.status, "offered"),
          lte(departureWaitlist.holdExpiresAt, now),
        ),
      )
      .for("update");
    if (!offer) return false;
    await tx
      .update(departureWaitlist)
      .set({ status: "lapsed", holdTokenHash: null })
      .where(eq(departureWaitlist.id, offer.id));
    await recordAudit(
      {
        action: "waitlist.lapse",
        actor: SYSTEM,
        target: { type: "waitlist", id: offer.id },
        details: { departureId: offer.departureId, groupSize: offer.groupSize },
      },
      tx,
    );
    const tour = await departureTour(tx, offer.departureId);
    if (tour) {
      const mail: WaitlistMailData = {
        fullName: offer.fullName,
        tourTitle: tour.tourTitle,
        dateText: tour.dateText,
        groupSize: offer.groupSize,
      };
      await queueEmail({ ...waitlistReleased(mail), to: offer.email }, tx);
    }
    await offerReturnedSeats(tx, offer.departureId, now);
    return true;
  });
}

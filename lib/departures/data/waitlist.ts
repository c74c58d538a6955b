import "server-only";

import { and, asc, eq, inArray, lt, lte, ne, sql } from "drizzle-orm";

import { getDb, type Tx } from "@/db";
import { departures, departureWaitlist, tours } from "@/db/schema";
import { SYSTEM, VISITOR } from "@/lib/audit/events";
import { formatDayTimeLong, todayInKampala } from "@/lib/dates";
import { departureRange, isOnSale, sellsDepartures } from "@/lib/departures/rules";
import { queueEmail } from "@/lib/email";
import {
  waitlistConfirm,
  waitlistJoined,
  type WaitlistMailData,
  waitlistOffer,
  waitlistReleased,
} from "@/lib/email/templates";
import { env } from "@/lib/env";
import { DomainError } from "@/lib/errors";
import { hashToken, newToken } from "@/lib/accounts/tokens";
import { WAITLIST_CONFIRM_HOURS } from "@/lib/departures/schemas/waitlist";

import { recordAudit } from "@/lib/audit/data/trail";
import { freeSeats, lockDeparture, readDeparture, refreshDepartures, sweepSeats } from "./seats";

/**
 * The waitlist of full departures. A request joins 'unconfirmed' and is mailed a link that
 * confirms its email; only then does it wait its turn ('waiting'), so nobody can queue (and later
 * hold seats) under addresses they cannot read. A request left unconfirmed for a day is ignored,
 * then dropped. When seats come back (a booking cancelled or lapsed, a capacity raised, an offer
 * unused), the first waiting request that fits is offered them: a mailed link that holds the
 * seats for WAITLIST_OFFER_HOURS. An offer that lapses passes its seats to the next request of
 * another person: the same email never gets them back that way.
 *
 * Locks, always in this order so that two of these never wait on each other: an offered row
 * (a booking using its link, an offer lapsing), then the departure's row, then its waiting rows.
 * A join and a confirmation lock the departure first, then their own request.
 */

const HOUR_MS = 60 * 60 * 1000;

/** How long a request's confirmation link works; an older unconfirmed request is ignored. */
export const CONFIRM_HOURS = WAITLIST_CONFIRM_HOURS;

/** How long an offer's seats are held for the request it was made to (WAITLIST_OFFER_HOURS). */
export function offerHours(): number {
  return env.WAITLIST_OFFER_HOURS;
}

/** Unconfirmed requests made before this instant have lapsed: their link no longer works. */
const unconfirmedLapsedBefore = (now: Date) => new Date(now.getTime() - CONFIRM_HOURS * HOUR_MS);

/** The link of a request's confirmation mail. */
export function confirmUrl(token: string): string {
  return `${env.SITE_URL}/waitlist/confirm/${encodeURIComponent(token)}`;
}

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
 * 'unconfirmed': a new request (or their unconfirmed one again), mailed a new confirmation link;
 * 'updated': their confirmed request now has this group size; 'offered': seats are already held
 * for them (their mail has the link), nothing changed.
 */
export type JoinWaitlistResult = { status: "unconfirmed" | "updated" | "offered" };

/**
 * A visitor's request to be told when seats free up on a full departure. Public. The departure
 * must be on sale (open, of an active tour, before its cutoff): else `departure_unavailable`. A
 * group larger than the departure itself is refused with `group_too_large` (no seats freed could
 * ever take it); a group that fits in the seats left with `seats_available` (they book directly). One
 * live request per email and departure: joining again changes the group size of the confirmed one
 * (it keeps its turn), or mails an unconfirmed one a new link. The departure's requests left
 * unconfirmed past CONFIRM_HOURS are dropped here.
 */
export async function joinWaitlist(
  input: JoinWaitlistInput,
  today: string = todayInKampala(),
  now: Date = new Date(),
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
    const left = await freeSeats(tx, departure, { asOf: now });
    if (input.groupSize <= left) {
      throw new DomainError("seats_available", { seatsLeft: left });
    }

    // Requests nobody confirmed in time hold a name and an address that may not be theirs.
    await tx
      .delete(departureWaitlist)
      .where(
        and(
          eq(departureWaitlist.departureId, departure.id),
          eq(departureWaitlist.status, "unconfirmed"),
          lt(departureWaitlist.createdAt, unconfirmedLapsedBefore(now)),
        ),
      );

    const [live] = await tx
      .select({ id: departureWaitlist.id, status: departureWaitlist.status })
      .from(departureWaitlist)
      .where(
        and(
          eq(departureWaitlist.departureId, departure.id),
          eq(departureWaitlist.email, input.email),
          inArray(departureWaitlist.status, ["unconfirmed", "waiting", "offered"]),
        ),
      )
      .orderBy(asc(departureWaitlist.createdAt))
      .limit(1)
      .for("update");
    // Their seats are held and the link is in their mail: nothing to change.
    if (live?.status === "offered") return { status: "offered" as const };

    const mail: WaitlistMailData = {
      fullName: input.fullName,
      tourTitle: tour.tourTitle,
      dateText: tour.dateText,
      groupSize: input.groupSize,
    };
    if (live?.status === "waiting") {
      // A confirmed request keeps its turn; only the name and group change.
      await tx
        .update(departureWaitlist)
        .set({ fullName: input.fullName, groupSize: input.groupSize, updatedAt: now })
        .where(eq(departureWaitlist.id, live.id));
      await auditJoin(tx, live.id, departure.id, input.groupSize, true);
      await queueEmail(
        { ...waitlistJoined({ ...mail, offerHours: offerHours() }), to: input.email },
        tx,
      );
      return { status: "updated" as const };
    }

    // New, or still unconfirmed: a new link (any earlier one stops working) and a new day to use it.
    const token = newToken();
    let id: string;
    if (live) {
      await tx
        .update(departureWaitlist)
        .set({
          fullName: input.fullName,
          groupSize: input.groupSize,
          confirmTokenHash: hashToken(token),
          createdAt: now,
          updatedAt: now,
        })
        .where(eq(departureWaitlist.id, live.id));
      id = live.id;
    } else {
      const [created] = await tx
        .insert(departureWaitlist)
        .values({
          departureId: departure.id,
          fullName: input.fullName,
          email: input.email,
          groupSize: input.groupSize,
          status: "unconfirmed",
          confirmTokenHash: hashToken(token),
          createdAt: now,
        })
        .returning({ id: departureWaitlist.id });
      id = created!.id;
    }
    await auditJoin(tx, id, departure.id, input.groupSize, Boolean(live));
    await queueEmail(
      {
        ...waitlistConfirm({
          ...mail,
          url: confirmUrl(token),
          confirmHours: CONFIRM_HOURS,
          offerHours: offerHours(),
        }),
        to: input.email,
      },
      tx,
    );
    return { status: "unconfirmed" as const };
  });
  return result;
}

function auditJoin(tx: Tx, id: string, departureId: string, groupSize: number, again: boolean) {
  return recordAudit(
    {
      action: "waitlist.join",
      actor: VISITOR,
      target: { type: "waitlist", id },
      details: { departureId, groupSize, again },
    },
    tx,
  );
}

/* ------------------------------------------------------------------------------------------ */
/* Confirming                                                                                  */
/* ------------------------------------------------------------------------------------------ */

/**
 * What the confirmation page says: 'waiting' (now in turn), 'offered' (seats were free and are
 * held for them at once: the offer mail is on its way), or 'invalid' (an unknown, used or
 * lapsed link, or a departure cancelled meanwhile).
 */
export type ConfirmWaitlistResult =
  | { status: "waiting" | "offered"; tourTitle: string; dateText: string; groupSize: number }
  | { status: "invalid" };

/**
 * Confirms the email of a waitlist request with the token of its mailed link (public: the link
 * is the proof). The request then waits its turn from now; if seats are free already, it is
 * offered them at once. A link used, replaced by a newer one or older than CONFIRM_HOURS is
 * 'invalid'.
 */
export async function confirmWaitlist(
  token: string,
  now: Date = new Date(),
): Promise<ConfirmWaitlistResult> {
  const invalid = { status: "invalid" } as const;
  if (!token || token.length > 200) return invalid;
  const hash = hashToken(token);
  const db = await getDb();
  const result = await db.transaction(async (tx): Promise<ConfirmWaitlistResult> => {
    const [found] = await tx
      .select({ departureId: departureWaitlist.departureId })
      .from(departureWaitlist)
      .where(eq(departureWaitlist.confirmTokenHash, hash));
    if (!found) return invalid;
    // The departure first, as a join takes it, then the request itself, read again under both.
    const departure = await lockDeparture(tx, found.departureId);
    if (!departure || departure.status === "cancelled") return invalid;
    const [request] = await tx
      .select({ id: departureWaitlist.id, groupSize: departureWaitlist.groupSize })
      .from(departureWaitlist)
      .where(
        and(
          eq(departureWaitlist.confirmTokenHash, hash),
          eq(departureWaitlist.status, "unconfirmed"),
          sql`${departureWaitlist.createdAt} > ${unconfirmedLapsedBefore(now).toISOString()}::timestamptz`,
        ),
      )
      .for("update");
    if (!request) return invalid;
    await tx
      .update(departureWaitlist)
      .set({ status: "waiting", confirmedAt: now, confirmTokenHash: null, updatedAt: now })
      .where(eq(departureWaitlist.id, request.id));
    await recordAudit(
      {
        action: "waitlist.confirm",
        actor: VISITOR,
        target: { type: "waitlist", id: request.id },
        details: { departureId: departure.id, groupSize: request.groupSize },
      },
      tx,
    );
    // Seats may have come back while nobody confirmed was waiting for them.
    await offerReturnedSeats(tx, departure.id, now);
    const [after] = await tx
      .select({ status: departureWaitlist.status })
      .from(departureWaitlist)
      .where(eq(departureWaitlist.id, request.id));
    const tour = await departureTour(tx, departure.id);
    return {
      status: after?.status === "offered" ? "offered" : "waiting",
      tourTitle: tour?.tourTitle ?? "",
      dateText: tour?.dateText ?? "",
      groupSize: request.groupSize,
    };
  });
  if (result.status === "offered") refreshDepartures();
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
 * them (the departure's row is locked here, if the caller has not already). Confirmed waiting
 * requests are walked in turn (from their confirmation; a request older than email confirmation
 * from when it joined); each whose group fits in the seats still free is offered its seats (held
 * for WAITLIST_OFFER_HOURS, the link mailed), so a large group does not stop a smaller one behind
 * it. `exceptEmail`: the person whose offer just lapsed, whose other requests are passed over.
 * Nothing is offered on a departure no longer on sale. Returns how many requests were offered.
 */
export async function offerReturnedSeats(
  tx: Tx,
  departureId: string,
  now: Date = new Date(),
  options: { exceptEmail?: string } = {},
): Promise<number> {
  const departure = await lockDeparture(tx, departureId);
  if (!departure || !isOnSale(departure, todayInKampala(now))) return 0;
  const tour = await departureTour(tx, departureId);
  if (!tour?.onSale) return 0;
  let free = await freeSeats(tx, departure, { asOf: now });
  if (free <= 0) return 0;

  const waiting = await tx
    .select(requestForMail)
    .from(departureWaitlist)
    .where(
      and(
        eq(departureWaitlist.departureId, departureId),
        eq(departureWaitlist.status, "waiting"),
        lte(departureWaitlist.groupSize, free),
        options.exceptEmail
          ? ne(sql`lower(${departureWaitlist.email})`, options.exceptEmail.toLowerCase())
          : undefined,
      ),
    )
    .orderBy(
      asc(sql`coalesce(${departureWaitlist.confirmedAt}, ${departureWaitlist.createdAt})`),
      asc(departureWaitlist.id),
    )
    .for("update");

  const holdExpiresAt = new Date(now.getTime() + offerHours() * HOUR_MS);
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
 * request that fits of another person (never to the same email's other requests: letting an
 * offer lapse must not hand the seats back to its holder). Run on a timer by every server; each
 * offer is settled in its own transaction with its row locked, so two servers sweeping at once
 * lapse it once. Requests left unconfirmed past CONFIRM_HOURS are dropped on the way. Returns
 * how many offers lapsed.
 */
export async function lapseExpiredOffers(now: Date = new Date()): Promise<number> {
  const db = await getDb();
  // No lock needed: nothing else changes an unconfirmed request that old (its link has lapsed).
  await db
    .delete(departureWaitlist)
    .where(
      and(
        eq(departureWaitlist.status, "unconfirmed"),
        lt(departureWaitlist.createdAt, unconfirmedLapsedBefore(now)),
      ),
    );
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
      await queueEmail(
        { ...waitlistReleased({ ...mail, offerHours: offerHours() }), to: offer.email },
        tx,
      );
    }
    await offerReturnedSeats(tx, offer.departureId, now, { exceptEmail: offer.email });
    return true;
  });
}

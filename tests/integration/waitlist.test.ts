/**
 * The waitlist of a full departure (lib/departures/data/waitlist.ts, actions/departures.ts): joining it
 * (unconfirmed until the mailed link confirms the email; a link a day old no longer does), the
 * seats that come back offered to the first confirmed request that fits with a mailed link that
 * holds them for WAITLIST_OFFER_HOURS, the link booking those seats while nobody else can, and an
 * unused offer lapsing so the next request of another person is asked.
 */
import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { submitBookingAction } from "@/actions/bookings";
import { joinWaitlistAction } from "@/actions/departures";
import { auditEvents, bookings, departureWaitlist, emailOutbox, tours } from "@/db/schema";
import { lapseUnpaidOptions } from "@/lib/bookings/data/options";
import { createBooking } from "@/lib/bookings/data/requests";
import { getDepartureOnSale } from "@/lib/departures/data/seats";
import {
  confirmWaitlist,
  lapseExpiredOffers,
  offerReturnedSeats,
} from "@/lib/departures/data/waitlist";
import { departureRange } from "@/lib/departures/rules";
import { env } from "@/lib/env";
import { refusedOn } from "@/tests/helpers/action-states";
import { book, makeDeparture, newRequest, sellingTour } from "@/tests/helpers/departures-world";
import { latestMail } from "@/tests/helpers/outbox";
import { asFormData, publicBookingValues } from "@/tests/helpers/payloads";
import { refusal } from "@/tests/helpers/refusal";
import { openWorld } from "@/tests/helpers/world";
import { aNewVisitorEachTest } from "@/tests/helpers/visitors";

const t = openWorld(async (db) => {
  const tour = await sellingTour(db, "gorilla-safari", "both");
  const [row] = await db.select({ title: tours.title }).from(tours).where(eq(tours.id, tour.id));
  return { tour: { ...tour, title: row!.title } };
});

aNewVisitorEachTest("198.51.100");

const HOUR = 60 * 60 * 1000;
const newEmail = (who: string) => `${who}-${crypto.randomUUID()}@example.com`;

/** 'Join the waitlist' as the dialog posts it. */
function join(departureId: string, email: string, groupSize: number, fullName = "Kato Musoke") {
  return joinWaitlistAction(
    undefined,
    asFormData({ departureId, fullName, email, groupSize: String(groupSize), website: "" }),
  );
}

const toastOf = (state: { status: string; title?: string; message?: string }) =>
  `${state.status}: ${state.title ?? ""} / ${state.message ?? ""}`;

const JOINED =
  "success: Check Your Email / To join the waitlist, confirm your email with the link we just sent you. It works for 24 hours.";

/** The token of the confirmation link the latest 'confirm your place' mail to `email` holds. */
async function confirmTokenOf(email: string): Promise<string> {
  const mail = await latestMail(t.db, email, "waitlist-confirm");
  if (!mail) throw new Error(`no confirmation mail to ${email}`);
  const base = `${env.SITE_URL}/waitlist/confirm/`;
  const at = mail.textBody.indexOf(base);
  if (at === -1) throw new Error(`no confirmation link in:\n${mail.textBody}`);
  const token = /^[A-Za-z0-9_-]+/.exec(mail.textBody.slice(at + base.length))?.[0];
  if (!token) throw new Error(`no token in the confirmation link of:\n${mail.textBody}`);
  return token;
}

/** Joins as the dialog does, then opens the mailed link, as the person would. */
async function joinAndConfirm(
  departureId: string,
  email: string,
  groupSize: number,
  fullName = "Kato Musoke",
) {
  expect(toastOf(await join(departureId, email, groupSize, fullName))).toBe(JOINED);
  return confirmWaitlist(await confirmTokenOf(email));
}

/**
 * `groupSize` seats taken on the departure by a booking staff confirmed (so it keeps its seats
 * unpaid until its option date, however public requests take theirs); returns its id.
 */
async function taken(departureId: string, groupSize: number) {
  const id = await book(departureId, groupSize);
  await t.db
    .update(bookings)
    .set({ bookingStatus: "confirmed", confirmedAt: new Date() })
    .where(eq(bookings.id, id));
  return id;
}

async function requestOf(departureId: string, email: string) {
  const rows = await t.db
    .select()
    .from(departureWaitlist)
    .where(and(eq(departureWaitlist.departureId, departureId), eq(departureWaitlist.email, email)));
  expect(rows.length).toBeLessThanOrEqual(1);
  return rows[0];
}

/**
 * A group of `refused` is refused on the group size (`title`, `message`) and nothing is stored;
 * a group of `waits` then joins the waitlist.
 */
async function expectGroupRefusedThenWaits(
  departureId: string,
  email: string,
  refused: { groupSize: number; title: string; message: string },
  waits: number,
) {
  expect(await join(departureId, email, refused.groupSize)).toMatchObject(
    refusedOn("groupSize", refused.message, refused.title),
  );
  expect(await requestOf(departureId, email)).toBeUndefined();
  expect(toastOf(await join(departureId, email, waits))).toBe(JOINED);
}

/** Two requests join the waitlist and confirm, this one first, each by a new email: those emails. */
async function twoJoined(departureId: string, ...requests: [[string, number], [string, number]]) {
  const emails: string[] = [];
  for (const [fullName, groupSize] of requests) {
    const email = newEmail(fullName.split(" ")[1]!.toLowerCase());
    expect(await joinAndConfirm(departureId, email, groupSize, fullName)).toMatchObject({
      status: "waiting",
    });
    emails.push(email);
  }
  return emails as [string, string];
}

/** A departure of `capacity` seats, all taken by one booking; returns it and that booking. */
async function fullDeparture(days: number, capacity: number) {
  const departure = await makeDeparture(t.db, t.w.tour, { inDays: days, capacity });
  return { departure, takenId: await taken(departure.id, capacity) };
}

async function cancelBooking(id: string) {
  await t.db.update(bookings).set({ bookingStatus: "cancelled" }).where(eq(bookings.id, id));
}

/** Seats came back: offered as the cancellation's transaction would. */
async function seatsComeBack(departureId: string, now?: Date) {
  return t.db.transaction((tx) => offerReturnedSeats(tx, departureId, now));
}

/** The token of the booking link an offer mail holds (and checks the link's address). */
function holdTokenIn(text: string, departureId: string): string {
  const base = `${env.SITE_URL}/booking?tour=gorilla-safari&departure=${departureId}&hold=`;
  const at = text.indexOf(base);
  if (at === -1) throw new Error(`no booking link in:\n${text}`);
  const token = /^[A-Za-z0-9_-]+/.exec(text.slice(at + base.length))?.[0];
  if (!token) throw new Error(`no token in the booking link of:\n${text}`);
  return token;
}

async function offerMail(email: string) {
  const mail = await latestMail(t.db, email, "waitlist-offer");
  if (!mail) throw new Error(`no offer mail to ${email}`);
  return mail;
}

describe("joining the waitlist", () => {
  it("takes a request on a full departure unconfirmed, mails the link that confirms it, and keeps one request per email", async () => {
    const { departure } = await fullDeparture(40, 4);
    const email = newEmail("kato");
    expect(toastOf(await join(departure.id, email, 2))).toBe(JOINED);
    const joined = await requestOf(departure.id, email);
    expect(joined).toMatchObject({
      fullName: "Kato Musoke",
      groupSize: 2,
      status: "unconfirmed",
      confirmedAt: null,
      holdTokenHash: null,
    });
    const mail = await latestMail(t.db, email, "waitlist-confirm");
    const dateText = departureRange(departure.startDate, departure.endDate);
    expect(mail?.subject).toBe(
      `Confirm your place on the waitlist: ${t.w.tour.title}, ${dateText}`,
    );
    expect(mail?.textBody).toContain("until then you are not on the waitlist");
    const first = await confirmTokenOf(email);
    // Only the token's hash is stored.
    expect(joined!.confirmTokenHash).toBeTruthy();
    expect(JSON.stringify(joined)).not.toContain(first);

    // Joining again with the same email (any case) changes the group and sends a new link: still
    // one request, and the first link no longer works.
    expect(toastOf(await join(departure.id, email.toUpperCase(), 3))).toBe(JOINED);
    expect(await requestOf(departure.id, email)).toMatchObject({
      groupSize: 3,
      status: "unconfirmed",
    });
    const second = await confirmTokenOf(email);
    expect(second).not.toBe(first);
    expect(await confirmWaitlist(first)).toEqual({ status: "invalid" });

    // The link confirms the email: the request waits its turn from now.
    expect(await confirmWaitlist(second)).toEqual({
      status: "waiting",
      tourTitle: t.w.tour.title,
      dateText,
      groupSize: 3,
    });
    const confirmed = await requestOf(departure.id, email);
    expect(confirmed).toMatchObject({ status: "waiting", confirmTokenHash: null });
    expect(confirmed!.confirmedAt).toBeInstanceOf(Date);
    // A used link does nothing more.
    expect(await confirmWaitlist(second)).toEqual({ status: "invalid" });
    expect(await confirmWaitlist("not-a-token")).toEqual({ status: "invalid" });

    // Joining again once confirmed changes the group and keeps the turn, with no new link.
    expect(toastOf(await join(departure.id, email, 2))).toBe(
      "success: Waitlist Updated / Your place on the waitlist is kept, now for 2 travellers. We'll email you as soon as seats free up on this date.",
    );
    expect(await requestOf(departure.id, email)).toMatchObject({
      groupSize: 2,
      status: "waiting",
      confirmedAt: confirmed!.confirmedAt,
    });
    expect((await latestMail(t.db, email, "waitlist-joined"))?.subject).toBe(
      `You are on the waitlist: ${t.w.tour.title}, ${dateText}`,
    );
  });

  it("offers nothing to a request whose email is not confirmed, and lets its link lapse after a day", async () => {
    const { departure, takenId } = await fullDeparture(45, 3);
    const unconfirmed = newEmail("unconfirmed");
    expect(toastOf(await join(departure.id, unconfirmed, 2))).toBe(JOINED);
    const token = await confirmTokenOf(unconfirmed);

    await cancelBooking(takenId);
    expect(await seatsComeBack(departure.id)).toBe(0);
    expect((await requestOf(departure.id, unconfirmed))?.status).toBe("unconfirmed");
    expect(await getDepartureOnSale(departure.id)).toMatchObject({ seatsLeft: 3 });

    // A day later the link no longer confirms it; the sweep drops the request.
    expect(await confirmWaitlist(token, new Date(Date.now() + 25 * HOUR))).toEqual({
      status: "invalid",
    });
    expect((await requestOf(departure.id, unconfirmed))?.status).toBe("unconfirmed");
    await lapseExpiredOffers(new Date(Date.now() + 25 * HOUR));
    expect(await requestOf(departure.id, unconfirmed)).toBeUndefined();
  });

  it("drops a request left unconfirmed for a day when its email joins again", async () => {
    const { departure } = await fullDeparture(46, 3);
    const email = newEmail("again");
    expect(toastOf(await join(departure.id, email, 2))).toBe(JOINED);
    const stale = await requestOf(departure.id, email);
    await t.db
      .update(departureWaitlist)
      .set({ createdAt: new Date(Date.now() - 25 * HOUR) })
      .where(eq(departureWaitlist.id, stale!.id));
    const staleToken = await confirmTokenOf(email);
    expect(await confirmWaitlist(staleToken)).toEqual({ status: "invalid" });

    expect(toastOf(await join(departure.id, email, 3))).toBe(JOINED);
    const fresh = await requestOf(departure.id, email);
    expect(fresh).toMatchObject({ status: "unconfirmed", groupSize: 3 });
    expect(fresh!.id).not.toBe(stale!.id);
    expect(await confirmWaitlist(await confirmTokenOf(email))).toMatchObject({
      status: "waiting",
    });
  });

  it("offers seats already free at once to the request its link confirms", async () => {
    const { departure, takenId } = await fullDeparture(47, 2);
    const email = newEmail("early");
    expect(toastOf(await join(departure.id, email, 2))).toBe(JOINED);
    // Seats came back before anyone confirmed was waiting for them.
    await cancelBooking(takenId);
    expect(await seatsComeBack(departure.id)).toBe(0);

    expect(await confirmWaitlist(await confirmTokenOf(email))).toMatchObject({
      status: "offered",
      groupSize: 2,
    });
    expect((await requestOf(departure.id, email))?.status).toBe("offered");
    expect(holdTokenIn((await offerMail(email)).textBody, departure.id)).toMatch(
      /^[A-Za-z0-9_-]{40,}$/,
    );
  });

  it("tells a group that fits in the seats left to book directly", async () => {
    const departure = await makeDeparture(t.db, t.w.tour, { inDays: 41, capacity: 6 });
    await taken(departure.id, 4);
    // A group larger than the seats left may wait.
    await expectGroupRefusedThenWaits(
      departure.id,
      newEmail("fits"),
      {
        groupSize: 2,
        title: "Seats Available",
        message:
          "2 seats are still free on this date: book it directly instead of joining the waitlist.",
      },
      3,
    );
  });

  it("refuses a group larger than the whole departure: no freed seats could ever take it", async () => {
    const { departure } = await fullDeparture(73, 6);
    // The whole departure's size may wait.
    await expectGroupRefusedThenWaits(
      departure.id,
      newEmail("too-large"),
      {
        groupSize: 7,
        title: "Group Too Large",
        message:
          "This date takes at most 6 travellers. Please choose another date or contact us for a private trip.",
      },
      6,
    );
  });

  it("refuses a departure that is not on sale, an unknown one and a bad group size", async () => {
    const closed = await makeDeparture(t.db, t.w.tour, {
      inDays: 42,
      capacity: 2,
      status: "closed",
    });
    const unavailable =
      "error: Date Not Available / This departure is no longer available. Please choose another date.";
    expect(toastOf(await join(closed.id, newEmail("closed"), 3))).toBe(unavailable);
    expect(toastOf(await join(crypto.randomUUID(), newEmail("unknown"), 3))).toBe(unavailable);
    const { departure } = await fullDeparture(43, 2);
    const state = await join(departure.id, newEmail("big"), 21);
    expect(state).toMatchObject({
      status: "invalid",
      fieldErrors: { groupSize: ["Group size must be at most 20"] },
    });
  });

  it("answers a filled honeypot as a success and stores nothing", async () => {
    const { departure } = await fullDeparture(44, 2);
    const email = newEmail("bot");
    const state = await joinWaitlistAction(
      undefined,
      asFormData({
        departureId: departure.id,
        fullName: "Bot",
        email,
        groupSize: "2",
        website: "http://spam.example",
      }),
    );
    expect(toastOf(state)).toBe(JOINED);
    expect(await requestOf(departure.id, email)).toBeUndefined();
  });
});

describe("seats coming back", () => {
  it("offers them to the first request that fits, whose link books them while nobody else can", async () => {
    const departure = await makeDeparture(t.db, t.w.tour, { inDays: 50, capacity: 6 });
    const small = await taken(departure.id, 2);
    await taken(departure.id, 4);
    const [four, two] = await twoJoined(departure.id, ["Grace Four", 4], ["Peter Two", 2]);

    await cancelBooking(small);
    expect(await seatsComeBack(departure.id)).toBe(1);
    // The 4-person request is first but does not fit in 2 seats: the 2-person one is offered.
    expect((await requestOf(departure.id, four))?.status).toBe("waiting");
    const offered = await requestOf(departure.id, two);
    expect(offered?.status).toBe("offered");
    // Held for WAITLIST_OFFER_HOURS (4 by default), not a day.
    expect(env.WAITLIST_OFFER_HOURS).toBe(4);
    expect(offered!.holdExpiresAt!.getTime() - offered!.offeredAt!.getTime()).toBe(4 * HOUR);
    expect(await getDepartureOnSale(departure.id)).toMatchObject({ seatsLeft: 0 });

    const mail = await offerMail(two);
    const dateText = departureRange(departure.startDate, departure.endDate);
    expect(mail.subject).toBe(`Seats are free on ${t.w.tour.title}, ${dateText}`);
    expect(mail.textBody).toContain(
      `Seats are free on ${t.w.tour.title}, ${dateText}: they are held for you until `,
    );
    expect(mail.textBody).toContain("(Kampala time)");
    const token = holdTokenIn(mail.textBody, departure.id);
    // Only the token's hash is stored.
    expect(JSON.stringify(offered)).not.toContain(token);

    // Joining again meanwhile changes nothing: the link is in their mail.
    expect(toastOf(await join(departure.id, two, 3, "Peter Two"))).toBe(
      "success: Seats Held for You / Seats on this date are already held for you: book them with the link in the email we sent you.",
    );
    expect(await requestOf(departure.id, two)).toMatchObject({ status: "offered", groupSize: 2 });

    // The held seats are nobody else's.
    const stranger = await refusal(
      createBooking(newRequest({ departureId: departure.id, groupSize: 1 }), {
        source: "public",
      }),
    );
    expect(stranger.code).toBe("seats_unavailable");
    expect(stranger.details.reason).toBe(
      "This departure is full. Join the waitlist or choose another date.",
    );
    // Nor another departure's, with this token.
    const other = await makeDeparture(t.db, t.w.tour, { inDays: 51, capacity: 6 });
    const elsewhere = await refusal(
      createBooking(newRequest({ departureId: other.id, groupSize: 2, waitlistHold: token }), {
        source: "public",
      }),
    );
    expect(elsewhere.code).toBe("invalid_token");

    // The link books them.
    const booked = await createBooking(
      newRequest({ departureId: departure.id, groupSize: 2, email: two, waitlistHold: token }),
      { source: "public" },
    );
    expect(booked.status).toBe("created");
    expect(await requestOf(departure.id, two)).toMatchObject({
      status: "booked",
      bookingId: booked.id,
      holdTokenHash: null,
    });

    // A used link is refused (here sent on by someone else).
    const again = await refusal(
      createBooking(
        newRequest({
          departureId: departure.id,
          groupSize: 2,
          email: newEmail("forwarded"),
          waitlistHold: token,
        }),
        { source: "public" },
      ),
    );
    expect(again.code).toBe("invalid_token");
  });

  it("offers the seats of an option that lapsed unpaid", async () => {
    const departure = await makeDeparture(t.db, t.w.tour, { inDays: 55, capacity: 5 });
    const unpaid = await taken(departure.id, 3);
    await taken(departure.id, 2);
    await t.db
      .update(bookings)
      .set({ bookingStatus: "confirmed", confirmedAt: sql`now() - interval '8 days'` })
      .where(eq(bookings.id, unpaid));
    const waiting = newEmail("waiting");
    expect(await joinAndConfirm(departure.id, waiting, 3)).toMatchObject({ status: "waiting" });

    expect(await lapseUnpaidOptions(new Date(), 7)).toBeGreaterThanOrEqual(1);
    expect((await requestOf(departure.id, waiting))?.status).toBe("offered");
    const mail = await offerMail(waiting);
    expect(holdTokenIn(mail.textBody, departure.id)).toMatch(/^[A-Za-z0-9_-]{40,}$/);
  });

  it("lapses an offer unused after WAITLIST_OFFER_HOURS and asks the next request", async () => {
    const { departure, takenId } = await fullDeparture(60, 4);
    const [first, second] = await twoJoined(departure.id, ["Ruth First", 3], ["Sam Second", 2]);
    await cancelBooking(takenId);
    expect(await seatsComeBack(departure.id)).toBe(1);
    const token = holdTokenIn((await offerMail(first)).textBody, departure.id);
    // 1 seat left beside the 3 held: the 2-person request waits.
    expect((await requestOf(departure.id, second))?.status).toBe("waiting");

    // Not yet.
    await lapseExpiredOffers(new Date(Date.now() + 3 * HOUR));
    expect((await requestOf(departure.id, first))?.status).toBe("offered");

    // Past its 4 hours, two servers sweep at once: it lapses once.
    const later = new Date(Date.now() + 5 * HOUR);
    await Promise.all([lapseExpiredOffers(later), lapseExpiredOffers(later)]);
    const lapsed = await requestOf(departure.id, first);
    expect(lapsed).toMatchObject({ status: "lapsed", holdTokenHash: null });
    const released = await t.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.toAddress, first), eq(emailOutbox.template, "waitlist-released")));
    expect(released.map((m) => m.subject)).toEqual([
      `Your held seats were released: ${t.w.tour.title}, ${departureRange(departure.startDate, departure.endDate)}`,
    ]);
    expect(released[0]!.textBody).toContain("were not booked within 4 hours");
    const audit = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, "waitlist.lapse"), eq(auditEvents.targetId, lapsed!.id)));
    expect(audit).toHaveLength(1);

    // The next request is asked.
    expect((await requestOf(departure.id, second))?.status).toBe("offered");
    expect(holdTokenIn((await offerMail(second)).textBody, departure.id)).not.toBe(token);

    // The lapsed link books nothing: the wizard says so.
    const refused = await submitBookingAction(
      undefined,
      asFormData(
        publicBookingValues({
          email: first,
          tour: "gorilla-safari",
          departure: departure.id,
          startDate: departure.startDate,
          groupSize: "3",
          hold: token,
          website: "",
        }),
      ),
    );
    expect(toastOf(refused)).toBe(
      "error: Offer Expired / This waitlist offer has expired or was already used. The seats it held are back on sale.",
    );
  });

  it("passes a lapsed offer's seats over the same person's other requests, to the next person in turn", async () => {
    const { departure, takenId } = await fullDeparture(62, 4);
    const holder = newEmail("holder");
    expect(await joinAndConfirm(departure.id, holder, 4, "Hana Holder")).toMatchObject({
      status: "waiting",
    });
    // Another request of the same person (the same address in other letters), ahead in turn of
    // someone else's.
    const [again] = await t.db
      .insert(departureWaitlist)
      .values({
        departureId: departure.id,
        fullName: "Hana Holder",
        email: holder.toUpperCase(),
        groupSize: 4,
        status: "waiting",
        confirmedAt: new Date(),
      })
      .returning({ id: departureWaitlist.id });
    const other = newEmail("other");
    expect(await joinAndConfirm(departure.id, other, 4, "Otto Other")).toMatchObject({
      status: "waiting",
    });

    await cancelBooking(takenId);
    expect(await seatsComeBack(departure.id)).toBe(1);
    expect((await requestOf(departure.id, holder))?.status).toBe("offered");

    await lapseExpiredOffers(new Date(Date.now() + 5 * HOUR));
    expect((await requestOf(departure.id, holder))?.status).toBe("lapsed");
    const [second] = await t.db
      .select({ status: departureWaitlist.status })
      .from(departureWaitlist)
      .where(eq(departureWaitlist.id, again!.id));
    expect(second?.status).toBe("waiting");
    expect((await requestOf(departure.id, other))?.status).toBe("offered");
  });

  it("puts a lapsed offer's seats back on sale when only the same person waits", async () => {
    const { departure, takenId } = await fullDeparture(63, 2);
    const holder = newEmail("alone");
    expect(await joinAndConfirm(departure.id, holder, 2)).toMatchObject({ status: "waiting" });
    await t.db.insert(departureWaitlist).values({
      departureId: departure.id,
      fullName: "Kato Musoke",
      email: holder.toUpperCase(),
      groupSize: 2,
      status: "waiting",
      confirmedAt: new Date(),
    });
    await cancelBooking(takenId);
    expect(await seatsComeBack(departure.id)).toBe(1);
    await lapseExpiredOffers(new Date(Date.now() + 5 * HOUR));
    expect((await requestOf(departure.id, holder))?.status).toBe("lapsed");
    expect(await getDepartureOnSale(departure.id)).toMatchObject({ seatsLeft: 2 });
  });

  it("offers nothing on a departure no longer on sale", async () => {
    const { departure, takenId } = await fullDeparture(65, 2);
    const email = newEmail("closed");
    expect(await joinAndConfirm(departure.id, email, 2)).toMatchObject({ status: "waiting" });
    await t.db.execute(sql`update departures set status = 'closed' where id = ${departure.id}`);
    await cancelBooking(takenId);
    expect(await seatsComeBack(departure.id)).toBe(0);
    expect((await requestOf(departure.id, email))?.status).toBe("waiting");
  });
});

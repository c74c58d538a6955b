/**
 * The waitlist of a full departure (lib/departures/data/waitlist.ts, actions/departures.ts): joining it, the
 * seats that come back offered to the first request that fits with a mailed link that holds them
 * for 24 hours, the link booking those seats while nobody else can, and an unused offer lapsing
 * so the next request is asked.
 */
import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { submitBookingAction } from "@/actions/bookings";
import { joinWaitlistAction } from "@/actions/departures";
import { auditEvents, bookings, departureWaitlist, emailOutbox, tours } from "@/db/schema";
import { lapseUnpaidOptions } from "@/lib/bookings/data/options";
import { createBooking } from "@/lib/bookings/data/requests";
import { getDepartureOnSale } from "@/lib/departures/data/seats";
import { lapseExpiredOffers, offerReturnedSeats } from "@/lib/departures/data/waitlist";
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
  "success: You're on the Waitlist / We'll email you as soon as seats free up on this date.";

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

/** Two requests join the waitlist, this one first, each by a new email: those emails. */
async function twoJoined(departureId: string, ...requests: [[string, number], [string, number]]) {
  const emails: string[] = [];
  for (const [fullName, groupSize] of requests) {
    const email = newEmail(fullName.split(" ")[1]!.toLowerCase());
    expect(toastOf(await join(departureId, email, groupSize, fullName))).toBe(JOINED);
    emails.push(email);
  }
  return emails as [string, string];
}

/** A departure of `capacity` seats, all taken by one booking; returns it and that booking. */
async function fullDeparture(days: number, capacity: number) {
  const departure = await makeDeparture(t.db, t.w.tour, { inDays: days, capacity });
  return { departure, takenId: await book(departure.id, capacity) };
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
  it("takes a request on a full departure, mails it, and keeps one request per email", async () => {
    const { departure } = await fullDeparture(40, 4);
    const email = newEmail("kato");
    expect(toastOf(await join(departure.id, email, 2))).toBe(JOINED);
    expect(await requestOf(departure.id, email)).toMatchObject({
      fullName: "Kato Musoke",
      groupSize: 2,
      status: "waiting",
      holdTokenHash: null,
    });
    const mail = await latestMail(t.db, email, "waitlist-joined");
    const dateText = departureRange(departure.startDate, departure.endDate);
    expect(mail?.subject).toBe(`You are on the waitlist: ${t.w.tour.title}, ${dateText}`);
    expect(mail?.textBody).toContain("You are on the waitlist");

    // Joining again with the same email (any case) changes the group size: still one request.
    expect(toastOf(await join(departure.id, email.toUpperCase(), 3))).toBe(JOINED);
    expect(await requestOf(departure.id, email)).toMatchObject({ groupSize: 3, status: "waiting" });
  });

  it("tells a group that fits in the seats left to book directly", async () => {
    const departure = await makeDeparture(t.db, t.w.tour, { inDays: 41, capacity: 6 });
    await book(departure.id, 4);
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
    const small = await book(departure.id, 2);
    await book(departure.id, 4);
    const [four, two] = await twoJoined(departure.id, ["Grace Four", 4], ["Peter Two", 2]);

    await cancelBooking(small);
    expect(await seatsComeBack(departure.id)).toBe(1);
    // The 4-person request is first but does not fit in 2 seats: the 2-person one is offered.
    expect((await requestOf(departure.id, four))?.status).toBe("waiting");
    const offered = await requestOf(departure.id, two);
    expect(offered?.status).toBe("offered");
    expect(offered!.holdExpiresAt!.getTime() - offered!.offeredAt!.getTime()).toBe(24 * HOUR);
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

    // A used link is refused.
    const again = await refusal(
      createBooking(
        newRequest({
          departureId: departure.id,
          groupSize: 2,
          email: two,
          waitlistHold: token,
        }),
        { source: "public" },
      ),
    );
    expect(again.code).toBe("invalid_token");
  });

  it("offers the seats of an option that lapsed unpaid", async () => {
    const departure = await makeDeparture(t.db, t.w.tour, { inDays: 55, capacity: 5 });
    const unpaid = await book(departure.id, 3);
    await book(departure.id, 2);
    await t.db
      .update(bookings)
      .set({ bookingStatus: "confirmed", confirmedAt: sql`now() - interval '8 days'` })
      .where(eq(bookings.id, unpaid));
    const waiting = newEmail("waiting");
    expect(toastOf(await join(departure.id, waiting, 3))).toBe(JOINED);

    expect(await lapseUnpaidOptions(new Date(), 7)).toBeGreaterThanOrEqual(1);
    expect((await requestOf(departure.id, waiting))?.status).toBe("offered");
    const mail = await offerMail(waiting);
    expect(holdTokenIn(mail.textBody, departure.id)).toMatch(/^[A-Za-z0-9_-]{40,}$/);
  });

  it("lapses an offer unused after 24 hours and asks the next request", async () => {
    const { departure, takenId } = await fullDeparture(60, 4);
    const [first, second] = await twoJoined(departure.id, ["Ruth First", 3], ["Sam Second", 2]);
    await cancelBooking(takenId);
    expect(await seatsComeBack(departure.id)).toBe(1);
    const token = holdTokenIn((await offerMail(first)).textBody, departure.id);
    // 1 seat left beside the 3 held: the 2-person request waits.
    expect((await requestOf(departure.id, second))?.status).toBe("waiting");

    // Not yet.
    await lapseExpiredOffers(new Date(Date.now() + 23 * HOUR));
    expect((await requestOf(departure.id, first))?.status).toBe("offered");

    // A day later, two servers sweep at once: it lapses once.
    const later = new Date(Date.now() + 25 * HOUR);
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

  it("offers nothing on a departure no longer on sale", async () => {
    const { departure, takenId } = await fullDeparture(65, 2);
    const email = newEmail("closed");
    expect(toastOf(await join(departure.id, email, 2))).toBe(JOINED);
    await t.db.execute(sql`update departures set status = 'closed' where id = ${departure.id}`);
    await cancelBooking(takenId);
    expect(await seatsComeBack(departure.id)).toBe(0);
    expect((await requestOf(departure.id, email))?.status).toBe("waiting");
  });
});

/**
 * The customer area's data layer and actions on a real database: scoping (docs/decisions/0004),
 * not-found for other customers' ids, fields the client may not set, locked preferences, the
 * newsletter sync, My Bookings paging and search in SQL, and the email change.
 */
import { vi } from "vitest";

// Auth.js stood in for by the world's sign-ins (actAs), before anything imports it.
vi.mock("@/auth", async () => (await import("@/tests/helpers/customer-world")).authMock);

import { and, desc, eq, sql } from "drizzle-orm";
import { daysBetween, todayInKampala } from "@/lib/dates";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";

import {
  bookings,
  customerMessages,
  emailOutbox,
  newsletterSubscriptions,
  tours,
  users,
} from "@/db/schema";
import { succeeded } from "@/tests/helpers/action-states";
import { verifyRequestPage } from "@/lib/bookings/request-link";
import { verifyPayLink } from "@/lib/payments/pay-link";
import { renderToStaticMarkup } from "react-dom/server";
import type { ReactElement } from "react";
import RequestedPage from "@/app/(site)/booking/requested/[token]/page";
import { latestMail } from "@/tests/helpers/outbox";
import { actAs, createWorld, userRow, WORLD_PASSWORD } from "@/tests/helpers/customer-world";
import { DomainError } from "@/lib/errors";
import { expectRedirect } from "@/tests/helpers/fake-request";
import { openWorld } from "@/tests/helpers/world";
import { savePreferencesAction, updateProfileAction } from "@/actions/accounts";
import { createCustomerBookingAction } from "@/actions/bookings";
import { markThreadReadAction, replyToThreadAction, sendMessageAction } from "@/actions/messages";
import { ownBookings } from "@/lib/bookings/data/booking-row";
import * as customer from "@/lib/bookings/data/owned";
import * as messages from "@/lib/messages/data/customer-threads";
import * as account from "@/lib/accounts/data/profile";
import { consumeEmailLink } from "@/lib/accounts/data/email-links";

const t = openWorld(createWorld);

beforeEach(() => actAs(null));

const form = (fields: Record<string, unknown>) => fields;

describe("who may read which booking", () => {
  it("a customer sees bookings linked to the account and those under their verified email", async () => {
    actAs(t.w.a);
    const page = await customer.listMyBookings({ q: "", filter: "all", page: 1 });
    expect(page.items.map((b) => b.id).sort()).toEqual([t.w.bookings.a1, t.w.bookings.a2].sort());
    expect(page.totalAll).toBe(2);
    expect(await customer.getMyBooking(t.w.bookings.a2)).toMatchObject({
      tourPackage: "Nile Adventure in Jinja (3 Days)",
    });
  });

  it("another customer's booking id is not found, never data", async () => {
    actAs(t.w.b);
    expect(await customer.getMyBooking(t.w.bookings.a1)).toBeNull();
    expect(await customer.getMyBooking(t.w.bookings.a2)).toBeNull();
    expect(await customer.getMyBooking("not-a-uuid")).toBeNull();
    const page = await customer.listMyBookings({
      q: t.w.bookings.a1.slice(0, 8),
      filter: "all",
      page: 1,
    });
    expect(page.items).toEqual([]);
    actAs(t.w.admin);
    expect(await customer.getMyBooking(t.w.bookings.a1)).toBeNull();
  });

  it("an email-only match needs a verified email", async () => {
    // U's address is unverified: U cannot be a customer at all (the session is refused) ...
    actAs(t.w.unverified);
    expect(
      await expectRedirect(() => customer.listMyBookings({ q: "", filter: "all", page: 1 })),
    ).toBe("/customer/auth");
    expect(await expectRedirect(() => customer.getMyBooking(t.w.bookings.u1))).toBe(
      "/customer/auth",
    );
    // ... and the scope itself matches by email only when told the email is verified.
    const scoped = async (emailVerified: boolean) =>
      t.db
        .select({ id: bookings.id })
        .from(bookings)
        .where(
          ownBookings({
            userId: t.w.unverified.id,
            email: t.w.unverified.email,
            emailVerified,
            name: null,
          }),
        );
    expect(await scoped(false)).toEqual([]);
    expect(await scoped(true)).toEqual([{ id: t.w.bookings.u1 }]);
  });

  it("a visitor is sent to sign in by every read", async () => {
    for (const read of [
      () => customer.getDashboard(),
      () => customer.listMyBookings({ q: "", filter: "all", page: 1 }),
      () => customer.getMyBooking(t.w.bookings.a1),
      () => messages.listMyMessages(),
      () => account.getMyProfile(),
      () => account.getMyPreferences(),
    ]) {
      expect(await expectRedirect(read)).toBe("/customer/auth");
    }
  });

  it("the booking DTO carries the guide's name, specialty and languages and no internal fields", async () => {
    actAs(t.w.a);
    const booking = await customer.getMyBooking(t.w.bookings.a1);
    expect(booking?.guide?.fullName).toBe(t.w.guide?.fullName);
    expect(Array.isArray(booking?.guide?.languages)).toBe(true);
    expect(booking).not.toHaveProperty("paymentNote");
    expect(booking).not.toHaveProperty("userId");
    expect(booking).not.toHaveProperty("idempotencyKey");
    expect(booking?.paymentStatus).toBe("Deposit Made");
    expect(booking?.statusReason).toBeNull();
  });

  it("says why a booking ended when the customer did not ask (a cancelled departure)", async () => {
    const reason = "The departure of Dec 12, 2026 was cancelled: The park road is closed.";
    await t.db
      .update(bookings)
      .set({ bookingStatus: "cancelled", statusReason: reason })
      .where(eq(bookings.id, t.w.bookings.a1));
    try {
      actAs(t.w.a);
      const booking = await customer.getMyBooking(t.w.bookings.a1);
      expect(booking?.statusReason).toBe(reason);
    } finally {
      await t.db
        .update(bookings)
        .set({ bookingStatus: "new", statusReason: null })
        .where(eq(bookings.id, t.w.bookings.a1));
    }
  });
});

describe("dashboard", () => {
  it("counts upcoming trips and travellers, and lists the next three by departure", async () => {
    actAs(t.w.a);
    const dashboard = await customer.getDashboard();
    expect(dashboard.upcomingCount).toBe(1);
    expect(dashboard.totalTravelers).toBe(3);
    expect(dashboard.nextDepartureDays).toBe(30);
    expect(dashboard.upcoming.map((b) => b.id)).toEqual([t.w.bookings.a1]);

    // A cancelled trip (by staff, or its payment) is not an upcoming trip.
    const later = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
    const offRows = await t.db
      .insert(bookings)
      .values(
        [
          { bookingStatus: "cancelled" as const, paymentStatus: "Pending" as const },
          { bookingStatus: null, paymentStatus: "Refunded" as const },
        ].map((status) => ({
          ...status,
          source: "customer" as const,
          userId: t.w.a.id,
          fullName: "Amina Nakato",
          email: t.w.a.email,
          phone: "+256 700 000 002",
          tourPackage: "Called Off Safari (3 Days)",
          departureDate: later,
          groupSize: 4,
          termsAccepted: true,
        })),
      )
      .returning({ id: bookings.id });
    try {
      expect(await customer.getDashboard()).toEqual(dashboard);
    } finally {
      for (const row of offRows) await t.db.delete(bookings).where(eq(bookings.id, row.id));
    }

    actAs(t.w.admin);
    expect(await customer.getDashboard()).toEqual({
      upcomingCount: 0,
      totalTravelers: 0,
      nextDepartureDays: null,
      upcoming: [],
    });
  });
});

describe("dashboard payments", () => {
  it("gives each upcoming trip what is paid and due next, and its pay link, as My Bookings does", async () => {
    actAs(t.w.a);
    expect((await customer.getDashboard()).upcoming[0]).toMatchObject({
      totalMinor: null,
      nextDue: null,
      payUrl: null,
    });
    await t.db
      .update(bookings)
      .set({ totalMinor: 100_000, depositPercent: 30, balanceDueOn: todayInKampala() })
      .where(eq(bookings.id, t.w.bookings.a1));
    try {
      const [trip] = (await customer.getDashboard()).upcoming;
      // The balance's day has come: everything is due now, not a deposit.
      expect(trip).toMatchObject({
        totalMinor: 100_000,
        paidMinor: 0,
        nextDue: { kind: "balance", amountMinor: 100_000, dueOn: null },
      });
      const mine = await customer.getMyBooking(t.w.bookings.a1);
      // The same booking's pay link (each signed with its own expiry, so compared by what it opens).
      const opens = (url: string | null | undefined) =>
        url?.startsWith("/pay/") ? verifyPayLink(url.slice("/pay/".length))?.bookingId : undefined;
      expect(opens(trip!.payUrl)).toBe(t.w.bookings.a1);
      expect(opens(mine!.payUrl)).toBe(t.w.bookings.a1);
    } finally {
      await t.db
        .update(bookings)
        .set({ totalMinor: null, depositPercent: null, balanceDueOn: null })
        .where(eq(bookings.id, t.w.bookings.a1));
    }
  });
});

describe("My Bookings paging, search and filter in SQL", () => {
  let ids: string[] = [];
  beforeAll(async () => {
    const rows = Array.from({ length: 7 }, (_, i) => ({
      source: "customer" as const,
      userId: t.w.b.id,
      fullName: "Brian Okello",
      email: t.w.b.email,
      phone: "+256 700 000 001",
      tourPackage:
        i % 2 ? `Sipi Falls Escape ${i} (3 Days)` : `Crater Lakes 100%_Trail ${i} (6 Days)`,
      departureDate: i < 4 ? todayInKampala() : "2020-01-0" + (i - 3),
      groupSize: 1,
      termsAccepted: true,
      createdAt: new Date(Date.now() - (i + 1) * 60_000),
    }));
    ids = (await t.db.insert(bookings).values(rows).returning({ id: bookings.id })).map(
      (r) => r.id,
    );
  });

  it("pages by 5, newest first, and keeps the page within range", async () => {
    actAs(t.w.b);
    const first = await customer.listMyBookings({ q: "", filter: "all", page: 1 });
    expect(first.total).toBe(8);
    expect(first.pageCount).toBe(2);
    expect(first.items).toHaveLength(5);
    const second = await customer.listMyBookings({ q: "", filter: "all", page: 2 });
    expect(second.items).toHaveLength(3);
    expect(new Set([...first.items, ...second.items].map((b) => b.id)).size).toBe(8);
    expect((await customer.listMyBookings({ q: "", filter: "all", page: 99 })).page).toBe(2);
  });

  it("searches the tour name (wildcards literal) or the start of the booking id", async () => {
    actAs(t.w.b);
    expect((await customer.listMyBookings({ q: "sipi", filter: "all", page: 1 })).total).toBe(3);
    expect((await customer.listMyBookings({ q: "100%_trail", filter: "all", page: 1 })).total).toBe(
      4,
    );
    expect((await customer.listMyBookings({ q: "%", filter: "all", page: 1 })).total).toBe(4);
    expect((await customer.listMyBookings({ q: "_", filter: "all", page: 1 })).total).toBe(4);
    const byId = await customer.listMyBookings({
      q: ids[3]!.slice(0, 8).toUpperCase(),
      filter: "all",
      page: 1,
    });
    expect(byId.items.map((b) => b.id)).toContain(ids[3]);
    // As the list shows it: '#' and the first 8 characters.
    const shown = await customer.listMyBookings({
      q: `#${ids[3]!.slice(0, 8)}`,
      filter: "all",
      page: 1,
    });
    expect(shown.items.map((b) => b.id)).toEqual([ids[3]]);
  });

  it("filters upcoming (today or later, or no date) and past trips", async () => {
    actAs(t.w.b);
    expect((await customer.listMyBookings({ q: "", filter: "upcoming", page: 1 })).total).toBe(5);
    expect((await customer.listMyBookings({ q: "", filter: "past", page: 1 })).total).toBe(3);
  });
});

describe("messages", () => {
  it("a customer reads only their threads; another's thread is not found and stays untouched", async () => {
    actAs(t.w.b);
    const mine = await messages.listMyMessages();
    expect(new Set(mine.map((m) => m.threadId))).toEqual(new Set([t.w.threads.b]));
    expect(await messages.getMyThread(t.w.threads.a)).toBeNull();
    expect(
      await messages.replyInMyThread({ threadId: t.w.threads.a, message: "Let me in" }),
    ).toBeNull();
    expect(await messages.markMyThreadRead(t.w.threads.a)).toBe(false);
    const threadA = await t.db
      .select()
      .from(customerMessages)
      .where(eq(customerMessages.threadId, t.w.threads.a));
    expect(threadA).toHaveLength(2);
    expect(threadA.find((m) => m.isFromAdmin)?.isRead).toBe(false);

    const reply = await replyToThreadAction(
      undefined,
      form({ threadId: t.w.threads.a, message: "hello" }),
    );
    expect(reply).toMatchObject({
      status: "error",
      title: "Send Failed",
      message: "This conversation could not be found.",
    });
  });

  it("opening a thread marks its support replies read", async () => {
    actAs(t.w.a);
    expect(await messages.countMyUnreadReplies()).toBe(1);
    expect(await markThreadReadAction(undefined, form({ threadId: t.w.threads.a }))).toMatchObject({
      status: "success",
    });
    expect(await messages.countMyUnreadReplies()).toBe(0);
    // B's unread reply is untouched.
    actAs(t.w.b);
    expect(await messages.countMyUnreadReplies()).toBe(1);
  });

  it("a new message and a reply take email, user and author from the session, whatever the client sends", async () => {
    actAs(t.w.a);
    const sent = await sendMessageAction(
      undefined,
      form({
        subject: "Travel insurance",
        message: "Do you offer travel insurance?",
        customerEmail: t.w.b.email,
        customer_email: t.w.b.email,
        email: t.w.b.email,
        userId: t.w.b.id,
        user_id: t.w.b.id,
        isFromAdmin: "true",
        is_from_admin: true,
        isRead: true,
        threadId: t.w.threads.b,
      }),
    );
    expect(sent).toEqual(
      succeeded("Message Sent", "Your message has been sent to our support team"),
    );
    const [row] = await t.db
      .select()
      .from(customerMessages)
      .where(eq(customerMessages.subject, "Travel insurance"));
    expect(row).toMatchObject({
      customerEmail: t.w.a.email,
      userId: t.w.a.id,
      isFromAdmin: false,
      isRead: false,
    });
    expect(row!.threadId).not.toBe(t.w.threads.b);
    // Staff hear about it.
    const [mail] = await t.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.template, "customer-message-staff"))
      .orderBy(desc(emailOutbox.createdAt))
      .limit(1);
    expect(mail?.subject).toContain("Travel insurance");

    await replyToThreadAction(
      undefined,
      form({
        threadId: row!.threadId,
        message: "Also for children?",
        isFromAdmin: true,
        customerEmail: t.w.b.email,
      }),
    );
    const thread = await t.db
      .select()
      .from(customerMessages)
      .where(eq(customerMessages.threadId, row!.threadId));
    expect(thread).toHaveLength(2);
    for (const m of thread)
      expect(m).toMatchObject({
        customerEmail: t.w.a.email,
        userId: t.w.a.id,
        isFromAdmin: false,
        subject: "Travel insurance",
      });
  });

  it("a blank subject or message is 'Missing Information'", async () => {
    actAs(t.w.a);
    for (const input of [
      { subject: "  ", message: "Hello" },
      { subject: "Hi", message: "\n " },
      {},
    ]) {
      expect(await sendMessageAction(undefined, form(input))).toMatchObject({
        status: "invalid",
        title: "Missing Information",
        message: "Please provide both subject and message.",
      });
    }
  });
});

describe("Book New Trip", () => {
  it("stores the account's email and id (never the form's), no staff status, payment Pending", async () => {
    actAs(t.w.a);
    const [tour] = await t.db
      .select({ slug: tours.slug, title: tours.title })
      .from(tours)
      .where(eq(tours.isActive, true))
      .limit(1);
    const state = await createCustomerBookingAction(
      undefined,
      form({
        fullName: "Amelia Carter",
        phone: "07 not checked",
        address: "12 Hill Street\nLondon",
        tour: tour!.slug,
        departureDate: "",
        groupSize: "10",
        accommodation: "camping",
        dietary: "",
        specialRequests: "Window seats",
        terms: "true",
        email: t.w.b.email,
        userId: t.w.b.id,
        bookingStatus: "confirmed",
        paymentStatus: "Paid",
        idempotencyKey: crypto.randomUUID(),
      }),
    );
    expect(state).toEqual({
      ...succeeded(
        "Booking Submitted!",
        "Your booking request has been submitted successfully. We'll contact you soon!",
      ),
      data: { confirmation: expect.stringMatching(/^\/booking\/requested\/.+/) },
    });
    const [row] = await t.db
      .select()
      .from(bookings)
      .where(eq(bookings.specialRequests, "Window seats"));
    // The address the form goes on to is this request's confirmation page.
    const token = state.status === "success" ? state.data?.confirmation?.split("/").pop() : "";
    expect(verifyRequestPage(token!)?.bookingId).toBe(row!.id);
    // Already in the account: the page leads to My Bookings and offers no account to create.
    const html = renderToStaticMarkup(
      (await RequestedPage({ params: Promise.resolve({ token: token! }) })) as ReactElement,
    );
    expect(html).toContain("This request is in My Bookings");
    expect(html).toContain('href="/customer/bookings"');
    expect(html).not.toContain("Create an account");
    expect(row).toMatchObject({
      email: t.w.a.email,
      userId: t.w.a.id,
      source: "customer",
      // No staff status: the wizard's booking shows the age-derived labels (docs/decisions/0008).
      bookingStatus: null,
      paymentStatus: "Pending",
      groupSize: 10,
      departureDate: null,
      accommodationPreference: "camping",
      address: "12 Hill Street\nLondon",
    });
    expect(row!.tourPackage.startsWith(tour!.title)).toBe(true);
    // The confirmation mail names the choice as the form showed it.
    const [mail] = await t.db
      .select({ text: emailOutbox.textBody })
      .from(emailOutbox)
      .where(
        and(eq(emailOutbox.toAddress, t.w.a.email), eq(emailOutbox.template, "booking-received")),
      )
      .orderBy(desc(emailOutbox.createdAt))
      .limit(1);
    expect(mail?.text).toContain("Camping");
    expect(mail?.text).not.toContain("camping");
  });

  it("refuses a missing terms box ('Terms Required'), a past date and a group over 10", async () => {
    actAs(t.w.a);
    const base = { fullName: "A", phone: "1", tour: "custom", groupSize: "2", terms: "true" };
    expect(
      await createCustomerBookingAction(undefined, form({ ...base, terms: "" })),
    ).toMatchObject({
      status: "invalid",
      title: "Terms Required",
      message: "Please accept the terms and conditions to proceed.",
    });
    const past = await createCustomerBookingAction(
      undefined,
      form({ ...base, departureDate: "2020-01-01" }),
    );
    expect(past.status === "invalid" && past.fieldErrors.departureDate).toEqual([
      "Departure date cannot be in the past",
    ]);
    const big = await createCustomerBookingAction(undefined, form({ ...base, groupSize: "11" }));
    expect(big.status === "invalid" && big.fieldErrors.groupSize).toBeTruthy();
    const missing = await createCustomerBookingAction(
      undefined,
      form({ ...base, fullName: " ", phone: "" }),
    );
    expect(missing.status === "invalid" && Object.keys(missing.fieldErrors).sort()).toEqual([
      "fullName",
      "phone",
    ]);
  });
});

describe("profile", () => {
  it("updates name, phone and country of the caller only (an id in the request is ignored)", async () => {
    actAs(t.w.b);
    const state = await updateProfileAction(
      undefined,
      form({
        fullName: "Brian O.",
        email: t.w.b.email,
        phone: "+256 701 111 222",
        country: "Uganda",
        id: t.w.a.id,
        userId: t.w.a.id,
      }),
    );
    expect(state).toMatchObject(
      succeeded("Profile Updated", "Your profile information has been saved successfully."),
    );
    expect(await userRow(t.db, t.w.b.id)).toMatchObject({
      name: "Brian O.",
      phone: "+256 701 111 222",
      country: "Uganda",
    });
    expect((await userRow(t.db, t.w.a.id)).name).toBe("Amelia Carter");
  });

  it("an email change needs the current password and takes effect from the new address's link", async () => {
    actAs(t.w.b);
    const newEmail = `brian.new-${t.w.b.id.slice(0, 6)}@example.com`;
    // A wrong current password, or none: refused on the field it is about, with what was typed
    // kept (never the password).
    for (const currentPassword of ["not it", undefined]) {
      const refused = await updateProfileAction(
        undefined,
        form({ fullName: "Brian O.", email: newEmail, currentPassword }),
      );
      expect(refused).toMatchObject({
        status: "invalid",
        fieldErrors: {
          currentPassword: ["Your current password is incorrect. Enter it to change your email."],
        },
        values: { fullName: "Brian O.", email: newEmail },
      });
    }

    const ok = await updateProfileAction(
      undefined,
      form({ fullName: "Brian O.", email: newEmail, currentPassword: WORLD_PASSWORD }),
    );
    expect(ok).toMatchObject({
      status: "success",
      title: "Profile Updated",
      data: { email: t.w.b.email, emailChangeRequested: newEmail },
    });
    expect((await userRow(t.db, t.w.b.id)).email).toBe(t.w.b.email);
    expect((await account.getMyProfile()).pendingEmail).toBe(newEmail);

    const mail = await latestMail(t.db, newEmail, "email-change");
    expect(await latestMail(t.db, t.w.b.email, "email-change-notice")).toBeTruthy();
    const token = /token=([A-Za-z0-9_-]+)&type=email-change/.exec(mail!.textBody)?.[1];
    expect(token).toBeTruthy();
    expect(await consumeEmailLink(token!)).toMatchObject({
      status: "ok",
      kind: "email-changed",
      user: { id: t.w.b.id, email: newEmail },
    });
    expect((await userRow(t.db, t.w.b.id)).email).toBe(newEmail);
    expect(await consumeEmailLink(token!)).toEqual({ status: "invalid" });
    t.w.b.email = newEmail;
  });

  it("an address that already has an account gets no link, and the answer is the same", async () => {
    actAs(t.w.b);
    const state = await updateProfileAction(
      undefined,
      form({
        fullName: "Grace Namutebi",
        email: t.w.a.email.toUpperCase(),
        currentPassword: WORLD_PASSWORD,
      }),
    );
    expect(state).toMatchObject({ status: "success", title: "Profile Updated" });
    const mails = await t.db
      .select()
      .from(emailOutbox)
      .where(
        and(
          sql`lower(${emailOutbox.toAddress}) = ${t.w.a.email}`,
          eq(emailOutbox.template, "email-change"),
        ),
      );
    expect(mails).toEqual([]);
  });
});

describe("email preferences", () => {
  it("refuses turning off booking updates or messages from the team, in the action and the DAL", async () => {
    actAs(t.w.a);
    const before = (await userRow(t.db, t.w.a.id)).emailPreferences;
    for (const locked of ["booking_updates", "admin_messages"]) {
      const state = await savePreferencesAction(
        undefined,
        form({
          newsletter: false,
          booking_updates: true,
          promotional_emails: true,
          trip_reminders: false,
          admin_messages: true,
          [locked]: false,
        }),
      );
      expect(state).toEqual({
        status: "error",
        title: "Save Failed",
        message: "Booking updates and messages from our team cannot be turned off.",
        values: expect.any(Object),
      });
    }
    await expect(
      account.saveMyPreferences({
        newsletter: true,
        booking_updates: false,
        promotional_emails: false,
        trip_reminders: true,
        admin_messages: true,
      }),
    ).rejects.toThrow(new DomainError("preferences_locked"));
    expect((await userRow(t.db, t.w.a.id)).emailPreferences).toEqual(before);
  });

  it("dates the preferences from their last save (the account's creation until then)", async () => {
    actAs(t.w.b);
    const created = (await userRow(t.db, t.w.b.id)).createdAt;
    expect((await account.getMyPreferences()).updatedAt).toEqual(created);
    const before = Date.now();
    await savePreferencesAction(
      undefined,
      form({
        newsletter: false,
        booking_updates: true,
        promotional_emails: false,
        trip_reminders: true,
        admin_messages: true,
      }),
    );
    const saved = (await account.getMyPreferences()).updatedAt;
    expect(saved.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(saved.getTime()).toBeGreaterThan(created.getTime());
  });

  it("saves the toggles and syncs the newsletter both ways (spec section 4)", async () => {
    actAs(t.w.a);
    const subscription = async () =>
      (
        await t.db
          .select()
          .from(newsletterSubscriptions)
          .where(sql`lower(${newsletterSubscriptions.email}) = ${t.w.a.email}`)
      )[0];
    expect((await account.getMyPreferences()).newsletterSubscribed).toBe(false);
    expect(await subscription()).toBeUndefined();

    const prefs = {
      booking_updates: true,
      admin_messages: true,
      promotional_emails: true,
      trip_reminders: false,
    };
    const on = await savePreferencesAction(undefined, form({ ...prefs, newsletter: true }));
    expect(on).toEqual({
      status: "success",
      title: "Preferences Saved",
      message: "Your email preferences have been updated successfully.",
      data: { newsletterSubscribed: "true" },
    });
    expect((await subscription())?.isActive).toBe(true);
    expect(await account.getMyPreferences()).toMatchObject({
      newsletterSubscribed: true,
      preferences: {
        newsletter: true,
        booking_updates: true,
        promotional_emails: true,
        trip_reminders: false,
        admin_messages: true,
      },
    });

    await savePreferencesAction(undefined, form({ ...prefs, newsletter: false }));
    expect((await subscription())?.isActive).toBe(false);
    expect((await account.getMyPreferences()).newsletterSubscribed).toBe(false);

    await savePreferencesAction(undefined, form({ ...prefs, newsletter: true }));
    expect((await subscription())?.isActive).toBe(true);
    const rows = await t.db
      .select()
      .from(newsletterSubscriptions)
      .where(sql`lower(${newsletterSubscriptions.email}) = ${t.w.a.email}`);
    expect(rows).toHaveLength(1);

    // B's subscription is not A's business.
    actAs(t.w.b);
    expect((await account.getMyPreferences()).newsletterSubscribed).toBe(false);
  });
});

describe("sessions", () => {
  it("a deleted account or an unverified one is signed out", async () => {
    actAs(t.w.unverified);
    expect(await expectRedirect(() => account.getMyProfile())).toBe("/customer/auth");
    actAs({ id: crypto.randomUUID(), email: "ghost@example.com", name: "Ghost" });
    expect(await expectRedirect(() => account.getMyProfile())).toBe("/customer/auth");
    actAs({ id: "not-a-uuid", email: "ghost@example.com", name: "Ghost" });
    expect(await expectRedirect(() => customer.getDashboard())).toBe("/customer/auth");
  });

  it("reads the current email from the database, not the token", async () => {
    actAs({ ...t.w.a, email: "stale@example.com" });
    expect((await account.getMyProfile()).email).toBe(t.w.a.email);
    const [u] = await t.db
      .select({ v: users.sessionVersion })
      .from(users)
      .where(eq(users.id, t.w.a.id));
    expect(u!.v).toBe(1);
    expect(daysBetween(todayInKampala(), todayInKampala())).toBe(0);
  });
});

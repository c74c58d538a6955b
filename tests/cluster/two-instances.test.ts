/**
 * Two production instances as one site (tests/cluster/harness.ts): what must hold across them.
 * One cluster for the file (starting one takes ~15 s); each test uses accounts, tours and client
 * addresses of its own.
 *
 * - Sessions: a session is a database row (lib/accounts/data/sessions.ts) and its cookie is signed
 *   with the shared AUTH_SECRET: a sign-in through one instance holds on the other, a sign-out on
 *   either ends it everywhere.
 * - Server actions: a page rendered by one instance posts its action to the other (the browser,
 *   with the POST routed there).
 * - Rate limits: counted in the shared Redis store, whichever instance answers.
 * - Seats: two hundred checkout holds and payments at once over both instances for the last ten
 *   seats of a departure never take it past its capacity (the departure's row lock in Postgres);
 *   the paid holds are confirmed, and the unpaid ones' seats are on sale again the moment they
 *   lapse.
 * - The page cache: in Redis (lib/cache/cache-handler.mjs); a tour changed through one
 *   instance is served changed by the other within a second, on /, /tours and the tour page.
 */
import { and, asc, eq, isNotNull, isNull, sql } from "drizzle-orm";
import { chromium } from "@playwright/test";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import type { Db } from "@/db";
import { bookings, contacts, departures, tours } from "@/db/schema";
import { seatsTakenOf } from "@/lib/departures/data/seats";
import { tripEndDate } from "@/lib/departures/rules";

import { inDays, publicBookingValues } from "../helpers/payloads";
import { ContactFormPage } from "../e2e/pages/contact-form";
import { testChromiumPath } from "../e2e/support/browser";
import { type Cluster, INSTANCE_HEADER, startCluster } from "./harness";
import {
  actionId,
  CookieJar,
  createAccount,
  type HttpResponse,
  openClusterDb,
  postAction,
  request,
} from "./support";

const PASSWORD = "bwindi-forest-canopy-2027";

/** Where a server action's answer sends the browser (Next's x-action-redirect), or null. */
function redirectOf(response: HttpResponse): string | null {
  const header = response.headers["x-action-redirect"];
  const value = Array.isArray(header) ? header[0] : header;
  return value ? value.split(";")[0]! : null;
}

function expectSignInRedirect(response: HttpResponse, page = "/customer/auth") {
  expect([302, 303, 307]).toContain(response.status);
  expect(response.headers.location).toContain(page);
}

let cluster: Cluster;
let db: Db;
let closeDb: () => Promise<void>;

beforeAll(async () => {
  // The demo checkout takes the payments of the seat test (a production build refuses it unasked).
  cluster = await startCluster({ instances: 2, env: { ALLOW_DEMO_PAYMENTS: "1" } });
  ({ db, close: closeDb } = await openClusterDb(cluster));
});

afterAll(async () => {
  await closeDb?.();
  await cluster?.stop();
});

describe("sessions across instances", () => {
  it("signs in through A, is signed in on B, signs out on B, and the cookie is refused on A", async () => {
    const email = "amina.cluster@example.com";
    await createAccount(db, { email, password: PASSWORD });
    const jar = new CookieJar();
    const signIn = await postAction(
      cluster.url,
      "/customer/auth",
      actionId("actions/accounts.ts", "signInAction"),
      { email, password: PASSWORD },
      { instance: 0, jar },
    );
    expect(signIn.result?.status).toBe("success");
    expect([...jar.cookies.keys()].some((name) => name.includes("session-token"))).toBe(true);

    // Signed out, /customer redirects to the sign-in page (proxy.ts); signed in, it renders.
    expectSignInRedirect(await request(`${cluster.url}/customer`, { instance: 1 }));
    const onB = await request(`${cluster.url}/customer`, { instance: 1, jar });
    expect(onB.status).toBe(200);
    expect(onB.body).toContain(email);

    const replay = jar.clone();
    const signOut = await postAction(
      cluster.url,
      "/customer",
      actionId("actions/accounts.ts", "signOutAction"),
      {},
      { instance: 1, jar },
    );
    expect(signOut.result?.status).toBe("success");

    // The old cookie, replayed on either instance, no longer opens the account.
    expectSignInRedirect(await request(`${cluster.url}/customer`, { instance: 0, jar: replay }));
    expectSignInRedirect(await request(`${cluster.url}/customer`, { instance: 1, jar: replay }));
  });
});

describe("server actions across instances", () => {
  it("sends the contact form of a page rendered by A to B, as the browser posts it", async () => {
    const browser = await chromium.launch({
      executablePath: testChromiumPath(),
      args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run"],
    });
    try {
      const context = await browser.newContext({ baseURL: cluster.url });
      // No cookie banner over the form (lib/cookie-consent.ts).
      await context.addInitScript(() =>
        localStorage.setItem(
          "cookieConsent",
          JSON.stringify({ functional: true, personalization: false }),
        ),
      );
      const page = await context.newPage();
      const routed: number[] = [];
      // Every request of the page goes to A, except the action's POST, which goes to B.
      await page.route(`${cluster.url}/**`, async (route) => {
        const isAction =
          route.request().method() === "POST" && route.request().headers()["next-action"];
        const instance = isAction ? 1 : 0;
        if (isAction) routed.push(instance);
        await route.continue({
          headers: { ...route.request().headers(), [INSTANCE_HEADER]: String(instance) },
        });
      });
      const hitsBefore = [...cluster.hits];
      const contact = new ContactFormPage(page);
      await contact.goto();
      const email = "kato.cluster@example.com";
      await contact.fill({
        name: "Kato Cluster",
        email,
        subject: "Two instances",
        message: "Posted to the other one.",
      });
      await contact.send.click();
      await contact.toasts.expectToast("Message Sent!");

      expect(routed).toEqual([1]);
      expect(cluster.hits[1]! - hitsBefore[1]!).toBe(1);
      const saved = await db.select().from(contacts).where(eq(contacts.email, email));
      expect(saved).toHaveLength(1);
    } finally {
      await browser.close();
    }
  });
});

describe("rate limits across instances", () => {
  it("counts the contact form's 5 a minute per address over both instances: the 6th is refused", async () => {
    const id = actionId("actions/messages.ts", "sendContactMessageAction");
    const results: (string | undefined)[] = [];
    for (let i = 0; i < 6; i += 1) {
      const response = await postAction(
        cluster.url,
        "/contact",
        id,
        {
          name: "Limit Tester",
          email: `limit${i}@example.com`,
          country: "",
          phone: "",
          subject: "Counting",
          message: `Message ${i}`,
        },
        // One client (its own source address), alternating between the instances.
        { instance: i % 2, localAddress: "127.0.0.77" },
      );
      expect(response.status).toBeLessThan(500);
      results.push(response.result?.status === "success" ? "sent" : response.result?.title);
    }
    expect(results).toEqual(["sent", "sent", "sent", "sent", "sent", "Too Many Requests"]);
    // Another client is not held back by the first one's count.
    const other = await postAction(
      cluster.url,
      "/contact",
      id,
      { name: "Other Client", email: "other@example.com", subject: "Hello", message: "Hi" },
      { instance: 0, localAddress: "127.0.0.78" },
    );
    expect(other.result?.status).toBe("success");
  });
});

describe("seats across instances", () => {
  it("200 holds and payments at once over both instances for the last 10 seats: never past capacity, and expired holds' seats on sale again at once", async () => {
    const [tour] = await db
      .update(tours)
      .set({ bookingMode: "both" })
      .where(eq(tours.slug, "lakeside-safari"))
      .returning({ id: tours.id, days: tours.durationDays });
    const startDate = inDays(200);
    const [departure] = await db
      .insert(departures)
      .values({
        tourId: tour!.id,
        startDate,
        endDate: tripEndDate(startDate, tour!.days),
        capacity: 10,
      })
      .returning({ id: departures.id });

    const submit = actionId("actions/bookings.ts", "submitBookingAction");
    const pay = actionId("actions/payments.ts", "payAction");
    const demoPay = actionId("actions/payments.ts", "payDemoOrderAction");
    // A buyer of its own each: an address (the booking form's limits count per address) and an
    // email; every other request to the other instance.
    const buyer = (i: number) => ({
      instance: i % 2,
      localAddress: `127.0.${2 + Math.floor(i / 250)}.${2 + (i % 250)}`,
    });
    const sizes = Array.from({ length: 200 }, (_, i) => (i % 3) + 1);
    const hold = (i: number) =>
      postAction(
        cluster.url,
        "/booking",
        submit,
        publicBookingValues({
          tour: "lakeside-safari",
          departure: departure!.id,
          groupSize: String(sizes[i]),
          email: `seat${i}@example.com`,
        }),
        buyer(i),
      );
    /** The buyer pays the deposit at the demo checkout and comes back, as a browser does. */
    const payDeposit = async (i: number, payPage: string) => {
      const token = payPage.replace(/^\/pay\//, "");
      const started = await postAction(
        cluster.url,
        payPage,
        pay,
        { token, kind: "deposit" },
        buyer(i),
      );
      const checkout = redirectOf(started);
      if (!checkout?.includes("/pay/demo/")) return false;
      const trackingId = checkout.split("/").at(-1)!;
      const paid = await postAction(
        cluster.url,
        `/pay/demo/${trackingId}`,
        demoPay,
        { trackingId, choice: "mtn" },
        buyer(i),
      );
      const back = redirectOf(paid);
      if (!back) return false;
      // The return step asked the provider already; the browser lands on the result page.
      const settled = await request(new URL(back, cluster.url).href, { ...buyer(i) });
      return settled.status < 500;
    };

    // The first half of the buyers hold at once; then the second half hold while half of those
    // who got seats pay, all at once.
    const first = await Promise.all(sizes.slice(0, 100).map((_, i) => hold(i)));
    const held = first.flatMap((a, i) => (redirectOf(a)?.startsWith("/pay/") ? [i] : []));
    // At least four groups of at most three held the ten seats: half of them pay, half do not.
    expect(held.length).toBeGreaterThanOrEqual(4);
    const payers = held.slice(0, Math.ceil(held.length / 2));
    const [second] = await Promise.all([
      Promise.all(sizes.slice(100).map((_, j) => hold(100 + j))),
      Promise.all(payers.map((i) => payDeposit(i, redirectOf(first[i]!)!))),
    ]);
    const answers = [...first, ...second];
    expect(answers.filter((a) => a.status >= 500)).toEqual([]);
    answers.forEach((a) => {
      if (redirectOf(a)?.startsWith("/pay/")) return;
      expect(["Not Enough Seats", "Seats Already Held"]).toContain(a.result?.title);
    });

    const takingSeats = async () => {
      const [row] = await db
        .select({ seats: seatsTakenOf(departures.id) })
        .from(departures)
        .where(eq(departures.id, departure!.id));
      return Number(row!.seats);
    };
    const taken = await takingSeats();
    expect(taken).toBeLessThanOrEqual(10);
    const rows = await db
      .select({
        email: bookings.email,
        groupSize: bookings.groupSize,
        bookingStatus: bookings.bookingStatus,
        paymentStatus: bookings.paymentStatus,
      })
      .from(bookings)
      .where(eq(bookings.departureId, departure!.id));
    // Every hold answered is a booking, every paid one confirmed, and the confirmed ones fit.
    const succeeded = answers.flatMap((a, i) =>
      redirectOf(a)?.startsWith("/pay/") ? [`seat${i}@example.com`] : [],
    );
    expect(rows.map((r) => r.email).sort()).toEqual([...new Set(succeeded)].sort());
    const confirmed = rows.filter((r) => r.bookingStatus === "confirmed");
    expect(confirmed.every((r) => r.paymentStatus === "Deposit Made")).toBe(true);
    expect(confirmed.map((r) => r.email).sort()).toEqual(
      payers.map((i) => `seat${i}@example.com`).sort(),
    );

    // The unpaid holds lapse: their seats are on sale again at once, through either instance.
    await db
      .update(bookings)
      .set({ holdExpiresAt: sql`now() - interval '1 second'` })
      .where(and(eq(bookings.departureId, departure!.id), isNull(bookings.bookingStatus)));
    const paidSeats = confirmed.reduce((sum, r) => sum + r.groupSize, 0);
    expect(await takingSeats()).toBe(paidSeats);
    const free = 10 - paidSeats;
    expect(free).toBeGreaterThan(0);
    const late = await postAction(
      cluster.url,
      "/booking",
      submit,
      publicBookingValues({
        tour: "lakeside-safari",
        departure: departure!.id,
        groupSize: String(Math.min(free, 3)),
        email: "late@example.com",
      }),
      { instance: 1, localAddress: "127.0.9.9" },
    );
    expect(redirectOf(late)).toMatch(/^\/pay\//);
  });
});

describe("page cache across instances", () => {
  it("serves a tour hidden through A as hidden by B within a second, on /, /tours and the tour page, and back", async () => {
    const [tour] = await db
      .select({ id: tours.id, slug: tours.slug, title: tours.title })
      .from(tours)
      .where(and(eq(tours.isActive, true), isNotNull(tours.featuredRank)))
      .orderBy(asc(tours.featuredRank))
      .limit(1);
    expect(tour).toBeDefined();
    // A link to the tour (its page, or the booking wizard with the tour chosen).
    const link = new RegExp(`(/tour/|tour=)${tour!.slug}["&]`);
    const pages = ["/", "/tours", `/tour/${tour!.slug}`];
    // The tour page of a hidden tour is 'Tour Not Found' with a 404 (its RSC payload carries that
    // text in every case, as the segment's not-found boundary).
    const listed = (path: string, response: HttpResponse) =>
      path.startsWith("/tour/") ? response.status === 200 : link.test(response.body);

    // B renders and caches every page; its second answer comes from the shared cache.
    for (const path of pages) {
      const first = await request(`${cluster.url}${path}`, { instance: 1 });
      expect(first.status).toBe(200);
      expect(listed(path, first)).toBe(true);
      const second = await request(`${cluster.url}${path}`, { instance: 1 });
      expect(second.headers["x-nextjs-cache"]).toBe("HIT");
    }

    const email = "desk.cluster@example.com";
    await createAccount(db, { email, password: PASSWORD, role: "staff" });
    const jar = new CookieJar();
    const signIn = await postAction(
      cluster.url,
      "/admin/login",
      actionId("actions/accounts.ts", "adminSignInAction"),
      { email, password: PASSWORD, code: "" },
      { instance: 0, jar },
    );
    expect(signIn.result?.status).toBe("success");

    const setActive = actionId("actions/tours.ts", "setTourActiveAction");
    for (const isActive of [false, true]) {
      const changed = await postAction(
        cluster.url,
        "/admin/tours",
        setActive,
        { id: tour!.id, isActive },
        { instance: 0, jar },
      );
      expect(changed.result?.status).toBe("success");
      const since = performance.now();
      for (const path of pages) {
        // Asked again until it shows the change, for at most a second after the action answered.
        let response: HttpResponse;
        do {
          response = await request(`${cluster.url}${path}`, { instance: 1 });
          expect(response.status).toBeLessThan(500);
        } while (listed(path, response) !== isActive && performance.now() - since < 1_000);
        expect({ path, listed: listed(path, response) }).toEqual({ path, listed: isActive });
      }
      console.log(
        `tour ${isActive ? "shown" : "hidden"} through A: B served the change after ${Math.round(performance.now() - since)} ms`,
      );
    }
  });
});

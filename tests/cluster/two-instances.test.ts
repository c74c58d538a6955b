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
 * - Seats: sixty bookings at once over both instances for the last ten seats of a departure
 *   fill it exactly, never past its capacity (the departure's row lock in Postgres).
 * - The page cache: in Redis (lib/cache/cache-handler.mjs); a tour changed through one
 *   instance is served changed by the other within a second, on /, /tours and the tour page.
 */
import { and, asc, eq, isNotNull } from "drizzle-orm";
import { chromium } from "@playwright/test";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import type { Db } from "@/db";
import { bookings, contacts, departures, tours } from "@/db/schema";
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

function expectSignInRedirect(response: HttpResponse, page = "/customer/auth") {
  expect([302, 303, 307]).toContain(response.status);
  expect(response.headers.location).toContain(page);
}

let cluster: Cluster;
let db: Db;
let closeDb: () => Promise<void>;

beforeAll(async () => {
  cluster = await startCluster({ instances: 2 });
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
  it("books 60 groups of 1-3 at once over both instances for 10 seats: exactly those that fit", async () => {
    const [tour] = await db
      .update(tours)
      .set({ bookingMode: "both" })
      .where(eq(tours.slug, "lakeside-safari"))
      .returning({ id: tours.id, days: tours.durationDays });
    const startDate = inDays(75);
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
    const sizes = Array.from({ length: 60 }, (_, i) => (i % 3) + 1);
    const answers = await Promise.all(
      sizes.map((groupSize, i) =>
        postAction(
          cluster.url,
          "/booking",
          submit,
          publicBookingValues({
            tour: "lakeside-safari",
            departure: departure!.id,
            groupSize: String(groupSize),
            email: `seat${i}@example.com`,
          }),
          // A client address of its own each (the booking form's limits count per address).
          { instance: i % 2, localAddress: `127.0.1.${2 + i}` },
        ),
      ),
    );
    expect(answers.filter((a) => a.status >= 500)).toEqual([]);
    const saved = await db
      .select({ email: bookings.email, groupSize: bookings.groupSize })
      .from(bookings)
      .where(eq(bookings.departureId, departure!.id));
    const taken = saved.reduce((sum, b) => sum + b.groupSize, 0);
    expect(taken).toBeLessThanOrEqual(10);
    // Saved are exactly the answered successes; every other answer is the seats refusal, and
    // fair: seats only went down, so each refused group is larger than what is left.
    const succeeded = answers.flatMap((a, i) => (a.result?.status === "success" ? [i] : []));
    expect(saved.map((b) => b.email).sort()).toEqual(succeeded.map((i) => `seat${i}@example.com`).sort());
    answers.forEach((a, i) => {
      if (a.result?.status === "success") return;
      expect(a.result?.title).toBe("Not Enough Seats");
      expect(sizes[i]).toBeGreaterThan(10 - taken);
    });
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

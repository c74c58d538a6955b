/**
 * Authorization matrix of everything a visitor can call: the public server actions (account, booking,
 * contact, newsletter) and the route handlers, each called by a visitor, customer A, customer B and
 * an admin, through the real Auth.js stack (each actor really signed in, in its own cookie jar).
 *
 * Each operation aims at customer A's account or data. Expected, for every actor alike: the public
 * answer anyone gets (never more because the caller is signed in), and nothing of A's
 * changed (profile, password, verification, bookings, subscription). Operation names carry their
 * target as "<path>#<export>" (tests/unit/authz-coverage.test.ts checks every export has one).
 */
import { eq } from "drizzle-orm";
import { NextRequest } from "next/server";
import { beforeAll, describe, expect } from "vitest";

import { bookings, newsletterSubscriptions, users } from "@/db/schema";
import {
  adminSignInAction,
  forgotPasswordAction,
  resendVerificationAction,
  resetPasswordAction,
  signInAction,
  signOutAction,
  signUpAction,
} from "@/actions/accounts";
import { sendContactMessageAction } from "@/actions/messages";
import { subscribeNewsletterAction } from "@/actions/newsletter";
import { joinWaitlistAction } from "@/actions/departures";
import * as authRoute from "@/app/api/auth/[...nextauth]/route";
import * as verifyRoute from "@/app/api/auth/verify/route";
import * as jobsRoute from "@/app/api/jobs/run/route";
import * as unsubscribeRoute from "@/app/api/newsletter/unsubscribe/route";
import * as paymentIpnRoute from "@/app/api/payments/pesapal/ipn/route";
import * as paymentReturnRoute from "@/app/api/payments/return/route";
import { auth } from "@/auth";
import { createBooking } from "@/lib/bookings/data/requests";
import { env } from "@/lib/env";
import { resetRateLimits } from "@/lib/rate-limit";
import { type AnswerOperation, customerArea, openMatrixWorld } from "@/tests/helpers/authz-matrix";
import { WORLD_PASSWORD } from "@/tests/helpers/customer-world";
import { makeDeparture, newRequest, sellingTour } from "@/tests/helpers/departures-world";
import { fakeRequest, newVisitor } from "@/tests/helpers/fake-request";
import { requestAnswer } from "@/tests/helpers/requested";
import { asFormData, inDays, publicBookingValues } from "@/tests/helpers/payloads";

const m = openMatrixWorld();
/** A departure whose seats are all taken (made before the tests): its waitlist is open. */
let fullDepartureId = "";
type Actor = (typeof customerArea.actors)[number];

let ip = 0;
/** A new browser for `who`, signed in for real unless a visitor. */
async function browserOf(who: Actor) {
  newVisitor(`192.0.2.${(++ip % 250) + 1}`);
  resetRateLimits();
  const user = m.userOf(who);
  if (!user) return;
  const signedIn = await signInAction(
    undefined,
    asFormData({ email: user.email, password: WORLD_PASSWORD }),
  );
  expect(signedIn.status, `${who} signs in`).toBe("success");
  expect((await auth())?.user?.email).toBe(user.email);
}

async function stillSignedIn(who: Actor) {
  const user = m.userOf(who);
  if (!user) return fakeRequest.jar.size === 0 && (await auth()) === null;
  return (await auth())?.user?.email === user.email;
}

const toastOf = (state: { status: string; title?: string; message?: string }) =>
  `${state.status}: ${state.title ?? ""}${state.message ? ` / ${state.message}` : ""}`;

/** A request to a route handler from the current browser (its cookies). */
function request(
  url: string,
  init: { method?: string; body?: BodyInit; headers?: HeadersInit } = {},
) {
  const headers = new Headers(init.headers);
  const cookie = [...fakeRequest.jar].map(([k, v]) => `${k}=${v}`).join("; ");
  if (cookie) headers.set("cookie", cookie);
  return new NextRequest(new URL(url, "http://localhost:3000"), { ...init, headers });
}

/** A POST of `body`, of this content type, to a route handler from the current browser. */
const post = (url: string, contentType: string, body: string) =>
  request(url, { method: "POST", headers: { "content-type": contentType }, body });

/**
 * What each operation answered, reduced to what the actor could observe. The expectation is the
 * same for every actor: a public endpoint answers a signed-in caller as it answers anyone.
 */
const anyone = (answer: string | RegExp) => customerArea.everyone(answer);

const operations = (): AnswerOperation[] => [
  {
    name: "actions/accounts.ts#signInAction (A's email, wrong password)",
    expected: anyone("error: Sign In Failed / Invalid email or password"),
    run: async () =>
      toastOf(
        await signInAction(
          undefined,
          asFormData({ email: m.w.a.email, password: "not-the-password" }),
        ),
      ),
  },
  {
    name: "actions/accounts.ts#adminSignInAction (A, a customer, with A's own password)",
    expected: anyone("error: Access Denied / You don't have admin privileges"),
    run: async () =>
      toastOf(
        await adminSignInAction(
          undefined,
          asFormData({ email: m.w.a.email, password: WORLD_PASSWORD }),
        ),
      ),
  },
  {
    name: "actions/accounts.ts#signUpAction (A's email, another password)",
    expected: anyone("success: Account Created / Please check your email to verify your account"),
    run: async () =>
      toastOf(
        await signUpAction(
          undefined,
          asFormData({
            fullName: "Someone Else",
            email: m.w.a.email,
            password: "lake bunyonyi islands",
            phone: "+256 700 111 222",
          }),
        ),
      ),
  },
  {
    name: "actions/accounts.ts#resendVerificationAction (A's email)",
    expected: anyone(/^success: Verification Email Sent/),
    run: async () =>
      toastOf(await resendVerificationAction(undefined, asFormData({ email: m.w.a.email }))),
  },
  {
    name: "actions/accounts.ts#forgotPasswordAction (A's email)",
    expected: anyone(/^success: Check Your Email/),
    run: async () =>
      toastOf(await forgotPasswordAction(undefined, asFormData({ email: m.w.a.email }))),
  },
  {
    name: "actions/accounts.ts#resetPasswordAction (a made-up token)",
    expected: anyone(
      "error: Reset Failed / This reset link is invalid or has expired. Please request a new one.",
    ),
    run: async () =>
      toastOf(
        await resetPasswordAction(
          undefined,
          asFormData({
            token: "a".repeat(64),
            password: "lake bunyonyi islands",
            confirmPassword: "lake bunyonyi islands",
          }),
        ),
      ),
  },
  {
    name: "actions/bookings.ts#submitBookingAction (under A's email)",
    expected: anyone("requested: sent to its confirmation page"),
    run: async () => {
      // Sent by each caller, the same request is one: each is sent to the same page.
      const answer = await requestAnswer(
        asFormData(publicBookingValues({ email: m.w.a.email, startDate: inDays(40) })),
      );
      return answer.status === "requested"
        ? "requested: sent to its confirmation page"
        : toastOf(answer);
    },
  },
  {
    name: "actions/messages.ts#sendContactMessageAction (under A's email)",
    expected: anyone(/^success: Message Sent!/),
    run: async () =>
      toastOf(
        await sendContactMessageAction(
          undefined,
          asFormData({
            name: "Matrix",
            email: m.w.a.email,
            subject: "Hello",
            message: "A question about permits for next year.",
          }),
        ),
      ),
  },
  {
    name: "actions/newsletter.ts#subscribeNewsletterAction (A's email, already subscribed)",
    expected: anyone(
      "error: Already Subscribed / This email is already subscribed to our newsletter.",
    ),
    run: async () =>
      toastOf(await subscribeNewsletterAction(undefined, asFormData({ email: m.w.a.email }))),
  },
  {
    name: "actions/departures.ts#joinWaitlistAction (A's email, a full departure)",
    // The first call joins unconfirmed, each later one mails that one request a new link.
    expected: anyone(
      "success: Check Your Email / To join the waitlist, confirm your email with the link we just sent you. It works for 24 hours.",
    ),
    run: async () =>
      toastOf(
        await joinWaitlistAction(
          undefined,
          asFormData({
            departureId: fullDepartureId,
            fullName: "Matrix",
            email: m.w.a.email,
            groupSize: "2",
          }),
        ),
      ),
  },
  {
    name: "app/api/auth/[...nextauth]/route.ts#GET (/api/auth/session)",
    // Only the caller's own session: A's to A, never to anyone else.
    expected: {
      visitor: "200: not A's",
      customerA: "200: A's",
      customerB: "200: not A's",
      admin: "200: not A's",
    },
    run: async () => {
      const response = await authRoute.GET(request("/api/auth/session"));
      const text = await response.text();
      return `${response.status}: ${text.includes(m.w.a.email) ? "A's" : "not A's"}`;
    },
  },
  {
    name: "app/api/auth/[...nextauth]/route.ts#POST (credentials callback with A's password)",
    expected: anyone("404"),
    run: async () => {
      const form = new URLSearchParams({ email: m.w.a.email, password: WORLD_PASSWORD });
      const response = await authRoute.POST(
        post("/api/auth/callback/credentials", "application/x-www-form-urlencoded", `${form}`),
      );
      return String(response.status);
    },
  },
  {
    name: "app/api/auth/verify/route.ts#GET (a made-up token)",
    expected: anyone("303 /customer/auth?notice=link-invalid"),
    run: async () => {
      const response = await verifyRoute.GET(request(`/api/auth/verify?token=${"b".repeat(64)}`));
      return `${response.status} ${response.headers.get("location")}`;
    },
  },
  {
    name: "app/api/newsletter/unsubscribe/route.ts#GET (A's email, forged token)",
    expected: anyone("403"),
    run: async () => {
      const query = new URLSearchParams({ email: m.w.a.email, token: "c".repeat(43) });
      return String(
        (await unsubscribeRoute.GET(request(`/api/newsletter/unsubscribe?${query}`))).status,
      );
    },
  },
  {
    name: "app/api/newsletter/unsubscribe/route.ts#POST (A's email, forged token)",
    expected: anyone("403"),
    run: async () => {
      const query = new URLSearchParams({ email: m.w.a.email, token: "c".repeat(43) });
      const response = await unsubscribeRoute.POST(
        request(`/api/newsletter/unsubscribe?${query}`, { method: "POST" }),
      );
      return String(response.status);
    },
  },
  {
    name: "app/api/payments/pesapal/ipn/route.ts#GET (a notification of an order never issued)",
    // Never believed: an order we do not know is asked of nobody and not acknowledged (Pesapal's
    // acknowledgement with status 500 in its body, inside an HTTP 200).
    expected: anyone("200 status 500"),
    run: async () => {
      const query = new URLSearchParams({
        OrderTrackingId: crypto.randomUUID(),
        OrderMerchantReference: "BU-FORGED",
        OrderNotificationType: "IPNCHANGE",
      });
      const response = await paymentIpnRoute.GET(request(`/api/payments/pesapal/ipn?${query}`));
      return `${response.status} status ${(await response.json()).status}`;
    },
  },
  {
    name: "app/api/payments/pesapal/ipn/route.ts#POST (a notification of an order never issued)",
    expected: anyone("200 status 500"),
    run: async () => {
      const notification = {
        OrderTrackingId: crypto.randomUUID(),
        OrderMerchantReference: "BU-FORGED",
        OrderNotificationType: "IPNCHANGE",
      };
      const response = await paymentIpnRoute.POST(
        post("/api/payments/pesapal/ipn", "application/json", JSON.stringify(notification)),
      );
      return `${response.status} status ${(await response.json()).status}`;
    },
  },
  {
    name: "app/api/payments/return/route.ts#GET (a return from an order never issued)",
    expected: anyone("303 /pay/result"),
    run: async () => {
      const response = await paymentReturnRoute.GET(
        request(`/api/payments/return?OrderTrackingId=${crypto.randomUUID()}`),
      );
      return `${response.status} ${response.headers.get("location")}`;
    },
  },
  {
    name: "app/api/jobs/run/route.ts#GET (the caller's session, no cron secret)",
    // Only the scheduler's secret runs the jobs: a session, even an admin's, is no secret.
    expected: anyone("401"),
    run: async () => String((await jobsRoute.GET(request("/api/jobs/run"))).status),
  },
  {
    name: "app/api/jobs/run/route.ts#POST (the caller's session, no cron secret)",
    expected: anyone("401"),
    run: async () =>
      String((await jobsRoute.POST(request("/api/jobs/run", { method: "POST" }))).status),
  },
  // Last: it ends the actor's session.
  {
    name: "actions/accounts.ts#signOutAction",
    expected: anyone("success: Signed Out"),
    run: async () => {
      const state = await signOutAction(undefined, asFormData({}));
      expect(await auth()).toBeNull();
      return toastOf(state);
    },
  },
];

/** A's rows no public endpoint may change, whoever calls it. */
async function snapshotA() {
  const [account] = await m.db
    .select({
      name: users.name,
      email: users.email,
      passwordHash: users.passwordHash,
      emailVerified: users.emailVerified,
      sessionVersion: users.sessionVersion,
    })
    .from(users)
    .where(eq(users.id, m.w.a.id));
  const own = await m.db
    .select({ id: bookings.id, status: bookings.paymentStatus })
    .from(bookings)
    .where(eq(bookings.userId, m.w.a.id))
    .orderBy(bookings.id);
  const [subscription] = await m.db
    .select({ isActive: newsletterSubscriptions.isActive })
    .from(newsletterSubscriptions)
    .where(eq(newsletterSubscriptions.email, m.w.a.email));
  return { account, own, subscription };
}

beforeAll(async () => {
  // The jobs route is on (it answers 404 to everyone without a secret to compare).
  env.CRON_SECRET = "matrix-cron-secret-0123456789";
  await m.db.insert(newsletterSubscriptions).values({ email: m.w.a.email, isActive: true });
  const tour = await sellingTour(m.db, "gorilla-safari", "both");
  const departure = await makeDeparture(m.db, tour, { inDays: 70, capacity: 2 });
  await createBooking(
    newRequest({
      fullName: "Someone Else",
      email: "someone-else@example.com",
      tour: tour.slug,
      departureId: departure.id,
    }),
    { source: "public" },
  );
  fullDepartureId = departure.id;
});

describe("public authorization matrix", () => {
  customerArea.tests({
    title: (who) => `${who}: every public action and route handler answers as it answers anyone`,
    operations,
    // Each operation from the actor's own signed-in browser: when an earlier operation ended the
    // session (the admin sign-in signs a customer out), the actor signs in again.
    become: async (who) => {
      resetRateLimits();
      if (!(await stillSignedIn(who))) await browserOf(who);
    },
    judge: async (operation) => String(await operation.run()),
    snapshot: snapshotA,
    unchanged: customerArea.actors,
    // Every caller but the visitor signs in for real, several times: each hashes a password.
    timeout: 180_000,
  });
});

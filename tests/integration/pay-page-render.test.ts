/**
 * The pay pages as the server renders them (their components are synchronous once the page's
 * data is read, so the page's element renders to HTML here): the pay page shows the booking, the
 * choices as a plain form and the accepted methods; an expired link shows no booking; a refusal
 * sent back in the address shows its words; the result page says what happened, and is where the
 * demo checkout's buttons send the payer.
 */
import { vi } from "vitest";

vi.mock("@/auth", async () => (await import("@/tests/helpers/customer-world")).authMock);

import { eq } from "drizzle-orm";
import { renderToStaticMarkup } from "react-dom/server";
import type { ReactElement } from "react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";

import { payAction, payDemoOrderAction } from "@/actions/payments";
import PayPage from "@/app/(site)/pay/[token]/page";
import PayResultPage from "@/app/(site)/pay/result/page";
import { payments } from "@/db/schema";
import { startPayment } from "@/lib/payments/data/ledger";
import { payLinkToken, verifyPayLink } from "@/lib/payments/pay-link";
import { setPaymentDriver } from "@/lib/payments";
import { payDemoOrder } from "@/lib/payments/demo";
import { resetRateLimits } from "@/lib/rate-limit";
import { createAdminWorld, insertBookings } from "@/tests/helpers/admin-bookings-world";
import {
  expectRedirect,
  fakeRequest,
  newVisitor,
  runAfterTasks,
} from "@/tests/helpers/fake-request";
import { expectToSay } from "@/tests/helpers/html-text";
import { latestMail } from "@/tests/helpers/outbox";
import { asFormData, inDays } from "@/tests/helpers/payloads";
import { openWorld } from "@/tests/helpers/world";

const t = openWorld(createAdminWorld);

afterEach(() => {
  vi.useRealTimers();
});

beforeEach(() => {
  setPaymentDriver(undefined);
  resetRateLimits();
  newVisitor("203.0.113.77");
});

async function quoted() {
  const [id] = await insertBookings(t.db, [
    {
      fullName: "Amina Nakato",
      email: "amina@example.com",
      tourPackage: "Gorilla Trek & Safari Escape",
      departureDate: inDays(200),
      groupSize: 3,
      totalMinor: 100_000,
      balanceDueOn: inDays(140),
    },
  ]);
  return id!;
}

const payPage = async (token: string, problem?: string) =>
  renderToStaticMarkup(
    (await PayPage({
      params: Promise.resolve({ token }),
      searchParams: Promise.resolve(problem ? { problem } : {}),
    })) as ReactElement,
  );

const text = (html: string) => html.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ");

describe("the pay page", () => {
  it("shows the booking, the amounts and a plain form of choices", async () => {
    const id = await quoted();
    const html = await payPage(payLinkToken(id));
    const words = text(html);
    expectToSay(words, [
      "Pay for your trip",
      "Gorilla Trek &amp; Safari Escape",
      "Amina Nakato",
      "3 people",
      "$1,000.00",
      "Paid so far $0.00",
      "Pay the deposit (30%): $300.00",
      "Pay the rest at once: $1,000.00",
      "Payments are processed securely by Pesapal",
    ]);
    for (const method of ["MTN Mobile Money", "Airtel Money", "Visa", "Mastercard"])
      expect(words).toContain(method);
    expect(html).toMatch(/<input type="radio"[^>]*name="kind" checked="" value="deposit"/);
    expect(html).not.toContain("amina@example.com");
  });

  it("shows an expired link's page without the booking", async () => {
    const id = await quoted();
    const html = await payPage(payLinkToken(id, new Date(Date.now() - 1000)));
    expect(text(html)).toContain("This payment link has expired");
    expect(html).toContain('href="/customer/bookings"');
    expect(html).toContain('href="/contact"');
    expect(html).not.toContain("Amina");
    expect(html).not.toContain("Gorilla");
  });

  it("shows a refusal by its code, and ignores any other text in the address", async () => {
    const id = await quoted();
    expect(text(await payPage(payLinkToken(id), "unavailable"))).toContain(
      "The payment service is not answering. Nothing was charged.",
    );
    expect(text(await payPage(payLinkToken(id), "nothing-due"))).toContain(
      "Nothing is due on this booking right now.",
    );
    expect(await payPage(payLinkToken(id), "<b>pwned</b>")).not.toContain("pwned");
  });
});

describe("the result page", () => {
  const resultPage = async (ref: string) =>
    text(
      renderToStaticMarkup(
        (await PayResultPage({ searchParams: Promise.resolve({ ref }) })) as ReactElement,
      ),
    );

  it("says pending, then received once paid, and failed with its pay link again", async () => {
    const id = await quoted();
    const started = await startPayment(id, "deposit");
    expect(await resultPage(started.merchantReference)).toContain("Payment pending");
    const [row] = await t.db.select().from(payments).where(eq(payments.id, started.paymentId));
    await payDemoOrder(row!.providerTrackingId!, "completed", "MTN Mobile Money");
    // The page's own check is skipped for a few seconds after the last one, and the provider is
    // asked at most once a minute.
    await t.db
      .update(payments)
      .set({
        checkedAt: new Date(Date.now() - 61_000),
        statusCheckedAt: new Date(Date.now() - 61_000),
      })
      .where(eq(payments.id, started.paymentId));
    const paid = await resultPage(started.merchantReference);
    expect(paid).toContain("Payment received");
    expect(paid).toContain("$300.00");
    expect(paid).toContain("MTN Mobile Money");
    expect(paid).toMatch(/DEMO-[0-9A-F]{8}/);

    const linkExpiry = new Date(Date.now() + 30 * 24 * 60 * 60 * 1000);
    const balance = await startPayment(id, "balance", undefined, linkExpiry);
    const [b] = await t.db.select().from(payments).where(eq(payments.id, balance.paymentId));
    await payDemoOrder(b!.providerTrackingId!, "failed", null);
    await t.db.update(payments).set({ checkedAt: null }).where(eq(payments.id, balance.paymentId));
    const failedHtml = renderToStaticMarkup(
      (await PayResultPage({
        searchParams: Promise.resolve({ ref: balance.merchantReference }),
      })) as ReactElement,
    );
    expect(text(failedHtml)).toContain("Payment failed");
    expect(failedHtml).toMatch(/href="\/pay\/[A-Za-z0-9_-]{74}"[^>]*>.*Try again/);
  });

  it("is where the demo checkout's button sends the payer, paid, with the receipt mailed after", async () => {
    const id = await quoted();
    const started = await startPayment(id, "deposit");
    const [row] = await t.db.select().from(payments).where(eq(payments.id, started.paymentId));
    const queued = fakeRequest.after.length;
    // Straight to this page (a redirect to a page, not through the return route's address).
    const to = await expectRedirect(() =>
      payDemoOrderAction(
        undefined,
        asFormData({ trackingId: row!.providerTrackingId!, choice: "airtel" }),
      ),
    );
    expect(to).toBe(`/pay/result?ref=${started.merchantReference}`);
    const [settled] = await t.db.select().from(payments).where(eq(payments.id, started.paymentId));
    expect(settled).toMatchObject({ status: "completed", method: "Airtel Money" });
    // The receipt is queued and goes out after the answer, as after the payer's return.
    expect((await latestMail(t.db, "amina@example.com", "payment-received"))?.subject).toBe(
      `Payment received: $300.00 for Gorilla Trek & Safari Escape (ref ${id.slice(0, 8).toUpperCase()})`,
    );
    expect(fakeRequest.after).toHaveLength(queued + 1);
    await runAfterTasks();
    const paid = await resultPage(started.merchantReference);
    expect(paid).toContain("Payment received");
    expect(paid).toContain("Airtel Money");
  });

  it("offers 'Try again' with the pay link's own expiry, and none once it has passed", async () => {
    const id = await quoted();
    const DAY = 24 * 60 * 60 * 1000;
    const link = verifyPayLink(payLinkToken(id, new Date(Date.now() + 2 * DAY)))!;
    const token = payLinkToken(id, link.expiresAt);
    const to = await expectRedirect(() =>
      payAction(undefined, asFormData({ token, kind: "deposit" })),
    );
    await payDemoOrder(to.split("/pay/demo/")[1]!, "failed", null);
    const [row] = await t.db.select().from(payments).where(eq(payments.bookingId, id));

    const failedHtml = renderToStaticMarkup(
      (await PayResultPage({
        searchParams: Promise.resolve({ ref: row!.merchantReference }),
      })) as ReactElement,
    );
    expect(text(failedHtml)).toContain("Payment failed");
    const again = /href="\/pay\/([A-Za-z0-9_-]{74})"[^>]*>.*Try again/.exec(failedHtml);
    expect(again).not.toBeNull();
    // The same link again: not a fresh 30 days for whoever holds an old one.
    expect(verifyPayLink(again![1]!)).toEqual({ bookingId: id, expiresAt: link.expiresAt });

    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(link.expiresAt.getTime() + 60_000);
    const expiredHtml = renderToStaticMarkup(
      (await PayResultPage({
        searchParams: Promise.resolve({ ref: row!.merchantReference }),
      })) as ReactElement,
    );
    expect(text(expiredHtml)).toContain("Payment failed");
    expect(expiredHtml).not.toMatch(/href="\/pay\/[A-Za-z0-9_-]{74}"/);
    expect(expiredHtml).not.toContain("Try again");
    expectToSay(text(expiredHtml), ["This payment link has expired", "My Bookings"]);
  });
});

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
import { beforeEach, describe, expect, it } from "vitest";

import { payDemoOrderAction } from "@/actions/payments";
import PayPage from "@/app/(site)/pay/[token]/page";
import PayResultPage from "@/app/(site)/pay/result/page";
import { payments } from "@/db/schema";
import { startPayment } from "@/lib/payments/data/ledger";
import { payLinkToken } from "@/lib/payments/pay-link";
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

  it("says pending, then received once paid, and failed with a fresh pay link", async () => {
    const id = await quoted();
    const started = await startPayment(id, "deposit");
    expect(await resultPage(started.merchantReference)).toContain("Payment pending");
    const [row] = await t.db.select().from(payments).where(eq(payments.id, started.paymentId));
    await payDemoOrder(row!.providerTrackingId!, "completed", "MTN Mobile Money");
    // The page's own check is skipped for a few seconds after the last one.
    await t.db
      .update(payments)
      .set({ checkedAt: new Date(Date.now() - 60_000) })
      .where(eq(payments.id, started.paymentId));
    const paid = await resultPage(started.merchantReference);
    expect(paid).toContain("Payment received");
    expect(paid).toContain("$300.00");
    expect(paid).toContain("MTN Mobile Money");
    expect(paid).toMatch(/DEMO-[0-9A-F]{8}/);

    const balance = await startPayment(id, "balance");
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
});

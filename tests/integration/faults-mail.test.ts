/**
 * The mail API (Resend, through RESEND_BASE_URL) is down for a minute: first answering 503, then
 * refusing connections. Bookings and contact messages are still answered as received; their
 * mails wait in the outbox (pending, attempts counted, backed off) and all go out once the API is
 * back, each once. The clock is the database's: a simulated second passes by moving every
 * pending mail's due time one second earlier, so no test waits a real minute.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

import { bookings, contacts, emailOutbox } from "@/db/schema";
import { sendContactMessageAction } from "@/actions/messages";
import { deliverPending, MAX_ATTEMPTS } from "@/lib/email";
import { backoffMs } from "@/lib/email/outbox";
import { env } from "@/lib/env";
import { useTestDb } from "@/tests/helpers/db";
import { newVisitor, runAfterTasks } from "@/tests/helpers/fake-request";
import { asFormData, publicBookingValues } from "@/tests/helpers/payloads";
import { requestAnswer } from "@/tests/helpers/requested";

// eslint-disable-next-line react-hooks/rules-of-hooks
const t = useTestDb();

/** The stand-in Resend API: 'up' accepts, 'error' answers 503, 'refused' is not listening. */
type ApiState = "up" | "error" | "refused";
let state: ApiState = "up";
let server: Server | null = null;
let port = 0;
const accepted: string[] = []; // the Idempotency-Key of every accepted mail

function listen(): Promise<void> {
  server = createServer((req, res) => {
    req.resume();
    req.on("end", () => {
      res.writeHead(state === "up" ? 200 : 503, { "content-type": "application/json" });
      if (state !== "up") {
        res.end(
          JSON.stringify({ name: "internal_server_error", message: "Down", statusCode: 503 }),
        );
        return;
      }
      const key = String(req.headers["idempotency-key"]);
      accepted.push(key);
      res.end(JSON.stringify({ id: `re_${accepted.length}` }));
    });
  });
  return new Promise((resolve) => server!.listen(port, "127.0.0.1", resolve));
}

async function setApi(next: ApiState) {
  if (next === "refused" && server) {
    await new Promise((resolve) => server!.close(resolve));
    server = null;
  }
  state = next;
  if (next !== "refused" && !server) await listen();
}

/** The database clock moves on `seconds`: pending mails come due that much sooner. */
async function clockAdvances(seconds: number) {
  await t.db
    .update(emailOutbox)
    .set({ nextAttemptAt: sql`${emailOutbox.nextAttemptAt} - ${`${seconds} seconds`}::interval` })
    .where(eq(emailOutbox.status, "pending"));
}

const outbox = () =>
  t.db
    .select({ id: emailOutbox.id, status: emailOutbox.status, attempts: emailOutbox.attempts })
    .from(emailOutbox);

beforeAll(async () => {
  await listen();
  port = (server!.address() as AddressInfo).port;
  process.env.RESEND_BASE_URL = `http://127.0.0.1:${port}`;
  env.RESEND_API_KEY = "re_test_key";
  // Only this file's mails.
  await t.db.update(emailOutbox).set({ status: "sent" }).where(eq(emailOutbox.status, "pending"));
});

afterAll(async () => {
  delete process.env.RESEND_BASE_URL;
  env.RESEND_API_KEY = undefined;
  if (server) await new Promise((resolve) => server!.close(resolve));
});

describe("the mail API down for a minute", () => {
  it("the backoff keeps a mail for half an hour before giving up, never several tries a minute", () => {
    expect(backoffMs(1)).toBeGreaterThanOrEqual(60_000);
    let kept = 0;
    for (let attempt = 1; attempt < MAX_ATTEMPTS; attempt++) kept += backoffMs(attempt);
    expect(kept).toBeGreaterThanOrEqual(30 * 60_000);
  });

  it("answers bookings and messages as received, keeps their mails, and sends each once when back", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    await setApi("error");

    // During the outage: three bookings and two contact messages, each answered as received.
    for (let i = 0; i < 3; i++) {
      newVisitor(`192.0.2.${10 + i}`);
      const answer = await requestAnswer(
        asFormData(publicBookingValues({ website: "", email: `outage-${i}@example.com` })),
      );
      expect(answer.status).toBe("requested");
      await runAfterTasks(); // the first delivery, after the response: fails
    }
    await setApi("refused");
    for (let i = 0; i < 2; i++) {
      newVisitor(`192.0.2.${20 + i}`);
      const answer = await sendContactMessageAction(
        undefined,
        asFormData({
          name: "Akello Ruth",
          email: `outage-contact-${i}@example.com`,
          subject: "Chimpanzee tracking",
          message: "Is Kibale open in April?",
          website: "",
        }),
      );
      expect(answer.status).toBe("success");
      await runAfterTasks();
    }
    expect(await t.db.$count(bookings)).toBeGreaterThanOrEqual(3);
    expect(await t.db.$count(contacts)).toBeGreaterThanOrEqual(2);
    const queued = await outbox();
    expect(queued.length).toBeGreaterThanOrEqual(10); // customer and staff mail for each
    expect(queued.every((m) => m.status === "pending" && m.attempts === 1)).toBe(true);

    // The retry timer runs every 10 simulated seconds (more often than its real minute): for
    // the rest of the minute the API stays down, then it is back.
    let sentAfter = -1;
    for (let second = 10; second <= 240; second += 10) {
      await clockAdvances(10);
      if (second === 30) await setApi("error");
      if (second === 60) await setApi("up");
      await deliverPending({ limit: 50 });
      const rows = await outbox();
      expect(rows.some((m) => m.status === "failed")).toBe(false);
      if (second < 60) expect(rows.every((m) => m.attempts <= 2)).toBe(true);
      if (rows.every((m) => m.status === "sent")) {
        sentAfter = second;
        break;
      }
    }
    errors.mockRestore();

    const rows = await outbox();
    expect(rows.every((m) => m.status === "sent")).toBe(true);
    // Each mail reached the API once (its own key), none twice, none lost.
    expect(accepted.toSorted()).toEqual(rows.map((m) => `outbox-${m.id}`).toSorted());
    // Retried on the backoff once the API is back: within three minutes of the outage's start.
    expect(sentAfter).toBeGreaterThanOrEqual(60);
    expect(sentAfter).toBeLessThanOrEqual(180);
    console.log(
      JSON.stringify({
        event: "mail_outage_figures",
        mails: rows.length,
        sentAfterSeconds: sentAfter,
      }),
    );
  });
});

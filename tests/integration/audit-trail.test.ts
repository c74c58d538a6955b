/**
 * The audit trail's store: an event is written with the caller's address and browser from the
 * hops the deployment trusts, secrets never reach it, it joins the transaction of the change it
 * records (rolled back together), and the table refuses changes and early deletes.
 */
import { desc, eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it, vi } from "vitest";

import { auditEvents } from "@/db/schema";
import { useTestDb } from "@/tests/helpers/db";
import { fakeRequest, newVisitor } from "@/tests/helpers/fake-request";
import { actorOf, scrubDetails, VISITOR } from "@/lib/audit/events";
import { recordAudit } from "@/lib/audit/data/trail";
import { logger } from "@/lib/logger";

// eslint-disable-next-line react-hooks/rules-of-hooks
const t = useTestDb();

const staff = actorOf({ userId: crypto.randomUUID(), email: "sarah@example.com", role: "staff" });

beforeEach(() => newVisitor("198.51.100.7"));

const newest = async () =>
  (await t.db.select().from(auditEvents).orderBy(desc(auditEvents.occurredAt)).limit(1))[0];

describe("recordAudit", () => {
  it("writes the actor, the target, the outcome, the socket's address and the browser", async () => {
    const logged = vi.spyOn(logger, "info");
    fakeRequest.forwardedFor = "6.6.6.6";
    fakeRequest.userAgent = "Safari on a phone";
    await recordAudit({
      action: "tour.update",
      actor: staff,
      target: { type: "tour", id: "gorilla-safari" },
      details: { changed: ["price"] },
    });
    expect(await newest()).toMatchObject({
      action: "tour.update",
      actorLabel: "sarah@example.com",
      actorRole: "staff",
      outcome: "success",
      targetType: "tour",
      targetId: "gorilla-safari",
      // A forged X-Forwarded-For is not the address: no proxy is trusted here.
      ip: "198.51.100.7",
      userAgent: "Safari on a phone",
      details: { changed: ["price"] },
    });
    // The same event as one structured log line.
    expect(logged).toHaveBeenCalledWith(
      expect.objectContaining({
        event: "audit",
        action: "tour.update",
        actor: expect.objectContaining({ label: "sarah@example.com", role: "staff" }),
        ip: "198.51.100.7",
      }),
      "tour.update",
    );
    logged.mockRestore();
  });

  it("never keeps a password, token, secret or code, at any depth", async () => {
    await recordAudit({
      action: "auth.sign_in_failed",
      actor: VISITOR,
      outcome: "failure",
      details: { email: "a@b.co", password: "hunter2", nested: { mfaSecret: "X", totpCode: "1" } },
    });
    const row = await newest();
    expect(row!.details).toEqual({ email: "a@b.co", nested: {} });
    expect(JSON.stringify(row)).not.toMatch(/hunter2/);
    expect(scrubDetails({ list: [{ resetToken: "t", ok: 1 }] })).toEqual({ list: [{ ok: 1 }] });
  });

  it("is rolled back with the change it records", async () => {
    const before = (await t.db.select({ n: sql<number>`count(*)::int` }).from(auditEvents))[0]!.n;
    await expect(
      t.db.transaction(async (tx) => {
        await recordAudit({ action: "guide.update", actor: staff, target: { type: "guide", id: "g" } }, tx);
        throw new Error("the change failed");
      }),
    ).rejects.toThrow("the change failed");
    const after = (await t.db.select({ n: sql<number>`count(*)::int` }).from(auditEvents))[0]!.n;
    expect(after).toBe(before);
  });
});

describe("audit_events", () => {
  it("refuses to change a row, and to delete one younger than a year", async () => {
    await recordAudit({ action: "newsletter.export", actor: staff });
    const row = (await newest())!;
    await expect(
      t.db.update(auditEvents).set({ outcome: "failure" }).where(eq(auditEvents.id, row.id)),
    ).rejects.toThrow();
    await expect(t.db.delete(auditEvents).where(eq(auditEvents.id, row.id))).rejects.toThrow();
    expect((await newest())!.outcome).toBe("success");
  });

  it("refuses to be emptied with TRUNCATE", async () => {
    await recordAudit({ action: "newsletter.export", actor: staff });
    const count = async () =>
      (await t.db.select({ n: sql<number>`count(*)::int` }).from(auditEvents))[0]!.n;
    const before = await count();
    await expect(t.db.execute(sql`truncate table audit_events`)).rejects.toThrow();
    expect(await count()).toBe(before);
  });

  it("lets rows older than a year go (the retention)", async () => {
    const [old] = await t.db
      .insert(auditEvents)
      .values({
        action: "auth.sign_in",
        actorLabel: "old@example.com",
        actorRole: "customer",
        outcome: "success",
        occurredAt: new Date(Date.now() - 400 * 24 * 3600 * 1000),
      })
      .returning({ id: auditEvents.id });
    await t.db.delete(auditEvents).where(eq(auditEvents.id, old!.id));
    expect(await t.db.select().from(auditEvents).where(eq(auditEvents.id, old!.id))).toEqual([]);
  });
});

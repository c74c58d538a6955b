/**
 * The admin Resellers screen's actions (actions/resellers.ts) as an admin uses them: New Reseller
 * answers its key once and the key works on the OCTO API; a name already used is refused on the
 * name; New Key adds a key beside the others; Revoke refuses a key from then on; the list shows
 * keys by their first characters and what a live reseller owes for its confirmed bookings.
 */
import { vi } from "vitest";

vi.mock("@/auth", async () => (await import("@/tests/helpers/customer-world")).authMock);

import { eq } from "drizzle-orm";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";

import * as resellerActions from "@/actions/resellers";
import { ResellersTable } from "@/components/admin/resellers/resellers-table";
import { auditEvents, resellerApiKeys, resellers, tours } from "@/db/schema";
import { listAdminBookings } from "@/lib/bookings/data/manage";
import { getDaySheet, getManifest } from "@/lib/departures/data/manifest";
import { parseAdminBookingQuery } from "@/lib/bookings/list-query";
import { listResellersForAdmin } from "@/lib/resellers/data/admin";
import { ACTION_LABELS } from "@/lib/audit/activity";
import { detailsSentence } from "@/lib/audit/sentences";
import { createReseller } from "@/lib/resellers/data/resellers";
import { auditTrail } from "@/tests/helpers/audit";
import { openMatrixWorld } from "@/tests/helpers/authz-matrix";
import { expectToSay } from "@/tests/helpers/html-text";
import { makeDeparture, sellingTour } from "@/tests/helpers/departures-world";
import { availabilityIdOf, octoClient } from "@/tests/helpers/octo";

const m = openMatrixWorld();

describe("the admin Resellers screen", () => {
  it("creates a reseller with its key shown once, issues another, revokes one", async () => {
    m.become("admin");
    const created = await resellerActions.createResellerAction(undefined, {
      name: "Nile Bookings Ltd",
      commissionPercent: "18",
      testMode: false,
    });
    expect(created).toMatchObject({
      status: "success",
      title: "Reseller Created",
      data: { key: expect.stringMatching(/^bu_live_/) },
    });
    const key = (created as unknown as { data: { key: string } }).data.key;
    expect((await octoClient(key).supplier()).status).toBe(200);
    // Only its hash is kept.
    const stored = await m.db.select({ hash: resellerApiKeys.keyHash }).from(resellerApiKeys);
    expect(JSON.stringify(stored)).not.toContain(key);

    expect(
      await resellerActions.createResellerAction(undefined, {
        name: "nile bookings ltd",
        commissionPercent: "5",
      }),
    ).toMatchObject({
      status: "invalid",
      fieldErrors: { name: ["A reseller with this name exists already"] },
    });
    expect(
      await resellerActions.createResellerAction(undefined, {
        name: "Over Commission",
        commissionPercent: "120",
      }),
    ).toMatchObject({
      status: "invalid",
      fieldErrors: { commissionPercent: [expect.any(String)] },
    });

    const issued = await resellerActions.issueResellerKeyAction(undefined, {
      name: "Nile Bookings Ltd",
    });
    expect(issued).toMatchObject({ status: "success", title: "Key Issued" });
    const second = (issued as unknown as { data: { key: string } }).data.key;
    const [row] = (await listResellersForAdmin()).filter((r) => r.name === "Nile Bookings Ltd");
    expect(row).toMatchObject({ commissionPercent: 18, testMode: false, owedMinor: 0 });
    expect(row!.activeKeys.sort()).toEqual([key.slice(0, 12), second.slice(0, 12)].sort());

    expect(
      await resellerActions.revokeResellerKeyAction(undefined, {
        name: "Nile Bookings Ltd",
        prefix: key.slice(0, 12),
      }),
    ).toMatchObject({ status: "success", title: "Key Revoked" });
    expect((await octoClient(key).supplier()).status).toBe(403);
    expect((await octoClient(second).supplier()).status).toBe(200);
    expect(
      await resellerActions.revokeResellerKeyAction(undefined, {
        name: "Nile Bookings Ltd",
        prefix: key.slice(0, 12),
      }),
    ).toMatchObject({ status: "error", title: "Key Not Found" });
    const keys = await m.db
      .select({ revokedAt: resellerApiKeys.revokedAt })
      .from(resellerApiKeys)
      .where(eq(resellerApiKeys.prefix, key.slice(0, 12)));
    expect(keys[0]!.revokedAt).not.toBeNull();
  });

  it("puts the reseller created, each key issued and each revoked in the audit trail, never a key itself", async () => {
    m.become("admin");
    const created = await resellerActions.createResellerAction(undefined, {
      name: "Audited Safaris",
      commissionPercent: "12",
      testMode: true,
    });
    const key = (created as unknown as { data: { key: string } }).data.key;
    const issued = await resellerActions.issueResellerKeyAction(undefined, {
      name: "Audited Safaris",
    });
    const second = (issued as unknown as { data: { key: string } }).data.key;
    await resellerActions.revokeResellerKeyAction(undefined, {
      name: "Audited Safaris",
      prefix: second.slice(0, 12),
    });
    // A revoke that finds no key changes nothing and records nothing.
    await resellerActions.revokeResellerKeyAction(undefined, {
      name: "Audited Safaris",
      prefix: second.slice(0, 12),
    });
    const [reseller] = await m.db
      .select({ id: resellers.id })
      .from(resellers)
      .where(eq(resellers.name, "Audited Safaris"));
    const events = await auditTrail(m.db, { targetType: "reseller", targetId: reseller!.id });
    expect(
      events.map((e) => [e.action, e.actorLabel, e.actorRole, detailsSentence(e.details)]),
    ).toEqual([
      [
        "reseller.create",
        m.w.admin.email,
        "admin",
        `Key: ${key.slice(0, 12)}…, name: Audited Safaris, test mode: yes and commission: 12 %.`,
      ],
      ["reseller.key_issue", m.w.admin.email, "admin", `Key: ${second.slice(0, 12)}….`],
      ["reseller.key_revoke", m.w.admin.email, "admin", `Keys: ${second.slice(0, 12)}….`],
    ]);
    expect(events.map((e) => ACTION_LABELS[e.action as keyof typeof ACTION_LABELS])).toEqual([
      "Created a reseller",
      "Issued a reseller's API key",
      "Revoked a reseller's API key",
    ]);
    const trail = JSON.stringify(await m.db.select().from(auditEvents));
    expect(trail).not.toContain(key);
    expect(trail).not.toContain(second);

    // From a terminal (npm run reseller:create): the script named as the actor.
    const scripted = await createReseller(
      { name: "Terminal Tours" },
      { userId: null, label: "npm run reseller:create", role: "system" },
    );
    expect(
      await auditTrail(m.db, { action: "reseller.create", targetId: scripted.reseller.id }),
    ).toEqual([
      expect.objectContaining({ actorLabel: "npm run reseller:create", actorRole: "system" }),
    ]);
  });

  it("lists each reseller with its mode, commission, keys by their first characters and what it owes", async () => {
    m.become("admin");
    const rows = await listResellersForAdmin();
    const html = renderToStaticMarkup(ResellersTable({ rows }));
    const live = rows.find((r) => r.name === "Nile Bookings Ltd")!;
    expectToSay(html, [
      "Nile Bookings Ltd",
      "18 %",
      `${live.activeKeys[0]}…`,
      "New Key",
      "Revoke",
      "0 bookings, 0 seats",
      "$0.00",
    ]);
    const empty = renderToStaticMarkup(ResellersTable({ rows: [] }));
    expectToSay(empty, ["No resellers yet", "New Reseller"]);
  });

  it("shows a reseller's booking in the bookings list with the reseller and its reference", async () => {
    m.become("admin");
    const tour = await sellingTour(m.db, "gorilla-safari", "departures");
    await m.db
      .update(tours)
      .set({ pricing: { packages: [{ name: "Standard", price: 700, per: "person" }] } })
      .where(eq(tours.id, tour.id));
    const departure = await makeDeparture(m.db, tour, { inDays: 33, capacity: 6 });
    const created = await resellerActions.createResellerAction(undefined, {
      name: "Listed Reseller",
      commissionPercent: "10",
    });
    const key = (created as unknown as { data: { key: string } }).data.key;
    const uuid = crypto.randomUUID();
    await octoClient(key).reserve({
      uuid,
      productId: tour.id,
      optionId: "DEFAULT",
      availabilityId: availabilityIdOf(departure.startDate),
      unitItems: [{ unitId: "ADULT" }],
      resellerReference: "LR-4711",
    });
    await octoClient(key).confirm(uuid, { contact: { fullName: "Listed Traveller" } });
    const page = await listAdminBookings(parseAdminBookingQuery({ q: "Listed Traveller" }));
    expect(page.items).toEqual([
      expect.objectContaining({
        fullName: "Listed Traveller",
        channel: "Listed Reseller · LR-4711",
      }),
    ]);
    // The departure's manifest and the guide's day sheet say who sold it.
    const manifest = await getManifest(departure.id);
    expect(manifest!.bookings).toEqual([
      expect.objectContaining({
        leadName: "Listed Traveller",
        channel: "Listed Reseller · LR-4711",
      }),
    ]);
    const sheet = await getDaySheet(departure.id);
    expect(sheet!.bookings[0]).toMatchObject({ channel: "Listed Reseller · LR-4711" });
  });
});

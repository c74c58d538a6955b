/**
 * Permit alerts beyond the Permits screen (lib/parks/data/alerts.ts): on the staff dashboard, and
 * mailed to the operator by the scheduled jobs, each alert once (two runs at once mail it once),
 * and again only when the day it names changes.
 */
import { vi } from "vitest";

vi.mock("@/auth", async () => (await import("@/tests/helpers/customer-world")).authMock);

import { and, eq } from "drizzle-orm";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";

import { PermitAlertsCard } from "@/components/admin/dashboard/permit-alerts";
import { emailOutbox, permitLots } from "@/db/schema";
import { env } from "@/lib/env";
import { getPermitAlerts, sendPermitAlerts } from "@/lib/parks/data/alerts";
import { createAdminWorld } from "@/tests/helpers/admin-bookings-world";
import { actAs } from "@/tests/helpers/customer-world";
import { inDays } from "@/tests/helpers/payloads";
import { openWorld } from "@/tests/helpers/world";

const t = openWorld((db) => createAdminWorld(db));

const alertMails = () =>
  t.db
    .select({ subject: emailOutbox.subject, text: emailOutbox.textBody })
    .from(emailOutbox)
    .where(
      and(
        eq(emailOutbox.toAddress, env.OPERATOR_EMAIL),
        eq(emailOutbox.template, "permit-alerts-staff"),
      ),
    )
    .orderBy(emailOutbox.createdAt);

describe("permit alerts", () => {
  it("are mailed to the operator once each, and shown on the dashboard while they stand", async () => {
    const [block] = await t.db
      .insert(permitLots)
      .values([
        // Blocked until tomorrow, unpaid.
        {
          park: "Bwindi Impenetrable",
          trekDate: inDays(200),
          quantity: 4,
          state: "blocked",
          blockedUntil: inDays(1),
        },
        // A deposit paid: UWA's balance falls due 91 days before the trek, in 9 days.
        { park: "Mgahinga", trekDate: inDays(100), quantity: 6, state: "deposit_paid" },
        // Paid, 20 days out, none sold.
        { park: "Bwindi Impenetrable", trekDate: inDays(20), quantity: 2, state: "paid" },
      ])
      .returning({ id: permitLots.id });

    // Two runs at once (the timer beside the jobs route): one mail.
    const runs = await Promise.all([sendPermitAlerts(), sendPermitAlerts()]);
    expect(runs.sort()).toEqual([0, 3]);
    const [mail, ...others] = await alertMails();
    expect(others).toEqual([]);
    expect(mail!.subject).toBe("3 permit alerts");
    expect(mail!.text).toContain("4 blocked permits for Bwindi Impenetrable");
    expect(mail!.text).toContain("UWA's balance for 6 permits for Mgahinga");
    expect(mail!.text).toContain("2 permits for Bwindi Impenetrable");
    expect(mail!.text).toContain("still unsold");

    // The next run: nothing new, nothing mailed.
    expect(await sendPermitAlerts()).toBe(0);
    expect(await alertMails()).toHaveLength(1);

    // UWA extends the block by a day: its new deadline is a new alert, mailed on its own.
    await t.db
      .update(permitLots)
      .set({ blockedUntil: inDays(2) })
      .where(eq(permitLots.id, block!.id));
    expect(await sendPermitAlerts()).toBe(1);
    const mails = await alertMails();
    expect(mails).toHaveLength(2);
    expect(mails[1]!.subject).toMatch(/^Permit alert: Bwindi Impenetrable, /);

    // The dashboard lists every alert that stands (who may read it: the admin matrix).
    actAs(t.w.staff);
    const alerts = await getPermitAlerts();
    expect(alerts.map((a) => a.kind).sort()).toEqual(["balance_due", "block_lapsing", "unsold"]);
    const html = renderToString(createElement(PermitAlertsCard, { alerts }));
    expect(html).toContain("Permits need attention");
    expect(html).toContain('href="/admin/permits"');
    expect(renderToString(createElement(PermitAlertsCard, { alerts: [] }))).toBe("");
  });
});

/** Which online orders of a booking's ledger were abandoned at the checkout (lib/payments/abandoned.ts). */
import { describe, expect, it } from "vitest";

import { abandonedCheckouts } from "@/lib/payments/abandoned";

const now = new Date("2026-11-28T10:00:00Z");
const minutesAgo = (m: number) => new Date(now.getTime() - m * 60_000);
const row = (
  id: string,
  status: "pending" | "failed" | "completed",
  createdAt: Date,
  provider: "demo" | "pesapal" | "cash" = "pesapal",
  flaggedReason: string | null = null,
) => ({ id, status, createdAt, provider, flaggedReason });

describe("an abandoned checkout", () => {
  it("is a failed order, or a pending one left behind by a later payment or for over an hour", () => {
    const found = abandonedCheckouts(
      [
        row("failed", "failed", minutesAgo(5)),
        row("left", "pending", minutesAgo(30)),
        row("paid", "completed", minutesAgo(20)),
        row("old", "pending", minutesAgo(61)),
      ],
      now,
    );
    expect([...found].sort()).toEqual(["failed", "left", "old"]);
  });

  it("is not an order still at its checkout, a flagged one waiting for staff, or cash", () => {
    const found = abandonedCheckouts(
      [
        row("running", "pending", minutesAgo(10)),
        row("flagged", "pending", minutesAgo(120), "pesapal", "Amount differs"),
        row("cash", "pending", minutesAgo(120), "cash"),
      ],
      now,
    );
    expect(found.size).toBe(0);
  });
});

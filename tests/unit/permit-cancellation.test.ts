/**
 * What UWA keeps of a cancelled booking's permits (lib/parks/rules.ts): the schedule's band by the
 * days left before the trek, applied to the face value of the permits paid to UWA, none of the
 * permits only blocked; and the sentences staff read before they cancel.
 */
import { describe, expect, it } from "vitest";

import { cancellationLines, permitCancellation, uwaKeeps } from "@/lib/parks/rules";

const paid = { state: "paid" as const, faceValueMinor: 80_000, currency: "USD" };

describe("UWA's cancellation schedule", () => {
  it("keeps more of a permit the nearer the trek, every day of a band included", () => {
    expect(uwaKeeps(200)).toEqual({ keepPercent: 25, band: "91 days or more" });
    expect(uwaKeeps(91)).toEqual({ keepPercent: 25, band: "91 days or more" });
    expect(uwaKeeps(90)).toEqual({ keepPercent: 50, band: "46 to 90 days" });
    expect(uwaKeeps(46).keepPercent).toBe(50);
    expect(uwaKeeps(45)).toEqual({ keepPercent: 75, band: "9 to 45 days" });
    expect(uwaKeeps(9).keepPercent).toBe(75);
    expect(uwaKeeps(8)).toEqual({ keepPercent: 100, band: "8 days or fewer" });
    expect(uwaKeeps(0).keepPercent).toBe(100);
    expect(uwaKeeps(-1)).toEqual({ keepPercent: 100, band: "after the trek day" });
  });

  it("applies to permits paid to UWA, by currency, and to none only blocked", () => {
    const c = permitCancellation(
      [
        paid,
        { ...paid, state: "deposit_paid" },
        { state: "blocked", faceValueMinor: 80_000, currency: "USD" },
        { state: "paid", faceValueMinor: 300_000, currency: "UGX" },
        { state: "paid", faceValueMinor: null, currency: "USD" },
      ],
      "2027-03-31",
      "2027-03-01",
    );
    expect(c).toMatchObject({ daysBefore: 30, keepPercent: 75, paid: 4, blocked: 1, unpriced: 1 });
    expect(c.amounts).toEqual([
      { currency: "USD", permits: 2, faceMinor: 160_000, keptMinor: 120_000 },
      { currency: "UGX", permits: 1, faceMinor: 300_000, keptMinor: 225_000 },
    ]);
    expect(cancellationLines(c)).toEqual([
      "Cancelled today, 30 days before the trek (Mar 31, 2027): UWA keeps 75 % of each permit paid for (9 to 45 days).",
      "UWA keeps US$1,200 of the US$1,600 paid for 2 permits; US$400 comes back.",
      "UWA keeps UGX 225,000 of the UGX 300,000 paid for 1 permit; UGX 75,000 comes back.",
      "1 permit paid without a face value on its lot: 75 % of it is kept.",
      "1 permit only blocked with UWA (nothing paid): nothing is kept.",
    ]);
  });

  it("says when no permit is held", () => {
    const c = permitCancellation([], "2027-12-01", "2027-03-01");
    expect(cancellationLines(c)).toContain(
      "No permit is allocated to this booking: UWA keeps nothing of it.",
    );
  });
});

/** The dashboard's pure rules (lib/dashboard/rules.ts): how long something waited, the week shown. */
import { describe, expect, it } from "vitest";

import { isLate, waitingFor, weekEnd } from "@/lib/dashboard/rules";

const now = new Date("2026-11-28T12:00:00Z");
const ago = (minutes: number) => new Date(now.getTime() - minutes * 60_000);

describe("the dashboard's rules", () => {
  it("says how long a request has waited in its largest whole unit", () => {
    expect(waitingFor(ago(0), now)).toBe("0 minutes");
    expect(waitingFor(ago(1), now)).toBe("1 minute");
    expect(waitingFor(ago(59), now)).toBe("59 minutes");
    expect(waitingFor(ago(60), now)).toBe("1 hour");
    expect(waitingFor(ago(23 * 60 + 59), now)).toBe("23 hours");
    expect(waitingFor(ago(24 * 60), now)).toBe("1 day");
    expect(waitingFor(ago(3 * 24 * 60 + 5), now)).toBe("3 days");
    expect(isLate(ago(24 * 60 - 1), now)).toBe(false);
    expect(isLate(ago(24 * 60), now)).toBe(true);
  });

  it("shows seven days of departures, today included", () => {
    expect(weekEnd("2026-11-28")).toBe("2026-12-04");
    expect(weekEnd("2026-12-30")).toBe("2027-01-05");
  });
});

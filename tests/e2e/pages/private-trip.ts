import { expect, type Locator } from "@playwright/test";

/**
 * Checks 'Another date (private trip)' when the tour offers it. The departures can be drawn again
 * just after they appear (a full one's waitlist button loads its code then) and a click in
 * between is lost, so it is checked until it holds.
 */
export async function choosePrivateTrip(privateTrip: Locator) {
  if (!(await privateTrip.isVisible())) return;
  await expect(async () => {
    await privateTrip.check({ timeout: 2_000 });
  }).toPass({ timeout: 10_000 });
}

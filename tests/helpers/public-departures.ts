/**
 * Departures as the public pages and the wizards' date step receive them, for the render tests:
 * an open date (June 12-16, 2027) and a full one a week later, and the waitlist's lazy button
 * stood in for by a marker (the dialog is an island of its own, tested with it).
 */
import { createElement } from "react";

import type { PublicDeparture } from "@/lib/departures/rules";

/** For `vi.mock("@/components/departures/lazy-join-waitlist-button", …)`. */
export const waitlistButtonMock = {
  LazyJoinWaitlistButton: ({ departureId }: { departureId: string }) =>
    createElement("button", { type: "button", "data-waitlist": departureId }, "Join the waitlist"),
};

/** An open date with `seatsLeft` of 8 seats at $1,200 a person. */
export const openDeparture = (seatsLeft: number, guaranteed: boolean): PublicDeparture => ({
  id: "11111111-1111-4111-8111-111111111111",
  startDate: "2027-06-12",
  endDate: "2027-06-16",
  capacity: 8,
  seatsLeft,
  price: 1200,
  guaranteed,
});

/** The same tour's date a week after `open`, with no seats left. */
export const fullDeparture = (
  open: PublicDeparture,
  guaranteed = open.guaranteed,
): PublicDeparture => ({
  ...open,
  id: "22222222-2222-4222-8222-222222222222",
  startDate: "2027-06-19",
  endDate: "2027-06-23",
  seatsLeft: 0,
  guaranteed,
});

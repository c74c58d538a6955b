/**
 * The tour page's 'Upcoming departures' (a server component, rendered here to HTML): each date
 * with its seats left or Full, Guaranteed, the price per person and Book (the wizard on that
 * date), a full date's waitlist instead of Book, and the texts of a tour without dates.
 */
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";

import type { PublicDeparture } from "@/lib/departures/rules";
import { expectToSay } from "@/tests/helpers/html-text";
import { fullDeparture, openDeparture } from "@/tests/helpers/public-departures";

// The waitlist dialog is an island of its own (tested with it): a marker stands in for it.
vi.mock(
  "@/components/departures/lazy-join-waitlist-button",
  async () => (await import("@/tests/helpers/public-departures")).waitlistButtonMock,
);

const { TourDepartures } = await import("@/components/tours/tour-departures");

const open = openDeparture(3, true);
const full = fullDeparture(open, false);

function render(departures: PublicDeparture[], privateTrips = true) {
  return renderToString(
    createElement(TourDepartures, {
      slug: "gorilla-safari",
      tourTitle: "Gorilla Trek & Safari Escape",
      departures,
      privateTrips,
    }),
  );
}

/** The HTML of the list item holding `text`. */
function rowOf(html: string, text: string): string {
  return html.split("<li").find((part) => part.includes(text)) ?? "";
}

describe("Upcoming departures", () => {
  it("lists each date with its seats, Guaranteed, the price and 'Book and pay a deposit' on that departure", () => {
    const html = render([open, full]);
    expect(html).toContain("Upcoming departures");
    const row = rowOf(html, "Sat 12 - Wed 16 Jun 2027");
    expectToSay(row, [
      "3 seats left",
      "Guaranteed",
      "$1,200",
      "per person",
      `href="/booking?tour=gorilla-safari&amp;departure=${open.id}"`,
      "Book and pay a deposit",
    ]);
    expect(row).not.toContain("data-waitlist");
    // The date's own price, not 'From' a price of the whole tour.
    expect(row).not.toContain("From $");
  });

  it("shows a full date as Full, with the waitlist instead of Book", () => {
    const row = rowOf(render([open, full]), "Sat 19 - Wed 23 Jun 2027");
    expect(row).toContain("Full");
    expect(row).not.toContain("Guaranteed");
    expect(row).not.toContain("Book and pay a deposit");
    expect(row).toContain(`data-waitlist="${full.id}"`);
  });

  it("says when there are no dates, and offers private dates where the tour runs them", () => {
    const html = render([], true);
    expect(html).toContain("No scheduled departures right now.");
    expect(html).toContain("Choose your own dates: we run this trip privately on request.");
    // A private trip is a request staff confirm, named as such.
    expect(html).toMatch(/href="\/booking\?tour=[^"&]+"[^>]*>Request</);
    expect(render([], false)).not.toContain("Choose your own dates");
  });
});

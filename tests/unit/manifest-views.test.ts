/**
 * The manifest screen and the guide's day sheet (server components, rendered here to HTML): the
 * manifest shows each booking's payment and travellers, the missing ones named; the day sheet
 * shows the travellers' notes and each booking's phone, and no payment, email or price.
 */
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";

import type { DaySheet, Manifest } from "@/lib/departures/data/manifest";
import { travellerSlots } from "@/lib/departures/manifest";
import { expectToSay } from "@/tests/helpers/html-text";

const { ManifestBookings, ManifestHeader } =
  await import("@/components/admin/manifest/manifest-view");
const { DaySheetView } = await import("@/components/admin/manifest/day-sheet-view");

const manifest: Manifest = {
  departure: {
    id: "11111111-1111-4111-8111-111111111111",
    tourTitle: "Gorilla Trek & Safari Escape",
    tourSlug: "gorilla-safari",
    startDate: "2027-06-12",
    endDate: "2027-06-16",
    capacity: 8,
    seatsTaken: 5,
    status: "open",
    note: "Meet at the Kampala office, 06:30.",
    pickup: "Kampala office, Plot 14 Kampala Road, 06:30",
    guide: { fullName: "Moses Kato", phone: "+256 772 000 111" },
    permitFee: null,
  },
  bookings: [
    {
      id: "1a2b3c4d-0000-4000-8000-000000000000",
      leadName: "Sophie Laurent",
      email: "sophie@example.com",
      phone: "+256 700 123 456",
      groupSize: 3,
      paymentStatus: "Deposit Made",
      staffHoldUntil: null,
      requests: {
        accommodation: "Mid-range lodge",
        dietary: "No pork for the group",
        specialRequests: "Celebrating an anniversary",
      },
      travellers: travellerSlots(3, [
        {
          position: 1,
          fullName: "Sophie Laurent",
          nationality: "French",
          dietary: "Vegetarian",
          medical: "Penicillin allergy",
        },
      ]),
    },
  ],
};

describe("the manifest screen", () => {
  it("shows the departure, the payment and every traveller, the missing ones named", () => {
    const html =
      renderToString(createElement(ManifestHeader, { departure: manifest.departure })) +
      renderToString(createElement(ManifestBookings, { bookings: manifest.bookings }));
    expectToSay(html, [
      "Sat 12 - Wed 16 Jun 2027",
      "5 of 8 taken",
      "Moses Kato · +256 772 000 111",
      "Meet at the Kampala office, 06:30.",
      "Deposit Made",
      "sophie@example.com",
      "Traveller 2: details not given yet",
      "Dietary: Vegetarian",
      "Medical: Penicillin allergy",
      "Accommodation: Mid-range lodge",
      "Dietary (booking): No pork for the group",
      "Requests: Celebrating an anniversary",
    ]);
  });

  it("marks seats staff hold unpaid, with their option date, apart from paid bookings", () => {
    const held = {
      ...manifest.bookings[0]!,
      id: "1a2b3c4d-0000-4000-8000-000000000001",
      leadName: "Kampala Partners",
      paymentStatus: "Pending" as const,
      staffHoldUntil: "Dec 5, 2026",
    };
    const html = renderToString(
      createElement(ManifestBookings, { bookings: [...manifest.bookings, held] }),
    );
    expect(html.match(/Held by staff, unpaid — option until Dec 5, 2026/g)).toHaveLength(2);
    const paidOnly = renderToString(
      createElement(ManifestBookings, { bookings: manifest.bookings }),
    );
    expect(paidOnly).not.toContain("Held by staff");
  });

  it("says so when the departure has no bookings", () => {
    expect(renderToString(createElement(ManifestBookings, { bookings: [] }))).toContain(
      "No bookings yet",
    );
  });
});

describe("the day sheet", () => {
  it("holds the travellers' notes and phones, and no payment, email or price", () => {
    const sheet: DaySheet = {
      departure: manifest.departure,
      bookings: manifest.bookings.map(
        ({ paymentStatus: _p, email: _e, staffHoldUntil: _h, ...b }) => b,
      ),
    };
    const html = renderToString(createElement(DaySheetView, { sheet }));
    expectToSay(html, [
      "Gorilla Trek &amp; Safari Escape",
      "Meet at the Kampala office, 06:30.",
      "Penicillin allergy",
      "+256 700 123 456",
      "Traveller 3: details not given yet",
    ]);
    expect(html).not.toMatch(/Deposit Made|Payment|sophie@example\.com|USD|\$\d/);
    expect(html).toContain("day-sheet-screen-only");
  });

  it("on a gorilla trek, names each trekker's UWA permit number, or that they hold none yet", () => {
    const [booking] = manifest.bookings;
    const [sophie, second, third] = booking!.travellers;
    const trekkers = {
      ...booking!,
      travellers: [
        { ...sophie!, permit: { number: "UG-BW-0412" } },
        { ...second!, permit: { number: null } },
        { ...third!, permit: null },
      ],
    };
    const sheet: DaySheet = {
      departure: { ...manifest.departure, permitFee: "gorilla_tracking" },
      bookings: [trekkers].map(({ paymentStatus: _p, email: _e, staffHoldUntil: _h, ...b }) => b),
    };
    const html = renderToString(createElement(DaySheetView, { sheet }));
    expectToSay(html, [
      "Permit",
      "Sophie Laurent",
      "UWA permit UG-BW-0412",
      "Permit held, number not entered yet",
      "No permit yet",
    ]);
    const screen = renderToString(createElement(ManifestBookings, { bookings: [trekkers] }));
    expectToSay(screen, ["1. Sophie Laurent", "UWA permit UG-BW-0412", "No permit yet"]);
    // Off a permit tour, no permit is mentioned.
    const plain = renderToString(
      createElement(DaySheetView, {
        sheet: {
          departure: manifest.departure,
          bookings: manifest.bookings.map(
            ({ paymentStatus: _p, email: _e, staffHoldUntil: _h, ...b }) => b,
          ),
        },
      }),
    );
    expect(plain).not.toMatch(/[Pp]ermit/);
  });

  it("is a sheet a guide can use: weekdays, pickup, lodge, the company and its emergency number, tap-to-call phones, the booking's dietary note", () => {
    const sheet: DaySheet = {
      departure: manifest.departure,
      bookings: manifest.bookings.map(
        ({ paymentStatus: _p, email: _e, staffHoldUntil: _h, ...b }) => b,
      ),
    };
    const html = renderToString(createElement(DaySheetView, { sheet }));
    expectToSay(html, [
      "Breathe Uganda",
      "Emergency (24 h):",
      "Sat 12 Jun - Wed 16 Jun 2027",
      "Kampala office, Plot 14 Kampala Road, 06:30",
      "Lodge: Mid-range lodge",
      "Dietary (booking): No pork for the group",
      "Requests: Celebrating an anniversary",
    ]);
    // The office's, the guide's and the booking's phones dial with one tap.
    expect(html).toContain('href="tel:+256700123456"');
    expect(html).toContain('href="tel:+256772000111"');
  });
});

vi.mock("@/actions/bookings", () => ({ saveTravellerDetailsAction: vi.fn() }));
const { TravellerDetailsForm } = await import("@/components/customer/traveller-details-form");

describe("Traveller details in My Bookings", () => {
  const booking = {
    id: "1a2b3c4d-0000-4000-8000-000000000000",
    groupSize: 2,
    travellers: [
      {
        position: 2,
        fullName: "Tom Carter",
        nationality: "Irish",
        dietary: null,
        medical: "Asthma",
      },
    ],
  };

  // react-hook-form fills its inputs once mounted (the dialog opens in the browser): the HTML has
  // the fields, not their values.
  it("before the trip: one set of fields per traveller", () => {
    const html = renderToString(
      createElement(TravellerDetailsForm, { booking: { ...booking, travellersEditable: true } }),
    );
    expect(html).toContain("Traveller 1 (lead)");
    expect(html).toContain("Traveller 2");
    expect(html.match(/Full name \(as on passport\)/g)).toHaveLength(2);
    expect(html).toContain('name="travellers.1.medical"');
    expect(html).toContain("Save Traveller Details");
  });

  it("once the trip has started: read only, the missing ones said", () => {
    const html = renderToString(
      createElement(TravellerDetailsForm, { booking: { ...booking, travellersEditable: false } }),
    );
    expect(html).not.toContain("<form");
    expect(html).toContain("details not given");
    expect(html).toContain("Tom Carter");
  });
});

/**
 * An audit event in words (lib/audit/sentences.ts): the details as a sentence, never JSON or ids,
 * and the target named as staff name it, with where it opens.
 */
import { describe, expect, it } from "vitest";

import { detailsSentence, SENTENCE_MAX, targetName } from "@/lib/audit/sentences";

const ID = "c21afa4a-5e0b-4c1d-8f2e-3a4b5c6d7e8f";

describe("an event's details in a sentence", () => {
  it("says what a booking save changed, in words", () => {
    expect(detailsSentence({ changes: { paymentNote: { changed: true } } })).toBe(
      "Changed the payment note.",
    );
    expect(
      detailsSentence({
        changes: {
          bookingStatus: { from: "new", to: "confirmed" },
          paymentNote: { changed: true },
          guideId: { from: null, to: ID, automatic: true },
        },
      }),
    ).toBe(
      "Set the booking status from New to Confirmed, changed the payment note and changed the guide automatically.",
    );
  });

  it("leaves ids out and says amounts, kinds and methods as they read", () => {
    const sentence = detailsSentence({
      payment: ID,
      kind: "deposit",
      amount: "$720.00",
      method: "Cash",
      paymentStatus: "Deposit Made",
    });
    expect(sentence).toBe(
      "Kind: Deposit, amount: $720.00, method: Cash and payment status: Deposit Made.",
    );
    expect(detailsSentence({ bookings: 2, rows: 1200 })).toBe("2 bookings and 1,200 rows.");
    expect(sentence).not.toContain(ID);
  });

  it("reads a move, a list of changed fields, and nothing for no details", () => {
    expect(
      detailsSentence({
        departureId: { from: ID, to: ID },
        dates: { from: "Dec 9 - Dec 13, 2026", to: "Jan 6 - Jan 10, 2027" },
      }),
    ).toBe(
      "Changed the departure and set the dates from Dec 9 - Dec 13, 2026 to Jan 6 - Jan 10, 2027.",
    );
    expect(detailsSentence({ changed: ["price", "highlights"] })).toBe(
      "Changed the price and highlights.",
    );
    expect(detailsSentence({})).toBe("");
    expect(detailsSentence(null)).toBe("");
    expect(detailsSentence({ payment: ID })).toBe("");
  });

  it("never shows JSON, and is cut with an ellipsis", () => {
    expect(detailsSentence({ nested: { a: 1, b: 2 } })).toBe("");
    const long = detailsSentence({ reason: "x".repeat(500) });
    expect(long).toHaveLength(SENTENCE_MAX);
    expect(long.endsWith("…")).toBe(true);
  });
});

describe("a target as staff name it", () => {
  it("names a booking by its reference and opens it; a departure opens its manifest", () => {
    expect(targetName("booking", ID)).toEqual({
      label: "Booking C21AFA4A",
      href: `/admin/bookings?edit=${ID}`,
    });
    expect(targetName("departure", ID)).toEqual({
      label: "Departure",
      href: `/admin/departures/${ID}`,
    });
    expect(targetName("tour", "gorilla-safari")).toEqual({
      label: "Tour gorilla-safari",
      href: "/admin/tours",
    });
    expect(targetName("newsletter", null)).toEqual({ label: "Newsletter", href: null });
    expect(targetName(null, null)).toBeNull();
  });
});

import { describe, expect, it } from "vitest";

import { bookingConfirmed } from "@/lib/email/templates";
import { expectToSay } from "@/tests/helpers/html-text";

const base = {
  id: "0b5c1f4e-1d2a-4c3b-8e9f-0a1b2c3d4e5f",
  fullName: "Amelia Carter",
  tourPackage: "Gorilla Trek & Safari Escape (5 Days)",
  departureDate: "Jun 30, 2027",
  groupSize: 2,
  total: "$3,600.00",
  depositDue: "$1,080.00",
  depositPercent: 30,
  balance: "$2,520.00",
  balanceDueOn: "Mar 31, 2027",
  balanceDueNow: false,
  paidInFull: false,
  payUrl: "https://breatheuganda.example/pay?token=abc",
};

describe("the confirmation mail", () => {
  it("gives the total, the deposit due now with the pay link, and the balance with its day", () => {
    const mail = bookingConfirmed(base);
    expect(mail.template).toBe("booking-confirmed");
    expect(mail.subject).toBe(
      "Booking confirmed: Gorilla Trek & Safari Escape (5 Days) (ref 0B5C1F4E)",
    );
    expectToSay(mail.text, [
      "confirmed at a total of $3,600.00",
      "please pay the deposit of $1,080.00 (30% of the total) now",
      "$2,520.00, due by Mar 31, 2027",
      base.payUrl,
      "Your invoice is attached to this email as a PDF file. It is also in My Bookings, ready to download again",
    ]);
    expectToSay(mail.html, ["Pay the deposit", "Gorilla Trek &amp; Safari Escape"]);
  });

  it("itemises a permit tour's park fees in the total, and names no fee for a trip without", () => {
    const withFees = bookingConfirmed({
      ...base,
      tour: "$2,000.00",
      fees: [
        {
          text: "Gorilla permit, Foreign non-resident: US$800 x 2, at face value",
          amount: "$1,600.00",
        },
      ],
    });
    expectToSay(withFees.text.replace(/\s+/g, " "), [
      "Tour: $2,000.00",
      "Gorilla permit, Foreign non-resident: US$800 x 2, at face value: $1,600.00",
      "Total: $3,600.00",
    ]);
    const plain = bookingConfirmed({ ...base, tour: "$3,600.00", fees: [] });
    expect(plain.text).not.toContain("permit");
    expect(plain.text.replace(/\s+/g, " ")).not.toContain("Tour: $3,600.00");
  });

  it("asks for the balance when the deposit is covered, and nothing when all is paid", () => {
    const covered = bookingConfirmed({ ...base, depositDue: null });
    expect(covered.text).toContain("The balance of $2,520.00 is due by Mar 31, 2027.");
    expect(covered.html).toContain("Pay now");
    const paid = bookingConfirmed({ ...base, depositDue: null, paidInFull: true });
    expect(paid.text).toContain("paid in full");
    expect(paid.text).not.toContain(base.payUrl);
  });

  it("asks for the whole amount now, not a deposit, for a trip confirmed inside its balance window", () => {
    const lateData = {
      ...base,
      depositDue: null,
      balance: "$3,600.00",
      balanceDueOn: "Nov 25, 2026",
      balanceDueNow: true,
    };
    const late = bookingConfirmed(lateData);
    expect(late.text).toContain(
      "As your trip departs soon, the full amount of $3,600.00 is due now: please pay it with the link below.",
    );
    expect(late.text).toContain("Due now");
    expect(late.text).not.toContain("deposit");
    expect(late.text).not.toContain("due by");
    expect(late.html).toContain("Pay now");
    expect(late.text).toContain(base.payUrl);
    // Part paid before the confirmation: the rest is due.
    const partPaid = bookingConfirmed({ ...lateData, balance: "$3,100.00" });
    expect(partPaid.text).toContain("the rest of $3,100.00 is due now");
  });
});

import { PDFDocument } from "@pdfme/pdf-lib";
import { describe, expect, it } from "vitest";

import { encodable } from "@/lib/documents/pdf-layout";
import { invoiceFileName, renderInvoice, type InvoiceData } from "@/lib/documents/invoice";
import { receiptFileName, renderReceipt, type ReceiptData } from "@/lib/documents/receipt";
import { groupFeeLines, type ParkFeeLine } from "@/lib/parks/fees";
import { expectPdfToSay, pdfText as textOf } from "@/tests/helpers/pdf-text";

const line: ParkFeeLine = {
  traveller: 1,
  fee: "gorilla_tracking",
  park: "Bwindi Impenetrable",
  residency: "foreign_non_resident",
  residencyGiven: true,
  ageBand: "adult",
  visitDate: "2027-06-13",
  currency: "USD",
  amountMinor: 80_000,
  usdMinor: 80_000,
  usdRate: null,
  rateId: null,
  tariffId: null,
};

const receipt: ReceiptData = {
  receiptNumber: "BU-5F0C2B1E-K7Q2M9XW",
  paidAt: new Date("2027-03-02T09:30:00Z"),
  payerName: "Amara Okello",
  payerEmail: "amara@example.com",
  bookingId: "5f0c2b1e-1111-4222-8333-444455556666",
  tourPackage: "Bwindi Gorilla Trek",
  departureDate: "2027-06-12",
  endDate: "2027-06-15",
  kind: "deposit",
  amountMinor: 123450,
  currency: "USD",
  method: "MTN Mobile Money",
  confirmationCode: "MP240302ABC",
};

describe("renderReceipt", () => {
  it("is a PDF that pdf-lib loads again, one page, titled with the receipt number", async () => {
    const pdf = await renderReceipt(receipt);
    expect(Buffer.from(pdf.subarray(0, 5)).toString()).toBe("%PDF-");
    const doc = await PDFDocument.load(pdf);
    expect(doc.getPageCount()).toBe(1);
    expect(doc.getTitle()).toContain("BU-5F0C2B1E-K7Q2M9XW");
  });

  it("says who paid what for which booking, how, and the brand", async () => {
    expectPdfToSay(await renderReceipt(receipt), [
      "Breathe Uganda",
      "Feel Africa. Breathe Uganda.",
      "Plot 14, Kampala Road, Kampala, Uganda",
      "+256 700 123 456",
      "BU-5F0C2B1E-K7Q2M9XW",
      "Mar 02, 2027",
      "Amara Okello (amara@example.com)",
      "5F0C2B1E",
      "Bwindi Gorilla Trek",
      "Jun 12, 2027 - Jun 15, 2027",
      "Deposit",
      "MTN Mobile Money",
      "MP240302ABC",
      "$1,234.50",
    ]);
  });

  it("writes a name the standard fonts cannot encode rather than failing", async () => {
    const text = textOf(
      await renderReceipt({ ...receipt, payerName: "Łukasz Żółw 李 🦍", kind: "refund" }),
    );
    expect(text).toContain("Lukasz Zólw ? ? (amara@example.com)");
    expect(text).toContain("Refund receipt");
    expect(text).toContain("Amount refunded");
  });

  it("names its file after the receipt number", () => {
    expect(receiptFileName("BU-5F0C2B1E-K7Q2M9XW")).toBe(
      "breathe-uganda-receipt-BU-5F0C2B1E-K7Q2M9XW.pdf",
    );
    expect(receiptFileName('a"b/../c')).toBe("breathe-uganda-receipt-abc.pdf");
  });
});

const invoice: InvoiceData = {
  bookingId: "5f0c2b1e-1111-4222-8333-444455556666",
  issuedOn: "2027-03-05",
  leadTraveller: "Amara Okello",
  email: "amara@example.com",
  tourPackage: "Bwindi Gorilla Trek",
  departureDate: "2027-06-12",
  endDate: "2027-06-15",
  groupSize: 2,
  totalMinor: 400000,
  fees: [],
  feesMinor: 0,
  currency: "USD",
  balanceDueOn: "2027-04-13",
  depositPercent: 30,
  payments: [
    {
      kind: "deposit",
      amountMinor: 120000,
      status: "completed",
      completedAt: new Date("2027-03-02T09:30:00Z"),
      merchantReference: "BU-5F0C2B1E-K7Q2M9XW",
      method: "Visa",
    },
    {
      kind: "balance",
      amountMinor: 280000,
      status: "failed",
      completedAt: null,
      merchantReference: "BU-5F0C2B1E-FAILED0001",
      method: null,
    },
  ],
};

describe("renderInvoice", () => {
  it("is a PDF with the booking, the total, the 30% deposit, the balance and its due day", async () => {
    const pdf = await renderInvoice(invoice);
    expect((await PDFDocument.load(pdf)).getPageCount()).toBeGreaterThanOrEqual(1);
    expectPdfToSay(pdf, [
      "Invoice 5F0C2B1E",
      "Amara Okello (amara@example.com)",
      "Bwindi Gorilla Trek",
      "Jun 12, 2027 - Jun 15, 2027",
      "2 travellers",
      "$4,000.00",
      "Deposit (30%)",
      "$1,200.00",
      "$2,800.00, due Apr 13, 2027",
      "BU-5F0C2B1E-K7Q2M9XW",
      "Amount due",
      "The balance of $2,800.00 is due by Apr 13, 2027.",
    ]);
    // A failed order is no payment.
    expect(textOf(pdf)).not.toContain("BU-5F0C2B1E-FAILED0001");
  });

  it("itemises a permit tour's park fees so the total adds up: the tour, each category, shillings with their rate", async () => {
    // Three travellers: two foreign non-residents at US$800 and an East African citizen's
    // UGX 300,000 at 3,700 UGX per USD; the tour itself $1,800 each.
    const fees = groupFeeLines([
      ...[1, 2].map((traveller) => ({ ...line, traveller })),
      {
        ...line,
        traveller: 3,
        residency: "east_african_citizen" as const,
        currency: "UGX",
        amountMinor: 300_000,
        usdMinor: 8_109,
        usdRate: "3700.00",
      },
    ]);
    const text = textOf(
      await renderInvoice({
        ...invoice,
        groupSize: 3,
        totalMinor: 540_000 + 160_000 + 8_109,
        fees,
        feesMinor: 168_109,
        payments: [],
      }),
    );
    for (const said of [
      "Tour",
      "$5,400.00",
      "Gorilla permit, Foreign non-resident: US$800 x 2, at face value",
      "$1,600.00",
      "Gorilla permit, East African citizen: UGX 300,000, at face value",
      "US$81.09 at 3,700 UGX per USD",
      "$81.09",
      "$7,081.09",
    ])
      expect(text).toContain(said);
  });

  it("asks for the deposit while it is unpaid, and says when nothing is quoted", async () => {
    const unpaid = textOf(await renderInvoice({ ...invoice, payments: [] }));
    expect(unpaid).toContain("No payments yet.");
    expect(unpaid).toContain("Due now: the deposit, $1,200.00; the rest by Apr 13, 2027.");
    const unquoted = textOf(await renderInvoice({ ...invoice, totalMinor: null, payments: [] }));
    expect(unquoted).toContain("not quoted yet");
  });

  it("runs onto further pages when the ledger is long", async () => {
    const many = Array.from({ length: 80 }, (_, i) => ({
      ...invoice.payments[0]!,
      amountMinor: 100,
      merchantReference: `BU-5F0C2B1E-M${String(i).padStart(4, "0")}`,
    }));
    const doc = await PDFDocument.load(await renderInvoice({ ...invoice, payments: many }));
    expect(doc.getPageCount()).toBeGreaterThan(1);
  });

  it("names its file after the booking reference", () => {
    expect(invoiceFileName(invoice.bookingId)).toBe("breathe-uganda-invoice-5F0C2B1E.pdf");
  });
});

describe("encodable", () => {
  it("keeps Latin-1 and replaces the rest", () => {
    const latin = new Set([..."Zoe Ze"].map((c) => c.codePointAt(0)!));
    expect(encodable("Zoë\nZé", new Set([...latin, 0xeb]))).toBe("Zoë Ze");
    expect(encodable("🦍", latin)).toBe("?");
  });
});

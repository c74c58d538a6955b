/**
 * Authorization matrix of the PDF documents (lib/documents/data.ts and their route handlers under
 * app/api/documents): a receipt of one of A's completed payments and the invoice of A's confirmed
 * booking. A visitor gets 401 (the DAL: `unauthenticated`); A gets the PDF; B is told it does not
 * exist (404 / null, never 403: existence does not leak); staff and admins get every booking's.
 * Every allowed answer is checked to be a PDF, and no call changes a booking or the ledger.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

import { vi } from "vitest";

vi.mock("@/auth", async () => (await import("@/tests/helpers/customer-world")).authMock);

import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";

import * as invoiceRoute from "@/app/api/documents/invoice/[bookingId]/route";
import * as receiptRoute from "@/app/api/documents/receipt/[paymentId]/route";
import { bookings, payments } from "@/db/schema";
import * as documents from "@/lib/documents/data";
import { DomainError } from "@/lib/errors";
import {
  openMatrixWorld,
  staffArea,
  type Expected,
  type StaffAreaActor,
  type StaffAreaOperation,
} from "@/tests/helpers/authz-matrix";
import { confirmedWithDeposit } from "@/tests/helpers/ledger-rows";

const m = openMatrixWorld();

/** A's own documents: A and staff get them, B finds nothing, a visitor must sign in. */
const OWNER_OR_STAFF: Expected<StaffAreaActor> = {
  visitor: "login",
  customerA: "allowed",
  customerB: "not-found",
  staff: "allowed",
  admin: "allowed",
};

/**
 * The renderers of the mails' attachments: they check no caller (the DAL function queuing the
 * mail has), so they are not reads and nothing a client reaches may import them.
 */
const MAIL_ONLY = ["queuePaymentReceiptMail", "invoiceAttachment"];

const ids = { booking: "", payment: "", pending: "" };

beforeAll(async () => {
  ids.booking = m.w.bookings.a1;
  const { paid, pending } = await confirmedWithDeposit(m.db, ids.booking);
  ids.payment = paid;
  ids.pending = pending;
});

const receiptGet = (paymentId: string) =>
  receiptRoute.GET(new Request(`http://localhost:3000/api/documents/receipt/${paymentId}`), {
    params: Promise.resolve({ paymentId }),
  });
const invoiceGet = (bookingId: string) =>
  invoiceRoute.GET(new Request(`http://localhost:3000/api/documents/invoice/${bookingId}`), {
    params: Promise.resolve({ bookingId }),
  });

const operations = (): StaffAreaOperation[] => [
  {
    name: "lib/documents/data.ts#receiptFor (A's completed payment)",
    expected: OWNER_OR_STAFF,
    run: () => documents.receiptFor(ids.payment),
  },
  {
    name: "lib/documents/data.ts#invoiceFor (A's confirmed booking)",
    expected: OWNER_OR_STAFF,
    run: () => documents.invoiceFor(ids.booking),
  },
  {
    name: "lib/documents/data.ts#documentsOfBookings (A's booking)",
    expected: OWNER_OR_STAFF,
    run: async () => {
      const found = (await documents.documentsOfBookings([ids.booking])).get(ids.booking);
      if (!found) return null;
      expect(found.invoiceHref).toBe(`/api/documents/invoice/${ids.booking}`);
      expect(found.receipts.map((r) => r.href)).toEqual([`/api/documents/receipt/${ids.payment}`]);
      return documents.receiptFor(ids.payment);
    },
  },
  {
    name: "app/api/documents/receipt/[paymentId]/route.ts#GET (A's completed payment)",
    expected: OWNER_OR_STAFF,
    run: () => receiptGet(ids.payment),
  },
  {
    name: "app/api/documents/invoice/[bookingId]/route.ts#GET (A's confirmed booking)",
    expected: OWNER_OR_STAFF,
    run: () => invoiceGet(ids.booking),
  },
];

/** PDF bytes, or a Response carrying them: 'allowed' only when it really is a PDF. */
async function judgeAnswer(value: unknown): Promise<string> {
  if (value === null) return "not-found";
  if (value instanceof Response) {
    if (value.status === 401) return "login";
    if (value.status === 404) return "not-found";
    if (value.status !== 200) return `HTTP ${value.status}`;
    const bytes = Buffer.from(await value.arrayBuffer());
    const pdf =
      value.headers.get("content-type") === "application/pdf" &&
      /^attachment; filename="breathe-uganda-(receipt|invoice)-[A-Za-z0-9-]+\.pdf"$/.test(
        value.headers.get("content-disposition") ?? "",
      ) &&
      bytes.subarray(0, 5).toString() === "%PDF-";
    return pdf ? "allowed" : "a 200 that is not a PDF";
  }
  const doc = value as documents.PdfDocument;
  return Buffer.from(doc.pdf.subarray(0, 5)).toString() === "%PDF-" ? "allowed" : "not a PDF";
}

async function ledgerAndBooking() {
  const [b] = await m.db.select().from(bookings).where(eq(bookings.id, ids.booking));
  const rows = await m.db.select().from(payments).where(eq(payments.bookingId, ids.booking));
  return { b, rows: rows.sort((x, y) => x.id.localeCompare(y.id)) };
}

describe("documents authorization matrix", () => {
  it("names every exported route and document read", () => {
    const named = operations().map((o) => o.name.split("#")[1]!.split(" ")[0]);
    const reads = Object.entries(documents)
      .filter(
        ([k, v]) =>
          typeof v === "function" &&
          ![...MAIL_ONLY, "RECEIPT_PATH", "INVOICE_PATH"].includes(k),
      )
      .map(([k]) => k);
    expect(new Set(named)).toEqual(new Set([...reads, "GET"]));
  });

  it("leaves the mails' renderers to the DAL: no action, page or route imports them", () => {
    const root = path.resolve(import.meta.dirname, "../..");
    const importers = ["actions", "app", "components"].flatMap((dir) =>
      readdirSync(path.join(root, dir), { recursive: true, withFileTypes: true })
        .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
        .map((entry) => path.join(entry.parentPath, entry.name))
        .filter((file) => {
          const source = readFileSync(file, "utf8");
          return MAIL_ONLY.some((name) => new RegExp(`\\b${name}\\b`).test(source));
        })
        .map((file) => path.relative(root, file)),
    );
    expect(importers).toEqual([]);
  });

  staffArea.tests({
    title: (who) => `${who}: A's receipt and invoice`,
    operations,
    become: m.become,
    judge: (operation) =>
      staffArea.outcome(async () => judgeAnswer(await operation.run()), {
        error: (error) =>
          error instanceof DomainError && error.code === "unauthenticated" ? "login" : undefined,
        value: (named) => named as string | undefined,
      }),
    snapshot: ledgerAndBooking,
    unchanged: ["visitor", "customerA", "customerB", "staff", "admin"],
  });
});

describe("documents: what is not a document", () => {
  it("a pending payment has no receipt, a booking not confirmed no invoice, a bad id is a 400", async () => {
    m.become("admin");
    expect(await documents.receiptFor(ids.pending)).toBeNull();
    expect((await receiptGet(ids.pending)).status).toBe(404);
    expect(await documents.invoiceFor(m.w.bookings.b1)).toBeNull(); // B's booking is 'new'
    expect((await invoiceGet("not-a-uuid")).status).toBe(400);
    m.become("visitor");
    expect((await receiptGet(crypto.randomUUID())).status).toBe(401);
  });

  it("A's receipt names the payment and the booking", async () => {
    m.become("customerA");
    const doc = await documents.receiptFor(ids.payment);
    const [row] = await m.db.select().from(payments).where(eq(payments.id, ids.payment));
    expect(doc!.fileName).toBe(`breathe-uganda-receipt-${row!.merchantReference}.pdf`);
    const invoice = await documents.invoiceFor(ids.booking);
    expect(invoice!.fileName).toBe(
      `breathe-uganda-invoice-${ids.booking.slice(0, 8).toUpperCase()}.pdf`,
    );
  });
});

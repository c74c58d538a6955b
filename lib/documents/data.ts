import "server-only";

import { and, asc, eq, inArray, isNotNull, or, type SQL, sql } from "drizzle-orm";

import { type Db, getDb, type Tx } from "@/db";
import { bookings, payments } from "@/db/schema";
import { countedPayments } from "@/lib/payments/data/counted";
import {
  bookingDueColumns,
  bookingMailColumns,
  dueOf,
  ownBookings,
  readBooking,
} from "@/lib/bookings/data/booking-row";
import { actorOf } from "@/lib/audit/events";
import { recordAudit } from "@/lib/audit/data/trail";
import { bookingRef } from "@/lib/bookings/labels";
import { getCurrentUser } from "@/lib/session";
import { formatDay, todayInKampala } from "@/lib/dates";
import { invoiceFileName, renderInvoice } from "@/lib/documents/invoice";
import {
  PAYMENT_KIND_LABELS,
  type ReceiptData,
  receiptFileName,
  renderReceipt,
  tripDates,
} from "@/lib/documents/receipt";
import { type EmailAttachment, queueEmail } from "@/lib/email";
import { paymentReceived } from "@/lib/email/templates";
import { DomainError } from "@/lib/errors";
import { isUuid } from "@/lib/ids";
import { logger } from "@/lib/logger";
import { bookingDepositPercent } from "@/lib/payments/deposit";
import { formatMoney } from "@/lib/payments/ledger";
import { ledgerAmount } from "@/lib/payments/ugx";
import { planOfBooking } from "@/lib/proposals/data/plan";
import { feeLinesOf, feesTotal } from "@/lib/parks/data/fees";
import { groupFeeLines } from "@/lib/parks/fees";

/**
 * The PDFs of the money: a receipt per completed ledger row, an invoice per confirmed booking.
 * Authorization is here, next to the data: a signed-out caller is `unauthenticated` (the route's
 * 401); a customer gets the documents of their own bookings (lib/bookings/data/owned.ts ownBookings:
 * linked to their account or under their verified email) and null for anyone else's, so another
 * customer's id reads exactly like an id that does not exist (404, never 403); staff (either
 * role, second factor set up where required) get every booking's.
 *
 * The same files go out attached to the mails (the receipt with 'Payment received', the invoice
 * with the confirmation), rendered in the transaction that queues the mail by the same code.
 */

/** The currency of a booking's total (lib/payments/data/ledger.ts BOOKING_CURRENCY): the ledger counts it. */
const INVOICE_CURRENCY = "USD";

export type PdfDocument = { fileName: string; pdf: Uint8Array };

/** A document as a mail carries it. */
function asAttachment(document: PdfDocument): EmailAttachment {
  return { filename: document.fileName, contentType: "application/pdf", content: document.pdf };
}

type Caller = NonNullable<Awaited<ReturnType<typeof getCurrentUser>>>;

/** The signed-in caller, or DomainError `unauthenticated`. */
async function signedInCaller(): Promise<Caller> {
  const user = await getCurrentUser();
  if (!user) throw new DomainError("unauthenticated");
  return user;
}

const isStaff = (user: Caller) => user.role !== null && !(user.mfaRequired && !user.mfaEnabled);

/** The caller's scope: every booking for staff, their own for anyone else signed in. */
async function bookingScope(user?: Caller): Promise<SQL | undefined> {
  user ??= await signedInCaller();
  if (isStaff(user)) return undefined;
  return ownBookings({
    userId: user.id,
    email: user.email,
    emailVerified: user.emailVerified,
    name: user.name,
  });
}

const receiptColumns = {
  receiptNumber: payments.merchantReference,
  completedAt: payments.completedAt,
  kind: payments.kind,
  amountMinor: payments.amountMinor,
  currency: payments.currency,
  usdMinor: payments.usdMinor,
  usdRate: payments.usdRate,
  method: payments.method,
  confirmationCode: payments.confirmationCode,
  bookingId: bookings.id,
  payerName: bookings.fullName,
  payerEmail: bookings.email,
  tourPackage: bookings.tourPackage,
  departureDate: bookings.departureDate,
  endDate: bookings.endDate,
};

/** The receipt of a completed payment the caller may see, or null (none, not completed, not theirs). */
export async function receiptFor(paymentId: string): Promise<PdfDocument | null> {
  const user = await signedInCaller();
  const scope = await bookingScope(user);
  if (!isUuid(paymentId)) return null;
  const db = await getDb();
  const [row] = await db
    .select(receiptColumns)
    .from(payments)
    .innerJoin(bookings, eq(bookings.id, payments.bookingId))
    .where(and(eq(payments.id, paymentId), eq(payments.status, "completed"), scope));
  if (!row) return null;
  await recordStaffDownload(user, "receipt", paymentId, row.bookingId);
  return receiptDocument(row);
}

/**
 * A member of staff downloading a customer's receipt or invoice is in the trail (a customer's
 * own downloads are theirs to make and are not).
 */
async function recordStaffDownload(
  user: Caller,
  document: "receipt" | "invoice",
  id: string,
  bookingId: string,
): Promise<void> {
  if (!isStaff(user)) return;
  await recordAudit({
    action: "document.download",
    actor: actorOf({ userId: user.id, email: user.email, role: user.role }),
    target: { type: document === "receipt" ? "payment" : "booking", id },
    details: { document, bookingId },
  });
}

/** The receipt of a row read with receiptColumns: the download and the mail send the same file. */
async function receiptDocument(
  row: Omit<ReceiptData, "paidAt"> & { completedAt: Date | null },
): Promise<PdfDocument> {
  return {
    fileName: receiptFileName(row.receiptNumber),
    pdf: await renderReceipt({ ...row, paidAt: row.completedAt ?? new Date() }),
  };
}

/** A receipt's line in My Bookings or the admin: link to RECEIPT_PATH(paymentId). */
export type ReceiptLink = {
  paymentId: string;
  receiptNumber: string;
  /** 'Deposit', 'Balance', 'Payment in full', 'Refund'. */
  label: string;
  /** '$1,200.00'. */
  amount: string;
  completedAt: Date | null;
  href: string;
};

export type BookingDocuments = {
  /** The invoice's address, or null while the booking is not confirmed. */
  invoiceHref: string | null;
  receipts: ReceiptLink[];
};

export const RECEIPT_PATH = (paymentId: string) => `/api/documents/receipt/${paymentId}`;
export const INVOICE_PATH = (bookingId: string) => `/api/documents/invoice/${bookingId}`;

/**
 * The documents of bookings the caller may see, by booking id, for My Bookings (a customer's
 * own) and the admin (staff: any): the invoice's link once confirmed and one receipt link per
 * completed payment, oldest first. Ids the caller may not see are simply absent.
 */
export async function documentsOfBookings(
  bookingIds: readonly string[],
): Promise<Map<string, BookingDocuments>> {
  const scope = await bookingScope();
  const wanted = bookingIds.filter(isUuid);
  const result = new Map<string, BookingDocuments>();
  if (wanted.length === 0) return result;
  const db = await getDb();
  const [visible, rows] = await Promise.all([
    db
      .select({ id: bookings.id, bookingStatus: bookings.bookingStatus })
      .from(bookings)
      .where(and(inArray(bookings.id, wanted), scope)),
    db
      .select({
        bookingId: payments.bookingId,
        paymentId: payments.id,
        receiptNumber: payments.merchantReference,
        kind: payments.kind,
        amountMinor: payments.amountMinor,
        currency: payments.currency,
        completedAt: payments.completedAt,
      })
      .from(payments)
      .innerJoin(bookings, eq(bookings.id, payments.bookingId))
      .where(and(inArray(payments.bookingId, wanted), eq(payments.status, "completed"), scope))
      .orderBy(asc(payments.completedAt), asc(payments.createdAt)),
  ]);
  for (const b of visible)
    result.set(b.id, {
      invoiceHref:
        b.bookingStatus === "confirmed" || b.bookingStatus === "completed"
          ? INVOICE_PATH(b.id)
          : null,
      receipts: [],
    });
  for (const r of rows)
    result.get(r.bookingId)?.receipts.push({
      paymentId: r.paymentId,
      receiptNumber: r.receiptNumber,
      label: PAYMENT_KIND_LABELS[r.kind],
      amount: formatMoney(r.amountMinor, r.currency),
      completedAt: r.completedAt,
      href: RECEIPT_PATH(r.paymentId),
    });
  return result;
}

/** The invoice of a confirmed (or completed) booking the caller may see, or null. */
export async function invoiceFor(bookingId: string): Promise<PdfDocument | null> {
  const user = await signedInCaller();
  const scope = await bookingScope(user);
  if (!isUuid(bookingId)) return null;
  const invoice = await invoiceOf(await getDb(), bookingId, scope);
  if (invoice) await recordStaffDownload(user, "invoice", bookingId, bookingId);
  return invoice;
}

/**
 * The invoice of a booking within `scope` (the caller's, or none for the mail of a caller already
 * checked), read through `db`: inside a transaction it is the booking as that transaction left it.
 */
async function invoiceOf(
  db: Db | Tx,
  bookingId: string,
  scope: SQL | undefined,
): Promise<PdfDocument | null> {
  const b = await readBooking(
    db,
    bookingId,
    {
      ...bookingMailColumns,
      ...bookingDueColumns,
      departureDate: bookings.departureDate,
      endDate: bookings.endDate,
      groupSize: bookings.groupSize,
      bookingStatus: bookings.bookingStatus,
    },
    scope,
  );
  if (!b || (b.bookingStatus !== "confirmed" && b.bookingStatus !== "completed")) return null;
  // A payment in shillings is listed by the dollars it settled, as the ledger counts it.
  const rows = await db
    .select({
      kind: payments.kind,
      amountMinor:
        sql<number>`case when ${payments.currency} = ${INVOICE_CURRENCY} then ${payments.amountMinor} else ${payments.usdMinor} end`.mapWith(
          Number,
        ),
      status: payments.status,
      completedAt: payments.completedAt,
      merchantReference: payments.merchantReference,
      method: payments.method,
    })
    .from(payments)
    .where(
      and(
        eq(payments.bookingId, b.id),
        or(eq(payments.currency, INVOICE_CURRENCY), isNotNull(payments.usdMinor)),
      ),
    )
    .orderBy(asc(payments.completedAt), asc(payments.createdAt));
  const fees = (await feeLinesOf(db, [b.id])).get(b.id) ?? [];
  // A tailor-made trip's days, from the proposal its traveller accepted.
  const plan = await planOfBooking(db, b.id);
  return {
    fileName: invoiceFileName(b.id),
    pdf: await renderInvoice({
      bookingId: b.id,
      issuedOn: todayInKampala(),
      leadTraveller: b.fullName,
      email: b.email,
      tourPackage: b.tourPackage,
      departureDate: b.departureDate,
      endDate: b.endDate,
      groupSize: b.groupSize,
      totalMinor: b.totalMinor,
      fees: groupFeeLines(fees),
      feesMinor: feesTotal(fees),
      currency: INVOICE_CURRENCY,
      balanceDueOn: b.balanceDueOn,
      depositPercent: bookingDepositPercent(b.depositPercent),
      payments: rows,
      plan: plan?.days ?? [],
    }),
  };
}

/**
 * The invoice of a confirmed booking as a mail attachment, rendered in the transaction that
 * confirmed it, or null while it is not confirmed. Not a read for callers: no caller is checked
 * here, so only DAL code that has already checked its own (confirmBooking: staff) calls it.
 */
export async function invoiceAttachment(
  tx: Tx,
  bookingId: string,
): Promise<EmailAttachment | null> {
  const invoice = await invoiceOf(tx, bookingId, undefined);
  return invoice && asAttachment(invoice);
}

/**
 * Queues the 'Payment received' mail of a completed payment (not a refund), in the transaction
 * that completed it: call it at the end of settleOrder's completed branch and of
 * recordManualPayment. The mail carries the payment's receipt, the same PDF My Bookings offers
 * (never a link that would open it without signing in). Returns whether a mail was queued.
 */
export async function queuePaymentReceiptMail(
  tx: Tx,
  paymentId: string,
  options: { confirmed?: boolean } = {},
): Promise<boolean> {
  const [row] = await tx
    .select({
      ...receiptColumns,
      status: payments.status,
      ...bookingDueColumns,
    })
    .from(payments)
    .innerJoin(bookings, eq(bookings.id, payments.bookingId))
    .where(eq(payments.id, paymentId));
  if (!row || row.status !== "completed" || row.kind === "refund") return false;
  const counted = await countedPayments(tx, [row.bookingId], INVOICE_CURRENCY);
  const due = dueOf(row, counted);
  const left = row.totalMinor !== null && due.balanceMinor > 0;
  // The payment is recorded in this transaction: a receipt that cannot be drawn must not undo it
  // (the provider would be asked again and again). The mail then goes without the file and says
  // where to download it; the error is logged for staff to look at.
  const receipt = await receiptDocument(row).then(asAttachment, (error: unknown) => {
    logger.error({ event: "receipt_render_failed", paymentId, error: String(error) });
    return null;
  });
  await queueEmail(
    {
      ...paymentReceived({
        fullName: row.payerName,
        bookingReference: bookingRef(row.bookingId),
        tourPackage: row.tourPackage,
        dates: tripDates(row.departureDate, row.endDate),
        receiptNumber: row.receiptNumber,
        // In shillings: both amounts and the rate.
        amount: ledgerAmount(row),
        paidFor: PAYMENT_KIND_LABELS[row.kind],
        method: row.method ?? "Online",
        paidOn: formatDay(row.completedAt ?? new Date()),
        balanceLeft:
          row.totalMinor === null
            ? "To be confirmed with your quote"
            : left
              ? formatMoney(due.balanceMinor, INVOICE_CURRENCY)
              : null,
        balanceDueOn: left && row.balanceDueOn ? formatDay(row.balanceDueOn) : null,
        balanceDueNow: left && due.balanceDueNow,
        receiptAttached: receipt !== null,
        confirmed: options.confirmed,
      }),
      to: row.payerEmail,
      attachments: receipt ? [receipt] : [],
    },
    tx,
  );
  return true;
}

import "server-only";

import { randomUUID } from "node:crypto";

import { and, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { PgUpdateSetSource } from "drizzle-orm/pg-core";

import { getDb, type Tx } from "@/db";
import { bookings, bookingTravellers, departures, resellerBookings } from "@/db/schema";
import { recordAudit } from "@/lib/audit/data/trail";
import type { AuditAction } from "@/lib/audit/events";
import { todayInKampala } from "@/lib/dates";
import {
  freeSeats,
  lockDeparture,
  type LockedDeparture,
  refreshDepartures,
  requireSeats,
  takeSeats,
  takesSeats,
} from "@/lib/departures/data/seats";
import { isOnSale, seatsRefusedMessage } from "@/lib/departures/rules";
import type { ResellerContact, ResellerUnitItem } from "@/lib/domain";
import { env } from "@/lib/env";
import { DomainError } from "@/lib/errors";
import {
  feeLinesOf,
  replaceBookingFees,
  requireTripFees,
  saveBookingFees,
} from "@/lib/parks/data/fees";
import { allocatePermits, trekOfDeparture } from "@/lib/parks/data/stock";
import type { ParkFeeLine } from "@/lib/parks/fees";
import { packageDisplayName } from "@/lib/tours/rules";

import type { BookingView } from "../octo";
import {
  availabilityDate,
  cancellable,
  DEFAULT_HOLD_MINUTES,
  DEFAULT_OPTION_ID,
  newSupplierReference,
  OctoError,
  type ProductUnit,
  productUnits,
  resellerNet,
} from "../rules";
import type {
  BookingUpdate,
  Confirmation,
  ContactInput,
  Reservation,
  UnitItemInput,
} from "../schemas";
import { departureSlot, productById, type ProductRow, unitRetail } from "./catalogue";
import type { Reseller } from "./resellers";

/**
 * Reseller bookings over OCTO, from the same seats as every other sale. A live reseller's
 * reservation is a booking row (source 'reseller') holding its seats until its hold lapses, taken
 * with takeSeats in the transaction that saves it, exactly as a web checkout hold: the seat count
 * compares the hold with the clock, so a lapsed hold's seats are on sale again the moment it
 * lapses. Confirming makes the booking confirmed and clears the hold; cancelling cancels it.
 *
 * On a permit tour the booking's id is chosen before its seats are taken, so each trekker is given
 * a UWA permit with the seat (requireSeats), and its permits follow its seats as a web hold's do:
 * kept while the hold runs or the booking is confirmed, counting for nothing once it lapses or is
 * cancelled, taken again with the seats. Each traveller's unit names their residency category,
 * which prices their park fee as a web booking of the same party is priced; the fee lines are
 * stored with the booking (booking_park_fees), and the fee is added at face value to what the
 * reseller owes (its net discounts the land price only).
 *
 * A test-mode reseller's reservations see the real seats (a hold is refused when they are not
 * free) but take none, and no permit: they are reseller_bookings rows without a booking row.
 *
 * Whatever keeps a hold's seats past a moment (confirm, extend, a change of seats) first locks the
 * departure, then compares the hold with the wall clock (clock_timestamp(), not the transaction's
 * start): a sale that counted the seats free after the hold lapsed has then committed, and the
 * hold is treated as lapsed too, so the seats are never sold twice.
 */

/* ------------------------------------------------------------------------------------------ */
/* Reading                                                                                     */
/* ------------------------------------------------------------------------------------------ */

const bookingColumns = {
  uuid: resellerBookings.uuid,
  resellerId: resellerBookings.resellerId,
  bookingId: resellerBookings.bookingId,
  testMode: resellerBookings.testMode,
  status: resellerBookings.status,
  holdExpiresAt: resellerBookings.holdExpiresAt,
  supplierReference: resellerBookings.supplierReference,
  resellerReference: resellerBookings.resellerReference,
  tourId: resellerBookings.tourId,
  departureId: resellerBookings.departureId,
  unitItems: resellerBookings.unitItems,
  contact: resellerBookings.contact,
  notes: resellerBookings.notes,
  retailMinor: resellerBookings.retailMinor,
  netMinor: resellerBookings.netMinor,
  createdAt: resellerBookings.createdAt,
  updatedAt: resellerBookings.updatedAt,
  confirmedAt: resellerBookings.confirmedAt,
  cancelledAt: resellerBookings.cancelledAt,
  cancellationReason: resellerBookings.cancellationReason,
};

type Row = {
  uuid: string;
  resellerId: string;
  bookingId: string | null;
  testMode: boolean;
  status: "on_hold" | "confirmed" | "cancelled";
  holdExpiresAt: Date | null;
  supplierReference: string;
  resellerReference: string | null;
  tourId: string;
  departureId: string;
  unitItems: ResellerUnitItem[];
  contact: ResellerContact;
  notes: string | null;
  retailMinor: number;
  netMinor: number;
  createdAt: Date;
  updatedAt: Date;
  confirmedAt: Date | null;
  cancelledAt: Date | null;
  cancellationReason: string | null;
};

async function viewOf(tx: Tx, row: Row): Promise<BookingView> {
  const slot = await departureSlot(tx, row.departureId);
  if (!slot) throw new Error(`reseller booking ${row.uuid} has no departure`);
  return {
    ...row,
    slot: { ...slot, retailMinor: row.retailMinor },
    cancellable: cancellable(row.status, slot, todayInKampala()),
  };
}

/**
 * The reseller's bookings matching `where`, each as it stands on its booking row too: staff may
 * cancel, confirm or move a live reseller's booking on their screens, and the reseller is then
 * told so. `lock`: the reseller's rows are locked for the transaction.
 */
async function readOwn(tx: Tx, where: SQL | undefined, lock = false): Promise<Row[]> {
  const query = tx
    .select({
      ...bookingColumns,
      live: {
        status: bookings.bookingStatus,
        payment: bookings.paymentStatus,
        hold: bookings.holdExpiresAt,
        departureId: bookings.departureId,
        reason: bookings.statusReason,
        updatedAt: bookings.updatedAt,
      },
    })
    .from(resellerBookings)
    .leftJoin(bookings, eq(bookings.id, resellerBookings.bookingId))
    .where(where)
    .orderBy(resellerBookings.createdAt)
    .limit(100);
  const rows = lock ? await query.for("update", { of: resellerBookings }) : await query;
  return rows.map(({ live, ...row }) => {
    if (!row.bookingId || !live || live.payment === null) return row;
    const calledOff =
      live.status === "cancelled" || live.payment === "Cancelled" || live.payment === "Refunded";
    const status = calledOff
      ? "cancelled"
      : live.status === "confirmed" || live.status === "completed"
        ? "confirmed"
        : row.status;
    return {
      ...row,
      status,
      holdExpiresAt: status === "on_hold" ? live.hold : null,
      departureId: live.departureId ?? row.departureId,
      ...(calledOff && row.status !== "cancelled"
        ? { cancelledAt: live.updatedAt, cancellationReason: live.reason }
        : {}),
    };
  });
}

/** The reseller's booking by uuid, locked for this transaction; INVALID_BOOKING_UUID if none. */
async function lockOwn(tx: Tx, reseller: Reseller, uuid: string): Promise<Row> {
  const [row] = await readOwn(
    tx,
    and(eq(resellerBookings.uuid, uuid), eq(resellerBookings.resellerId, reseller.id)),
    true,
  );
  if (!row) throw new OctoError("INVALID_BOOKING_UUID", { id: uuid });
  return row;
}

/** One of the reseller's bookings (another reseller's reads as unknown). */
export async function getResellerBooking(reseller: Reseller, uuid: string): Promise<BookingView> {
  const db = (await getDb()) as unknown as Tx;
  const [row] = await readOwn(
    db,
    and(eq(resellerBookings.uuid, uuid), eq(resellerBookings.resellerId, reseller.id)),
  );
  if (!row) throw new OctoError("INVALID_BOOKING_UUID", { id: uuid });
  return viewOf(db, row);
}

/**
 * Reseller bookings by uuid, whoever sold them, each with its reseller's id and as it stands on
 * its booking row too (the webhooks' bodies, in the jobs' transaction).
 */
export async function readBookingViews(
  tx: Tx,
  uuids: readonly string[],
): Promise<{ resellerId: string; view: BookingView }[]> {
  if (uuids.length === 0) return [];
  const rows = await readOwn(tx, inArray(resellerBookings.uuid, [...uuids]));
  const out: { resellerId: string; view: BookingView }[] = [];
  for (const row of rows) out.push({ resellerId: row.resellerId, view: await viewOf(tx, row) });
  return out;
}

/** The reseller's bookings with its reference or ours (at least one is required). */
export async function listResellerBookings(
  reseller: Reseller,
  filter: { resellerReference?: string; supplierReference?: string },
): Promise<BookingView[]> {
  if (!filter.resellerReference && !filter.supplierReference) {
    throw new OctoError("BAD_REQUEST", {
      message: "resellerReference or supplierReference is required",
    });
  }
  const db = (await getDb()) as unknown as Tx;
  const rows = await readOwn(
    db,
    and(
      eq(resellerBookings.resellerId, reseller.id),
      filter.resellerReference
        ? eq(resellerBookings.resellerReference, filter.resellerReference)
        : undefined,
      filter.supplierReference
        ? eq(resellerBookings.supplierReference, filter.supplierReference)
        : undefined,
    ),
  );
  const views: BookingView[] = [];
  for (const row of rows) views.push(await viewOf(db, row));
  return views;
}

/* ------------------------------------------------------------------------------------------ */
/* Checks of a request against the catalogue                                                   */
/* ------------------------------------------------------------------------------------------ */

/** The product, option and units of a request, each refused with OCTO's own error. */
export async function requireProduct(productId: string, optionId: string): Promise<ProductRow> {
  const product = await productById(await getDb(), productId);
  if (!product) throw new OctoError("INVALID_PRODUCT_ID", { id: productId });
  if (optionId !== DEFAULT_OPTION_ID) throw new OctoError("INVALID_OPTION_ID", { id: optionId });
  return product;
}

/** The product's unit `unitId` names, or INVALID_UNIT_ID. */
function requireUnit(product: ProductRow, unitId: string): ProductUnit {
  const unit = productUnits(product.permit).find((u) => u.id === unitId);
  if (!unit) throw new OctoError("INVALID_UNIT_ID", { id: unitId });
  return unit;
}

/** The seats an availability request asks for, by unit id (each one of the product's units). */
export function unitsAsked(
  product: ProductRow,
  units: readonly { id: string; quantity: number }[] | undefined,
): Map<string, number> {
  const asked = new Map<string, number>();
  for (const unit of units ?? []) {
    requireUnit(product, unit.id);
    asked.set(unit.id, (asked.get(unit.id) ?? 0) + unit.quantity);
  }
  return asked;
}

/** The departure an availability id names on the product, or INVALID_AVAILABILITY_ID. */
async function requireDeparture(tx: Tx, tourId: string, availabilityId: string) {
  const day = availabilityDate(availabilityId);
  const [row] = day
    ? await tx
        .select({
          id: departures.id,
          prices: departures.prices,
          status: departures.status,
          startDate: departures.startDate,
          endDate: departures.endDate,
          cutoffDays: departures.cutoffDays,
          capacity: departures.capacity,
          guideId: departures.guideId,
        })
        .from(departures)
        .where(and(eq(departures.tourId, tourId), eq(departures.startDate, day)))
    : [];
  if (!row || !isOnSale(row, todayInKampala())) {
    throw new OctoError("INVALID_AVAILABILITY_ID", { id: availabilityId });
  }
  return row;
}

/** The unit items of a request, each checked against the product's units (with its category). */
function unitItemsOf(product: ProductRow, items: readonly UnitItemInput[]): ResellerUnitItem[] {
  return items.map((item) => {
    const unit = requireUnit(product, item.unitId);
    const c = item.contact;
    const name =
      c?.fullName?.trim() || [c?.firstName, c?.lastName].filter(Boolean).join(" ").trim() || null;
    return {
      uuid: item.uuid ?? randomUUID(),
      unitId: item.unitId,
      resellerReference: item.resellerReference ?? null,
      fullName: name,
      country: c?.country?.trim() || null,
      ...(unit.residency ? { residency: unit.residency } : {}),
    };
  });
}

/**
 * The travellers the reseller named, one per place in order, as the departure's manifest lists
 * them (replacing those it named before), each with the residency category their unit names.
 * Places without a name stay 'not given yet' (their category is on their fee line).
 */
async function saveTravellers(tx: Tx, bookingId: string | null, items: ResellerUnitItem[]) {
  if (!bookingId) return;
  await tx.delete(bookingTravellers).where(eq(bookingTravellers.bookingId, bookingId));
  const named = items.flatMap((item, i) =>
    item.fullName
      ? [
          {
            bookingId,
            position: i + 1,
            fullName: item.fullName,
            nationality: item.country ?? null,
            residency: item.residency ?? null,
          },
        ]
      : [],
  );
  if (named.length > 0) await tx.insert(bookingTravellers).values(named);
}

/** The park fees of a booking's items as sold (0 on a tour without a permit). */
const feesOf = (items: readonly ResellerUnitItem[]) =>
  items.reduce((sum, item) => sum + (item.feeMinor ?? 0), 0);

/** The unit items priced, with the fee lines a live booking stores. */
type PricedParty = { items: ResellerUnitItem[]; lines: ParkFeeLine[]; feesMinor: number };

/** A park fee UWA's tariff or the shilling rate cannot price, refused as OCTO says it. */
function feeRefused(error: unknown): never {
  if (error instanceof DomainError && error.code === "park_fee_unpriced") {
    throw new OctoError("UNPROCESSABLE_ENTITY", {
      message: `A unit's park fee cannot be priced on this departure's trek day: ${error.details.reason ?? "no tariff"}`,
    });
  }
  throw error;
}

/**
 * The park fees of the party on a departure of the product starting `startDate`: each traveller
 * in the category their unit names, priced exactly as a web booking of the same party (the
 * tariff row in force on the trek day, a fee in shillings at today's rate: requireTripFees),
 * refused as UNPROCESSABLE_ENTITY when one cannot be priced. A traveller who keeps their place
 * and category keeps the fee they were sold at (`sold`: the items before the change, and a live
 * booking's stored lines; null lines for a test-mode booking, which stores none). Nothing to
 * price on a tour without a permit.
 */
async function priceParty(
  tx: Tx,
  product: ProductRow,
  startDate: string,
  items: ResellerUnitItem[],
  sold?: { items: readonly ResellerUnitItem[]; lines: readonly ParkFeeLine[] | null },
): Promise<PricedParty> {
  if (!product.permit) return { items, lines: [], feesMinor: 0 };
  const price = await requireTripFees(tx, {
    tourId: product.id,
    startDate,
    groupSize: items.length,
    travellers: items.map((item) => ({ residency: item.residency ?? null })),
  }).catch(feeRefused);
  const lines: ParkFeeLine[] = [];
  const priced = items.map((item, i) => {
    const fresh = price?.lines.find((l) => l.traveller === i + 1);
    if (!fresh) throw new Error(`no fee line for traveller ${i + 1}`);
    const before = sold?.items[i];
    const same = before?.feeMinor !== undefined && before.residency === item.residency;
    const keptLine = same ? sold?.lines?.find((l) => l.traveller === i + 1) : undefined;
    lines.push(keptLine ?? fresh);
    const feeMinor = keptLine
      ? keptLine.usdMinor
      : same && sold?.lines === null
        ? before!.feeMinor!
        : fresh.usdMinor;
    return { ...item, feeMinor };
  });
  return { items: priced, lines, feesMinor: feesOf(priced) };
}

function contactFields(contact: ResellerContact, reseller: Reseller, reference: string) {
  const name =
    contact.fullName?.trim() ||
    [contact.firstName, contact.lastName].filter(Boolean).join(" ").trim() ||
    `${reseller.name} traveller ${reference}`;
  return {
    fullName: name,
    email: contact.emailAddress?.trim() ?? "",
    phone: contact.phoneNumber?.trim() ?? "",
    address: contact.country ?? null,
  };
}

const cleanContact = (c: ContactInput | undefined): ResellerContact => {
  if (!c) return {};
  const { fullName, firstName, lastName, emailAddress, phoneNumber, locales } = c;
  const { postalCode, country, notes } = c;
  return {
    fullName,
    firstName,
    lastName,
    emailAddress,
    phoneNumber,
    locales,
    postalCode,
    country,
    notes,
  };
};

/** Seats (or a departure) refused as OCTO says it: the request is sound but cannot be done. */
function seatsRefused(error: unknown): never {
  if (error instanceof DomainError && error.code === "seats_unavailable") {
    throw new OctoError("UNPROCESSABLE_ENTITY", {
      message: seatsRefusedMessage(error.details.seatsLeft ?? 0),
    });
  }
  // Closed or cancelled by staff between the request's check and the departure's lock.
  if (error instanceof DomainError && error.code === "departure_unavailable") {
    throw new OctoError("UNPROCESSABLE_ENTITY", { message: "This departure is no longer on sale" });
  }
  throw error;
}

/**
 * A live booking's change in the audit trail, in the change's transaction: the reseller (an
 * outside party without an account) as the actor. A test-mode booking has no booking to name.
 */
async function audit(
  tx: Tx,
  reseller: Reseller,
  action: AuditAction,
  bookingId: string | null,
  details: Record<string, unknown>,
) {
  if (!bookingId) return;
  await recordAudit(
    {
      action,
      actor: { userId: null, label: `reseller: ${reseller.name}`, role: "visitor" },
      target: { type: "booking", id: bookingId },
      details: { resellerId: reseller.id, ...details },
    },
    tx,
  );
}

const holdUntil = (minutes: number) => sql`clock_timestamp() + make_interval(mins => ${minutes})`;

/* ------------------------------------------------------------------------------------------ */
/* Reservation                                                                                 */
/* ------------------------------------------------------------------------------------------ */

/** Another request reserving the same uuid committed first: this one rolls back. */
class SameUuidAtOnce extends Error {}

/**
 * A reservation: the departure's seats held for `expirationMinutes` (30 unless asked). A uuid
 * the reseller used before answers its booking as it stands (a retried request reserves once);
 * another reseller's uuid is refused.
 */
export async function reserve(reseller: Reseller, input: Reservation): Promise<BookingView> {
  const product = await requireProduct(input.productId, input.optionId);
  const items = input.unitItems ?? [];
  if (items.length === 0) {
    throw new OctoError("UNPROCESSABLE_ENTITY", {
      message: "unitItems must name at least one unit",
    });
  }
  const unitItems = unitItemsOf(product, items);
  const uuid = input.uuid ?? randomUUID();
  const minutes = input.expirationMinutes ?? DEFAULT_HOLD_MINUTES;
  const groupSize = items.length;
  const db = await getDb();
  const row = await db
    .transaction(async (tx) => {
      const [used] = await tx
        .select(bookingColumns)
        .from(resellerBookings)
        .where(eq(resellerBookings.uuid, uuid));
      if (used) {
        if (used.resellerId !== reseller.id)
          throw new OctoError("INVALID_BOOKING_UUID", { id: uuid });
        return used;
      }
      const departure = await requireDeparture(tx, product.id, input.availabilityId);
      const retail = unitRetail(product, departure.prices);
      if (retail === null) {
        throw new OctoError("UNPROCESSABLE_ENTITY", {
          message: "This departure has no price to sell at",
        });
      }
      const net = resellerNet(reseller, product.id, retail);
      const supplierReference = newSupplierReference();
      const contact = cleanContact(input.contact);
      // Each traveller's park fee, by the category of their unit, before any seat is taken.
      const party = await priceParty(tx, product, departure.startDate, unitItems);
      let bookingId: string | null = null;
      if (reseller.testMode) {
        // Seen, never taken: the real seats free, counted without locking the departure. No
        // booking is named, so no permit is allocated either.
        const free = await freeSeats(tx, departure);
        if (groupSize > free)
          seatsRefused(new DomainError("seats_unavailable", { seatsLeft: Math.max(free, 0) }));
      } else {
        // The booking's id is chosen now: its trekkers' permits are allocated with its seats,
        // before its row is inserted (their key to it is checked at commit).
        const id = randomUUID();
        const locked = await takeSeats(tx, {
          departureId: departure.id,
          tourId: product.id,
          groupSize,
          bookingId: id,
        }).catch(seatsRefused);
        const [created] = await tx
          .insert(bookings)
          .values({
            id,
            source: "reseller",
            // Kept without its email while on hold: the web checkout resumes an unpaid hold of
            // the same email, and a reseller's hold is never the web buyer's to pay.
            ...contactFields(contact, reseller, supplierReference),
            email: "",
            tourId: product.id,
            tourPackage: packageDisplayName(product.title, product.durationDays),
            departureId: locked.id,
            guideId: locked.guideId,
            departureDate: locked.startDate,
            endDate: locked.endDate,
            groupSize,
            // What the booking brings in: the reseller's net for its seats and its travellers'
            // park fees at face value (the reseller pays it, on account; no balance date, so no
            // reminder is ever mailed to its traveller).
            totalMinor: net * groupSize + party.feesMinor,
            depositPercent: env.DEPOSIT_PERCENT,
            specialRequests: input.notes ?? null,
            termsAccepted: true,
            holdExpiresAt: holdUntil(minutes),
            resellerId: reseller.id,
            resellerReference: input.resellerReference ?? null,
            idempotencyKey: `octo:${reseller.id}:${uuid}`,
          })
          .onConflictDoNothing({ target: bookings.idempotencyKey })
          .returning({ id: bookings.id });
        // The same uuid at the same moment: this transaction rolls back, permits and all.
        if (!created) throw new SameUuidAtOnce();
        bookingId = created.id;
        await saveTravellers(tx, bookingId, party.items);
        await saveBookingFees(tx, bookingId, party.lines);
      }
      const [saved] = await tx
        .insert(resellerBookings)
        .values({
          uuid,
          resellerId: reseller.id,
          bookingId,
          testMode: reseller.testMode,
          tourId: product.id,
          departureId: departure.id,
          status: "on_hold",
          holdExpiresAt: holdUntil(minutes),
          supplierReference,
          resellerReference: input.resellerReference ?? null,
          unitItems: party.items,
          contact,
          notes: input.notes ?? null,
          retailMinor: retail,
          netMinor: net,
        })
        .onConflictDoNothing({ target: resellerBookings.uuid })
        .returning(bookingColumns);
      if (!saved) throw new SameUuidAtOnce();
      // Both expiries were written from the same clock reading in SQL; the booking row's is the one
      // the seats count against, so the reseller's copy is made equal to it.
      if (bookingId) {
        await tx
          .update(bookings)
          .set({ holdExpiresAt: saved.holdExpiresAt })
          .where(eq(bookings.id, bookingId));
      }
      await audit(tx, reseller, "booking.reseller_hold", bookingId, {
        uuid,
        resellerReference: input.resellerReference ?? null,
        departureId: departure.id,
        groupSize,
        holdExpiresAt: saved.holdExpiresAt,
      });
      return saved;
    })
    .catch((error: unknown) => {
      // The same uuid reserved at the same moment (a retried request): the other one stands.
      if (error instanceof SameUuidAtOnce) return { uuid };
      throw error;
    });
  if (!reseller.testMode) refreshDepartures();
  return getResellerBooking(reseller, row.uuid);
}

/* ------------------------------------------------------------------------------------------ */
/* Changes of a booking                                                                         */
/* ------------------------------------------------------------------------------------------ */

/** Whether the hold still runs by the wall clock (see the module's note). */
async function holdRunning(tx: Tx, row: Row): Promise<boolean> {
  if (row.status !== "on_hold" || !row.holdExpiresAt) return false;
  const [r] = await tx
    .select({
      live: sql<boolean>`${row.holdExpiresAt.toISOString()}::timestamptz > clock_timestamp()`,
    })
    .from(sql`(select 1) as one`);
  return Boolean(r?.live);
}

/** Whether the booking row takes seats now, as the seat count sees it. */
async function countedNow(tx: Tx, bookingId: string | null): Promise<boolean> {
  if (!bookingId) return false;
  const [r] = await tx
    .select({ counted: sql<boolean>`${takesSeats}` })
    .from(bookings)
    .where(eq(bookings.id, bookingId));
  return Boolean(r?.counted);
}

/**
 * Makes room for `groupSize` seats of the booking on `departure` (locked by the caller), and on a
 * permit tour a permit for each of its trekkers. `holding`: the booking's hold still runs by the
 * wall clock, or it is confirmed.
 * - A test-mode booking needs the seats free but takes none, and no permit.
 * - A live booking already counted on this departure (a party made larger or smaller) keeps its
 *   own seats: it needs the others free beside them, and keeps its permits, given more or fewer
 *   for the new party.
 * - Any other live booking (a lapsed hold confirmed, a move to another departure) takes its seats
 *   as every sale does (requireSeats), its permits taken again where they can be, as a web hold's.
 */
async function requireRoom(
  tx: Tx,
  row: Row,
  departure: LockedDeparture,
  groupSize: number,
  holding: boolean,
): Promise<void> {
  if (!row.bookingId) {
    const free = await freeSeats(tx, departure);
    if (groupSize > free) {
      seatsRefused(new DomainError("seats_unavailable", { seatsLeft: Math.max(free, 0) }));
    }
    return;
  }
  const counted =
    holding && departure.id === row.departureId && (await countedNow(tx, row.bookingId));
  if (!counted) {
    await requireSeats(tx, departure, groupSize, { bookingId: row.bookingId }).catch(seatsRefused);
    return;
  }
  // Its trekkers' seats and permits are counted as taken: the room is what is free beside them.
  const own = row.unitItems.length;
  const free = await freeSeats(tx, departure);
  if (groupSize > free + own) {
    seatsRefused(new DomainError("seats_unavailable", { seatsLeft: Math.max(free + own, 0) }));
  }
  // The day's lots were locked by the count: the permits follow the party's new size.
  const trek = await trekOfDeparture(tx, departure.id);
  if (trek) {
    await allocatePermits(tx, {
      bookingId: row.bookingId,
      trek,
      trekkers: groupSize,
      today: todayInKampala(),
    }).catch(seatsRefused);
  }
}

async function lockRowDeparture(tx: Tx, row: Row): Promise<LockedDeparture> {
  const departure = await lockDeparture(tx, row.departureId);
  if (!departure) throw new Error(`reseller booking ${row.uuid} has no departure`);
  return departure;
}

/** The booking row's copy of what the reseller changed. */
async function syncBooking(
  tx: Tx,
  bookingId: string | null,
  set: PgUpdateSetSource<typeof bookings>,
) {
  if (!bookingId) return;
  await tx
    .update(bookings)
    .set({ ...set, updatedAt: sql`clock_timestamp()` })
    .where(eq(bookings.id, bookingId));
}

/**
 * The party of a change: the unit items the reseller sent (each a unit of `product`), else the
 * booking's own (checked against `product` when it moves to another), priced on the departure
 * starting `startDate`. `keepPrices`: the same departure, where a traveller keeping their place
 * and category keeps the fee they were sold; null when nothing changes the party's fees.
 */
async function partyOf(
  tx: Tx,
  row: Row,
  change: {
    product: ProductRow | null;
    items: readonly UnitItemInput[] | undefined;
    startDate: string;
    keepPrices: boolean;
  },
): Promise<PricedParty | null> {
  if (!change.items && change.keepPrices) return null;
  const product = change.product;
  if (!product) throw refused("This product is no longer sold");
  const items = change.items
    ? unitItemsOf(product, change.items)
    : row.unitItems.map((item) => {
        const unit = requireUnit(product, item.unitId);
        return {
          uuid: item.uuid,
          unitId: item.unitId,
          resellerReference: item.resellerReference,
          fullName: item.fullName ?? null,
          country: item.country ?? null,
          ...(unit.residency ? { residency: unit.residency } : {}),
        };
      });
  const sold = change.keepPrices
    ? {
        items: row.unitItems,
        lines: row.bookingId
          ? ((await feeLinesOf(tx, [row.bookingId])).get(row.bookingId) ?? [])
          : null,
      }
    : undefined;
  return priceParty(tx, product, change.startDate, items, sold);
}

/** A live booking's fee lines and travellers as the party now stands (a change named them). */
async function saveParty(tx: Tx, row: Row, party: PricedParty | null, named: boolean) {
  if (!row.bookingId) return;
  if (named) await saveTravellers(tx, row.bookingId, party?.items ?? row.unitItems);
  if (party) await replaceBookingFees(tx, row.bookingId, party.lines);
}

async function finish(reseller: Reseller, uuid: string, seatsChanged: boolean) {
  if (seatsChanged && !reseller.testMode) refreshDepartures();
  return getResellerBooking(reseller, uuid);
}

const refused = (message: string) => new OctoError("UNPROCESSABLE_ENTITY", { message });

/**
 * Confirms a reservation: confirmed, its hold cleared (the seats are now taken as a confirmed
 * booking's). A hold that lapsed is confirmed only if its seats are still free. Confirming a
 * confirmed booking answers it as it stands.
 */
export async function confirm(
  reseller: Reseller,
  uuid: string,
  input: Confirmation,
): Promise<BookingView> {
  const db = await getDb();
  await db.transaction(async (tx) => {
    const row = await lockOwn(tx, reseller, uuid);
    if (row.status === "confirmed") return;
    if (row.status === "cancelled") throw refused("This booking is cancelled");
    const departure = await lockRowDeparture(tx, row);
    const party = await partyOf(tx, row, {
      product: await productById(tx, row.tourId),
      items: input.unitItems,
      startDate: departure.startDate,
      keepPrices: true,
    });
    const unitItems = party?.items ?? row.unitItems;
    const running = await holdRunning(tx, row);
    // A running hold keeps its seats and permits; a lapsed one takes them again if still free.
    if (!running || unitItems.length !== row.unitItems.length) {
      if (departure.status === "cancelled") throw refused("The departure is cancelled");
      await requireRoom(tx, row, departure, unitItems.length, running);
    }
    const contact = input.contact ? cleanContact(input.contact) : row.contact;
    const resellerReference = input.resellerReference ?? row.resellerReference;
    const notes = input.notes === undefined ? row.notes : input.notes;
    await tx
      .update(resellerBookings)
      .set({
        status: "confirmed",
        confirmedAt: sql`clock_timestamp()`,
        holdExpiresAt: null,
        contact,
        resellerReference,
        unitItems,
        notes,
        updatedAt: sql`clock_timestamp()`,
      })
      .where(eq(resellerBookings.uuid, uuid));
    await syncBooking(tx, row.bookingId, {
      bookingStatus: "confirmed",
      confirmedAt: sql`clock_timestamp()`,
      holdExpiresAt: null,
      groupSize: unitItems.length,
      totalMinor: row.netMinor * unitItems.length + feesOf(unitItems),
      resellerReference,
      specialRequests: notes,
      ...contactFields(contact, reseller, row.supplierReference),
    });
    await saveParty(tx, row, party, Boolean(input.unitItems));
    await audit(tx, reseller, "booking.reseller_confirm", row.bookingId, {
      uuid,
      resellerReference,
      groupSize: unitItems.length,
    });
  });
  return finish(reseller, uuid, true);
}

/** Extends a running hold to `expirationMinutes` from now (30 unless asked). */
export async function extend(
  reseller: Reseller,
  uuid: string,
  expirationMinutes: number | undefined,
): Promise<BookingView> {
  const db = await getDb();
  await db.transaction(async (tx) => {
    const row = await lockOwn(tx, reseller, uuid);
    if (row.status !== "on_hold") throw refused("Only a booking on hold can be extended");
    await lockRowDeparture(tx, row);
    if (!(await holdRunning(tx, row))) throw refused("The hold has expired");
    await setHold(tx, row, expirationMinutes ?? DEFAULT_HOLD_MINUTES);
  });
  return finish(reseller, uuid, false);
}

async function setHold(tx: Tx, row: Row, minutes: number) {
  const [saved] = await tx
    .update(resellerBookings)
    .set({ holdExpiresAt: holdUntil(minutes), updatedAt: sql`clock_timestamp()` })
    .where(eq(resellerBookings.uuid, row.uuid))
    .returning({ holdExpiresAt: resellerBookings.holdExpiresAt });
  await syncBooking(tx, row.bookingId, { holdExpiresAt: saved!.holdExpiresAt });
}

/**
 * Changes a booking on hold or confirmed: its reference, contact and notes; its travellers (seats
 * taken or given back); another departure of the product (the seats taken there, given back
 * here); a hold's expiry. A lapsed hold or a cancelled booking is refused.
 */
export async function update(
  reseller: Reseller,
  uuid: string,
  input: BookingUpdate,
): Promise<BookingView> {
  const db = await getDb();
  let seatsChanged = false;
  await db.transaction(async (tx) => {
    const row = await lockOwn(tx, reseller, uuid);
    if (row.status === "cancelled") throw refused("This booking is cancelled");
    // Another product: the booking moves to one of its departures (which must be named).
    const tourId = input.productId ?? row.tourId;
    const product = await productById(tx, tourId);
    if (!product && tourId !== row.tourId) {
      throw new OctoError("INVALID_PRODUCT_ID", { id: tourId });
    }
    if (input.optionId !== undefined && input.optionId !== DEFAULT_OPTION_ID) {
      throw new OctoError("INVALID_OPTION_ID", { id: input.optionId });
    }
    if (tourId !== row.tourId && input.availabilityId === undefined) {
      throw new OctoError("INVALID_AVAILABILITY_ID", { id: "" });
    }
    let target = { id: row.departureId } as { id: string; prices?: Record<string, number> };
    if (input.availabilityId !== undefined) {
      target = await requireDeparture(tx, tourId, input.availabilityId);
    }
    const moving = target.id !== row.departureId;
    const current = await lockRowDeparture(tx, row);
    if (row.status === "on_hold" && !(await holdRunning(tx, row))) {
      throw refused("The hold has expired");
    }
    let dates: {
      departureId: string;
      departureDate: string;
      endDate: string;
      guideId: string | null;
    } | null = null;
    // A seat stays at the price it was sold at, unless it moves to another departure; so does a
    // traveller's park fee, unless their category changes too.
    let retailMinor = row.retailMinor;
    let netMinor = row.netMinor;
    let party: PricedParty | null;
    if (moving) {
      const retail = product ? unitRetail(product, target.prices ?? {}) : null;
      if (retail === null) throw refused("This departure has no price to sell at");
      retailMinor = retail;
      netMinor = resellerNet(reseller, tourId, retail);
      const next = await lockDeparture(tx, target.id);
      if (!next || !isOnSale(next, todayInKampala())) {
        throw new OctoError("INVALID_AVAILABILITY_ID", { id: input.availabilityId ?? "" });
      }
      party = await partyOf(tx, row, {
        product,
        items: input.unitItems,
        startDate: next.startDate,
        keepPrices: false,
      });
      await requireRoom(tx, row, next, party!.items.length, true);
      dates = {
        departureId: next.id,
        departureDate: next.startDate,
        endDate: next.endDate,
        guideId: next.guideId,
      };
    } else {
      party = await partyOf(tx, row, {
        product,
        items: input.unitItems,
        startDate: current.startDate,
        keepPrices: true,
      });
    }
    const unitItems = party?.items ?? row.unitItems;
    const resizing = unitItems.length !== row.unitItems.length;
    if (!moving && resizing) await requireRoom(tx, row, current, unitItems.length, true);
    seatsChanged = moving || resizing;
    const contact = input.contact ? cleanContact(input.contact) : row.contact;
    const resellerReference = input.resellerReference ?? row.resellerReference;
    const notes = input.notes === undefined ? row.notes : input.notes;
    await tx
      .update(resellerBookings)
      .set({
        contact,
        resellerReference,
        notes,
        unitItems,
        retailMinor,
        netMinor,
        ...(dates ? { departureId: dates.departureId, tourId } : {}),
        updatedAt: sql`clock_timestamp()`,
      })
      .where(eq(resellerBookings.uuid, uuid));
    await syncBooking(tx, row.bookingId, {
      groupSize: unitItems.length,
      totalMinor: netMinor * unitItems.length + feesOf(unitItems),
      resellerReference,
      specialRequests: notes,
      ...contactFields(contact, reseller, row.supplierReference),
      ...(row.status === "on_hold" ? { email: "" } : {}),
      ...(dates ?? {}),
      ...(dates && product
        ? { tourId, tourPackage: packageDisplayName(product.title, product.durationDays) }
        : {}),
    });
    if (row.status === "on_hold" && input.expirationMinutes !== undefined) {
      await setHold(tx, row, input.expirationMinutes);
    }
    await saveParty(tx, row, party, Boolean(input.unitItems));
    await audit(tx, reseller, "booking.reseller_update", row.bookingId, {
      uuid,
      resellerReference,
      groupSize: unitItems.length,
      ...(dates ? { departureId: dates.departureId } : {}),
    });
  });
  return finish(reseller, uuid, seatsChanged);
}

/**
 * Cancels a booking: a hold at any time (its seats go back at once), a confirmed booking up to
 * its departure's last booking day. A cancelled booking answers as it stands.
 */
export async function cancel(
  reseller: Reseller,
  uuid: string,
  reason: string | null | undefined,
): Promise<BookingView> {
  const db = await getDb();
  await db.transaction(async (tx) => {
    const row = await lockOwn(tx, reseller, uuid);
    if (row.status === "cancelled") return;
    const slot = await departureSlot(tx, row.departureId);
    if (!slot || !cancellable(row.status, slot, todayInKampala())) {
      throw refused("The cancellation cutoff of this departure has passed");
    }
    const why = reason?.trim() || "Cancelled by the reseller.";
    await tx
      .update(resellerBookings)
      .set({
        status: "cancelled",
        holdExpiresAt: null,
        cancelledAt: sql`clock_timestamp()`,
        cancellationReason: why,
        updatedAt: sql`clock_timestamp()`,
      })
      .where(eq(resellerBookings.uuid, uuid));
    await syncBooking(tx, row.bookingId, {
      bookingStatus: "cancelled",
      statusReason: why,
      holdExpiresAt: null,
    });
    await audit(tx, reseller, "booking.reseller_cancel", row.bookingId, {
      uuid,
      reason: why,
      wasConfirmed: row.status === "confirmed",
    });
  });
  return finish(reseller, uuid, true);
}

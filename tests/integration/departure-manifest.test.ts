/**
 * A departure's manifest, CSV and day sheet (lib/departures/data/manifest.ts, the manifest.csv route) and the
 * traveller details customers give in My Bookings (lib/bookings/data/travellers.ts, actions/bookings.ts),
 * on a real database: live bookings only, missing travellers named, the CSV one row per traveller
 * and audited, the day sheet without payment data, travellers editable by their owner only and
 * only until the trip starts.
 */
import { vi } from "vitest";

vi.mock("@/auth", async () => (await import("@/tests/helpers/customer-world")).authMock);

import { eq } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";

import { saveTravellerDetailsAction } from "@/actions/bookings";
import { GET as manifestCsvRoute } from "@/app/admin/(panel)/departures/[id]/manifest.csv/route";
import { bookings, bookingTravellers, departures, guides } from "@/db/schema";
import { createBooking } from "@/lib/bookings/data/requests";
import { getMyBooking, listMyBookings } from "@/lib/bookings/data/owned";
import { getDaySheet, getManifest } from "@/lib/departures/data/manifest";
import { saveMyTravellers } from "@/lib/bookings/data/travellers";
import { MANIFEST_CSV_HEADER } from "@/lib/departures/manifest";
import { createAdminWorld } from "@/tests/helpers/admin-bookings-world";
import { auditTrail } from "@/tests/helpers/audit";
import { actAs } from "@/tests/helpers/customer-world";
import { makeDeparture, newRequest, sellingTour } from "@/tests/helpers/departures-world";
import { inDays } from "@/tests/helpers/payloads";
import { refusal } from "@/tests/helpers/refusal";
import { openWorld } from "@/tests/helpers/world";

const t = openWorld(async (db) => {
  const world = await createAdminWorld(db);
  const tour = await sellingTour(db, "gorilla-safari", "both");
  const [guide] = await db
    .insert(guides)
    .values({ fullName: "Moses Kato", phoneNumber: "+256 772 000 111", isAvailable: true })
    .returning({ id: guides.id });
  const departure = await makeDeparture(db, tour, { inDays: 40, capacity: 12 });
  await db
    .update(departures)
    .set({ guideId: guide!.id, note: "Meet 06:30 at the Kampala Serena lobby." })
    .where(eq(departures.id, departure.id));
  return { ...world, tour, departure, guideId: guide!.id };
});

const csvRequest = (id: string) =>
  manifestCsvRoute(new Request(`http://localhost:3000/admin/departures/${id}/manifest.csv`), {
    params: Promise.resolve({ id }),
  });

/** A's booking of 3 on the departure, B's of 1, a public one of 2 (paid), a cancelled one. */
const ids = { a: "", b: "", paid: "", cancelled: "" };

beforeAll(async () => {
  const on = { departureId: t.w.departure.id };
  ids.a = (
    await createBooking(
      newRequest({ ...on, fullName: "Amelia Carter", email: t.w.a.email, groupSize: 3 }),
      { source: "customer", userId: t.w.a.id },
    )
  ).id;
  ids.b = (
    await createBooking(
      newRequest({ ...on, fullName: "Brian Okello", email: t.w.b.email, groupSize: 1 }),
      { source: "customer", userId: t.w.b.id },
    )
  ).id;
  ids.paid = (
    await createBooking(
      newRequest({
        ...on,
        fullName: "Jean Dupont",
        accommodationPreference: "Standard",
        dietaryRestrictions: "No pork for the group",
        specialRequests: "Celebrating an anniversary",
      }),
      { source: "public" },
    )
  ).id;
  ids.cancelled = (
    await createBooking(newRequest({ ...on, fullName: "Gone Traveller" }), { source: "public" })
  ).id;
  await t.db.update(bookings).set({ paymentStatus: "Paid" }).where(eq(bookings.id, ids.paid));
  await t.db
    .update(bookings)
    .set({ bookingStatus: "cancelled" })
    .where(eq(bookings.id, ids.cancelled));
  await t.db.insert(bookingTravellers).values([
    { bookingId: ids.paid, position: 1, fullName: "Jean Dupont", nationality: "France" },
    {
      bookingId: ids.paid,
      position: 2,
      fullName: "Claire Dupont",
      nationality: "France",
      dietary: "Vegetarian",
      medical: "Penicillin allergy",
    },
  ]);
});

beforeEach(() => actAs(t.w.staff));

describe("the manifest", () => {
  it("shows the departure and every live booking with its travellers, the missing ones named", async () => {
    const manifest = await getManifest(t.w.departure.id);
    expect(manifest?.departure).toMatchObject({
      id: t.w.departure.id,
      tourSlug: "gorilla-safari",
      startDate: t.w.departure.startDate,
      endDate: t.w.departure.endDate,
      capacity: 12,
      seatsTaken: 6,
      status: "open",
      note: "Meet 06:30 at the Kampala Serena lobby.",
      guide: { fullName: "Moses Kato", phone: "+256 772 000 111" },
    });
    const byId = new Map(manifest!.bookings.map((b) => [b.id, b]));
    expect([...byId.keys()].sort()).toEqual([ids.a, ids.b, ids.paid].sort());
    expect(byId.get(ids.paid)).toMatchObject({
      leadName: "Jean Dupont",
      paymentStatus: "Paid",
      groupSize: 2,
      travellers: [
        { position: 1, given: true, fullName: "Jean Dupont", nationality: "France" },
        {
          position: 2,
          given: true,
          fullName: "Claire Dupont",
          dietary: "Vegetarian",
          medical: "Penicillin allergy",
        },
      ],
    });
    expect(byId.get(ids.a)!.travellers.map((x) => x.fullName)).toEqual([
      "Traveller 1: details not given yet",
      "Traveller 2: details not given yet",
      "Traveller 3: details not given yet",
    ]);
  });

  it("answers null for an unknown or malformed departure", async () => {
    expect(await getManifest(crypto.randomUUID())).toBeNull();
    expect(await getManifest("not-a-uuid")).toBeNull();
  });

  it("gives the guide a day sheet without payment data or emails", async () => {
    const sheet = await getDaySheet(t.w.departure.id);
    expect(sheet?.bookings).toHaveLength(3);
    const text = JSON.stringify(sheet);
    expect(text).not.toMatch(/paymentStatus|Paid|Pending|@example\.com/);
    expect(text).toContain("Penicillin allergy");
    expect(text).toContain("+256 700 123 456");
  });

  it("carries the booking's own notes (lodge, dietary, requests) to the manifest and the day sheet", async () => {
    const expected = {
      accommodation: "Standard",
      dietary: "No pork for the group",
      specialRequests: "Celebrating an anniversary",
    };
    const manifest = await getManifest(t.w.departure.id);
    expect(manifest!.bookings.find((b) => b.id === ids.paid)?.requests).toEqual(expected);
    expect(manifest!.bookings.find((b) => b.id === ids.b)?.requests).toEqual({
      accommodation: null,
      dietary: null,
      specialRequests: null,
    });
    const sheet = await getDaySheet(t.w.departure.id);
    expect(sheet!.bookings.find((b) => b.id === ids.paid)?.requests).toEqual(expected);
  });
});

describe("the manifest CSV", () => {
  it("answers one row per traveller as a file named after the tour and date, and audits it", async () => {
    const response = await csvRequest(t.w.departure.id);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toBe(
      `attachment; filename="manifest-gorilla-safari-${t.w.departure.startDate}.csv"`,
    );
    const lines = (await response.text()).trimEnd().split("\r\n");
    expect(lines[0]).toBe(MANIFEST_CSV_HEADER.map((h) => `"${h}"`).join(","));
    // 3 + 1 + 2 travellers; the cancelled booking's are not on the manifest.
    expect(lines).toHaveLength(1 + 6);
    expect(lines.some((l) => l.includes("Claire Dupont") && l.includes("Penicillin allergy"))).toBe(
      true,
    );
    expect(lines.join("\n")).not.toContain("Gone Traveller");
    const [event] = await auditTrail(t.db, {
      action: "manifest.export",
      targetId: t.w.departure.id,
    });
    expect(event).toMatchObject({ actorUserId: t.w.staff.id, details: { bookings: 3, rows: 6 } });
  });

  it("answers 400 for a malformed id, 404 for an unknown one, 401 and 403 to others", async () => {
    expect((await csvRequest("nope")).status).toBe(400);
    expect((await csvRequest(crypto.randomUUID())).status).toBe(404);
    actAs(null);
    expect((await csvRequest(t.w.departure.id)).status).toBe(401);
    actAs(t.w.a);
    expect((await csvRequest(t.w.departure.id)).status).toBe(403);
  });
});

describe("traveller details in My Bookings", () => {
  const amelia = {
    fullName: "Amelia Carter",
    nationality: "United Kingdom",
    dietary: "",
    medical: "",
  };

  it("are saved by the owner, replace the rows, skip empty ones, and reach the manifest", async () => {
    actAs(t.w.a);
    const state = await saveTravellerDetailsAction(undefined, {
      bookingId: ids.a,
      travellers: [
        amelia,
        { fullName: "", nationality: "", dietary: "", medical: "" },
        { fullName: "Tom Carter", nationality: "Ireland", dietary: "No nuts", medical: "Asthma" },
      ],
    });
    expect(state).toMatchObject({ status: "success", title: "Traveller Details Saved" });
    const mine = await getMyBooking(ids.a);
    expect(mine?.travellersEditable).toBe(true);
    expect(mine?.travellers.map((x) => [x.position, x.fullName])).toEqual([
      [1, "Amelia Carter"],
      [3, "Tom Carter"],
    ]);
    const listed = await listMyBookings({ q: "", filter: "all", page: 1 });
    expect(listed.items.find((x) => x.id === ids.a)?.travellers).toHaveLength(2);

    // Saved again: the rows are replaced, not added to.
    await saveMyTravellers({
      bookingId: ids.a,
      travellers: [{ fullName: "Amelia Carter", nationality: null, dietary: null, medical: null }],
    });
    expect(
      await t.db.select().from(bookingTravellers).where(eq(bookingTravellers.bookingId, ids.a)),
    ).toHaveLength(1);

    actAs(t.w.staff);
    const manifest = await getManifest(t.w.departure.id);
    expect(
      manifest!.bookings.find((b) => b.id === ids.a)!.travellers.map((x) => x.fullName),
    ).toEqual([
      "Amelia Carter",
      "Traveller 2: details not given yet",
      "Traveller 3: details not given yet",
    ]);
  });

  it("need a name when any other detail is given", async () => {
    actAs(t.w.a);
    const state = await saveTravellerDetailsAction(undefined, {
      bookingId: ids.a,
      travellers: [amelia, { fullName: " ", nationality: "Kenya", dietary: "", medical: "" }],
    });
    expect(state.status).toBe("invalid");
    expect(state.status === "invalid" && state.fieldErrors["travellers.1.fullName"]).toEqual([
      "Enter the full name as on the passport",
    ]);
  });

  it("are not another customer's to read or change", async () => {
    actAs(t.w.b);
    expect(await getMyBooking(ids.a)).toBeNull();
    expect((await refusal(saveMyTravellers({ bookingId: ids.a, travellers: [] }))).code).toBe(
      "not_found",
    );
    const state = await saveTravellerDetailsAction(undefined, {
      bookingId: ids.a,
      travellers: [{ fullName: "Intruder", nationality: "", dietary: "", medical: "" }],
    });
    expect(state).toMatchObject({ status: "error", message: "This booking could not be found." });
    const rows = await t.db
      .select({ fullName: bookingTravellers.fullName })
      .from(bookingTravellers)
      .where(eq(bookingTravellers.bookingId, ids.a));
    expect(rows.map((r) => r.fullName)).not.toContain("Intruder");
  });

  it("cannot outnumber the group", async () => {
    actAs(t.w.b);
    const two = [
      { fullName: "Brian Okello", nationality: null, dietary: null, medical: null },
      { fullName: "Extra", nationality: null, dietary: null, medical: null },
    ];
    await expect(saveMyTravellers({ bookingId: ids.b, travellers: two })).rejects.toThrow();
  });

  it("are closed once the trip has started, and on a cancelled booking", async () => {
    actAs(t.w.a);
    // A's guest booking of the world departed 20 days ago.
    const past = t.w.bookings.a2;
    expect((await getMyBooking(past))?.travellersEditable).toBe(false);
    const error = await refusal(
      saveMyTravellers({
        bookingId: past,
        travellers: [{ fullName: "Late", nationality: null, dietary: null, medical: null }],
      }),
    );
    expect(error.code).toBe("departure_unavailable");
    const state = await saveTravellerDetailsAction(undefined, {
      bookingId: past,
      travellers: [{ fullName: "Late", nationality: "", dietary: "", medical: "" }],
    });
    expect(state).toMatchObject({ status: "error", title: "Save Failed" });

    const cancelled = (
      await createBooking(
        newRequest({
          email: t.w.a.email,
          tour: "gorilla-safari",
          departureDate: inDays(90),
        }),
        { source: "customer", userId: t.w.a.id },
      )
    ).id;
    await t.db
      .update(bookings)
      .set({ paymentStatus: "Refunded" })
      .where(eq(bookings.id, cancelled));
    expect((await getMyBooking(cancelled))?.travellersEditable).toBe(false);
  });
});

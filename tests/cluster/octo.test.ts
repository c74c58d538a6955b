/**
 * One seat pool for both channels, over two production instances (tests/cluster/harness.ts): two
 * hundred reservations at once for the last ten seats of a departure, half of them web checkout
 * holds (the booking wizard's action) and half OCTO reservations (POST /octo/bookings with a
 * reseller's key), spread over both instances, then a second wave beside the confirmations of
 * the first wave's OCTO holds. The departure is never taken past its capacity (its row lock in
 * Postgres), every seat counted is a hold or booking that was answered as such, and the holds
 * that lapse unconfirmed give their seats back the moment they lapse, to either channel.
 */
import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import type { Db } from "@/db";
import {
  bookings,
  departures,
  resellerApiKeys,
  resellerBookings,
  resellers,
  tours,
} from "@/db/schema";
import { seatsTakenOf } from "@/lib/departures/data/seats";
import { tripEndDate } from "@/lib/departures/rules";
import { hashApiKey, keyPrefix, newApiKey } from "@/lib/resellers/rules";

import { inDays, publicBookingValues } from "../helpers/payloads";
import { type Cluster, startCluster } from "./harness";
import { actionId, type HttpResponse, openClusterDb, postAction, request } from "./support";

let cluster: Cluster;
let db: Db;
let closeDb: () => Promise<void>;

beforeAll(async () => {
  cluster = await startCluster({ instances: 2 });
  ({ db, close: closeDb } = await openClusterDb(cluster));
});

afterAll(async () => {
  await closeDb?.();
  await cluster?.stop();
});

/** A live reseller and its key, made straight in the database (the key's hash only). */
async function liveReseller(name: string): Promise<string> {
  const [reseller] = await db.insert(resellers).values({ name }).returning({ id: resellers.id });
  const key = newApiKey(false);
  await db
    .insert(resellerApiKeys)
    .values({ resellerId: reseller!.id, keyHash: hashApiKey(key), prefix: keyPrefix(key) });
  return key;
}

function redirectOf(response: HttpResponse): string | null {
  const header = response.headers["x-action-redirect"];
  const value = Array.isArray(header) ? header[0] : header;
  return value ? value.split(";")[0]! : null;
}

describe("one seat pool for the web and resellers", () => {
  it("200 web holds and OCTO reservations at once over both instances for the last 10 seats: never past capacity, and lapsed holds' seats on sale again at once", async () => {
    const key = await liveReseller("Cluster Reseller");
    const [tour] = await db
      .update(tours)
      .set({ bookingMode: "both" })
      .where(eq(tours.slug, "birding-paradise"))
      .returning({ id: tours.id, days: tours.durationDays });
    const startDate = inDays(210);
    const [departure] = await db
      .insert(departures)
      .values({
        tourId: tour!.id,
        startDate,
        endDate: tripEndDate(startDate, tour!.days),
        capacity: 10,
      })
      .returning({ id: departures.id });
    const availabilityId = `${startDate}T00:00:00+03:00`;

    const submit = actionId("actions/bookings.ts", "submitBookingAction");
    const sizes = Array.from({ length: 200 }, (_, i) => (i % 3) + 1);
    // Even: the web wizard; odd: a reseller. Each channel's requests alternate the instances.
    const instance = (i: number) => Math.floor(i / 2) % 2;
    const octo = (path: string, body: unknown, at: number) =>
      request(`${cluster.url}/octo${path}`, {
        method: "POST",
        instance: at,
        headers: {
          authorization: `Bearer ${key}`,
          "content-type": "application/json",
          "octo-capabilities": "octo/pricing",
        },
        body: JSON.stringify(body),
      });
    const hold = (i: number) =>
      i % 2 === 0
        ? postAction(
            cluster.url,
            "/booking",
            submit,
            publicBookingValues({
              tour: "birding-paradise",
              departure: departure!.id,
              groupSize: String(sizes[i]),
              email: `octo-seat${i}@example.com`,
            }),
            {
              instance: instance(i),
              localAddress: `127.0.${10 + Math.floor(i / 250)}.${2 + (i % 250)}`,
            },
          )
        : octo(
            "/bookings",
            {
              uuid: `cluster-${i}`,
              productId: tour!.id,
              optionId: "DEFAULT",
              availabilityId,
              unitItems: Array.from({ length: sizes[i]! }, () => ({ unitId: "ADULT" })),
            },
            instance(i),
          );
    /** Whether request `i` got its seats, reading its answer as its channel gives it. */
    const got = (i: number, answer: HttpResponse & { result?: { title?: string } }) => {
      if (i % 2 === 0) {
        if (redirectOf(answer)?.startsWith("/pay/")) return true;
        expect(["Not Enough Seats", "Seats Already Held"]).toContain(answer.result?.title);
        return false;
      }
      if (answer.status === 200) {
        expect(JSON.parse(answer.body).status).toBe("ON_HOLD");
        return true;
      }
      expect(answer.status).toBe(400);
      expect(JSON.parse(answer.body).error).toBe("UNPROCESSABLE_ENTITY");
      return false;
    };

    const first = await Promise.all(sizes.slice(0, 100).map((_, i) => hold(i)));
    expect(first.filter((a) => a.status >= 500)).toEqual([]);
    const firstHeld = first.flatMap((a, i) => (got(i, a) ? [i] : []));
    expect(firstHeld.length).toBeGreaterThanOrEqual(4);
    // The first wave's reseller holds are confirmed while the second wave reserves.
    const confirming = firstHeld.filter((i) => i % 2 === 1);
    const [second, confirmations] = await Promise.all([
      Promise.all(sizes.slice(100).map((_, j) => hold(100 + j))),
      Promise.all(
        confirming.map((i) =>
          octo(`/bookings/cluster-${i}/confirm`, { contact: { fullName: `Guest ${i}` } }, i % 2),
        ),
      ),
    ]);
    expect(second.filter((a) => a.status >= 500)).toEqual([]);
    expect(confirmations.map((c) => c.status)).toEqual(confirming.map(() => 200));
    const held = [...firstHeld, ...second.flatMap((a, j) => (got(100 + j, a) ? [100 + j] : []))];

    const takingSeats = async () => {
      const [row] = await db
        .select({ seats: seatsTakenOf(departures.id) })
        .from(departures)
        .where(eq(departures.id, departure!.id));
      return Number(row!.seats);
    };
    // Every seat counted is one answered as held, and they fit the departure.
    const heldSeats = held.reduce((sum, i) => sum + sizes[i]!, 0);
    expect(heldSeats).toBeLessThanOrEqual(10);
    expect(await takingSeats()).toBe(heldSeats);
    const rows = await db
      .select({ source: bookings.source, groupSize: bookings.groupSize })
      .from(bookings)
      .where(eq(bookings.departureId, departure!.id));
    expect(rows.reduce((sum, r) => sum + r.groupSize, 0)).toBe(heldSeats);

    // The unconfirmed holds of both channels lapse: their seats are on sale again at once.
    await db
      .update(bookings)
      .set({ holdExpiresAt: sql`now() - interval '1 second'` })
      .where(and(eq(bookings.departureId, departure!.id), isNull(bookings.bookingStatus)));
    await db
      .update(resellerBookings)
      .set({ holdExpiresAt: sql`now() - interval '1 second'` })
      .where(
        and(
          eq(resellerBookings.departureId, departure!.id),
          eq(resellerBookings.status, "on_hold"),
        ),
      );
    const confirmedSeats = confirming.reduce((sum, i) => sum + sizes[i]!, 0);
    expect(await takingSeats()).toBe(confirmedSeats);
    const free = 10 - confirmedSeats;
    for (const at of [0, 1]) {
      const check = await octo(
        "/availability",
        { productId: tour!.id, optionId: "DEFAULT", availabilityIds: [availabilityId] },
        at,
      );
      expect(JSON.parse(check.body)[0].vacancies).toBe(free);
    }
    const confirmedRows = await db
      .select({ status: resellerBookings.status })
      .from(resellerBookings)
      .where(
        inArray(
          resellerBookings.uuid,
          confirming.map((i) => `cluster-${i}`),
        ),
      );
    expect(confirmedRows.every((r) => r.status === "confirmed")).toBe(true);

    // A reseller takes every seat the lapsed holds gave back; the web is then refused.
    const late = await octo(
      "/bookings",
      {
        productId: tour!.id,
        optionId: "DEFAULT",
        availabilityId,
        unitItems: Array.from({ length: free }, () => ({ unitId: "ADULT" })),
      },
      1,
    );
    expect(late.status).toBe(200);
    const refused = await postAction(
      cluster.url,
      "/booking",
      submit,
      publicBookingValues({
        tour: "birding-paradise",
        departure: departure!.id,
        groupSize: "1",
        email: "octo-late@example.com",
      }),
      { instance: 0, localAddress: "127.0.19.9" },
    );
    expect(refused.result?.title).toBe("Not Enough Seats");
    expect(await takingSeats()).toBe(10);
  });

  it("reserves once when one uuid is sent twenty times at once over both instances", async () => {
    const key = await liveReseller("Retrying Reseller");
    const [tour] = await db
      .select({ id: tours.id, days: tours.durationDays })
      .from(tours)
      .where(eq(tours.slug, "birding-paradise"));
    const startDate = inDays(220);
    const [departure] = await db
      .insert(departures)
      .values({
        tourId: tour!.id,
        startDate,
        endDate: tripEndDate(startDate, tour!.days),
        capacity: 10,
      })
      .returning({ id: departures.id });
    const body = JSON.stringify({
      uuid: "cluster-retried",
      productId: tour!.id,
      optionId: "DEFAULT",
      availabilityId: `${startDate}T00:00:00+03:00`,
      unitItems: [{ unitId: "ADULT" }, { unitId: "ADULT" }],
    });
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        request(`${cluster.url}/octo/bookings`, {
          method: "POST",
          instance: i % 2,
          headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
          body,
        }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 200));
    expect(new Set(answers.map((a) => JSON.parse(a.body).supplierReference)).size).toBe(1);
    const rows = await db
      .select({ groupSize: bookings.groupSize })
      .from(bookings)
      .where(eq(bookings.departureId, departure!.id));
    expect(rows).toEqual([{ groupSize: 2 }]);
  });
});

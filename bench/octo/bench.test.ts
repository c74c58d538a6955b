/**
 * The OCTO API at 10,000 departures and 100,000 bookings, on the Postgres server, run by
 * `npm run bench -- --octo` (bench/run.ts) through Vitest, never by `npm test`:
 *
 *  - a database `bench_octo` (re-created each run) on BENCH_DATABASE_URL, else TEST_DATABASE_URL,
 *    else postgres://postgres@127.0.0.1:5432/test: migrated, the catalogue seeded, every tour
 *    selling dated departures, 10,000 departures generated in SQL (a departure a day per tour,
 *    30 seats each) and 100,000 bookings on them (one in ten cancelled, the others confirmed and
 *    paid in part or whole: about 18 of a departure's 30 seats taken), then VACUUM ANALYZE;
 *  - each scenario calls the route handler (app/octo/...) as a reseller's client does, with a
 *    live key and the pricing capability: the key's lookup and rate limit, the body's schema, the
 *    reads and writes, the answer's JSON. 20 warm-up calls, then `BENCH_RUNS` (default 200)
 *    timed calls: p50, p95, max in ms. A reservation takes two seats on a departure not used
 *    before; a confirmation confirms a reservation made before the timing (untimed).
 *
 * Writes its rows to BENCH_OCTO_OUT (JSON) for bench/run.ts.
 */
import { writeFileSync } from "node:fs";

import { drizzle } from "drizzle-orm/postgres-js";
import postgres from "postgres";
import { afterAll, beforeAll, expect, it } from "vitest";

import * as availabilityRoute from "@/app/octo/availability/route";
import * as calendarRoute from "@/app/octo/availability/calendar/route";
import * as bookingsRoute from "@/app/octo/bookings/route";
import * as confirmRoute from "@/app/octo/bookings/[uuid]/confirm/route";
import { type Db, schema, setDbHandle } from "@/db";
import { migrateDatabase } from "@/db/migrate";
import { seed } from "@/db/seed";
import { createReseller } from "@/lib/resellers/data/resellers";

import type { OctoBenchRow } from "./measure";

const SERVER =
  process.env.BENCH_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  "postgres://postgres@127.0.0.1:5432/test";
const NAME = "bench_octo";
const DEPARTURES = Number(process.env.BENCH_DEPARTURES ?? 10_000);
const BOOKINGS = Number(process.env.BENCH_BOOKINGS ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 200);
const WARMUP = 20;

const urlOf = (database: string) => {
  const url = new URL(SERVER);
  url.pathname = `/${database}`;
  return url.toString();
};

let client: postgres.Sql;
let db: Db;
/** The products and the departures the calls aim at, read once the data is in. */
let tourIds: string[] = [];
let bookable: { tourId: string; startDate: string }[] = [];

beforeAll(async () => {
  const admin = postgres(SERVER, { max: 1, onnotice: () => {} });
  await admin.unsafe(`drop database if exists ${NAME} with (force)`);
  await admin.unsafe(`create database ${NAME}`);
  await admin.end({ timeout: 5 });

  client = postgres(urlOf(NAME), { max: 4, onnotice: () => {} });
  db = drizzle({ client, schema }) as unknown as Db;
  const handle = { db, driver: "postgres" as const, close: () => client.end({ timeout: 5 }) };
  setDbHandle(handle);
  await migrateDatabase(handle);
  await seed(db, { demo: false });

  const started = Date.now();
  await client.unsafe(
    `update tours set is_active = true, booking_mode = 'departures', permit_park = null`,
  );
  await client.unsafe(`
    with t as (select id, coalesce(duration_days, 1) as days, row_number() over (order by slug) as rn from tours),
    n as (select count(*) as k from t)
    insert into departures (tour_id, start_date, end_date, capacity, cutoff_days, status)
    select t.id, current_date + d, current_date + d + (t.days - 1), 30, 2, 'open'
    from n, t, generate_series(1, ceil(${DEPARTURES}::numeric / n.k)::int) d
    order by d, t.rn
    limit ${DEPARTURES}`);
  await client.unsafe(`
    with dn as (
      select id, tour_id, start_date, end_date, row_number() over (order by start_date, tour_id) - 1 as n
      from departures
    ), k as (select count(*) as c from dn)
    insert into bookings (source, full_name, email, phone, address, tour_id, tour_package,
      departure_id, departure_date, end_date, group_size, terms_accepted, booking_status,
      payment_status, total_minor, paid_minor, confirmed_at, created_at, updated_at)
    select 'public', 'Traveller ' || i, 'traveller' || i || '@example.com', '+256 700 ' || lpad(i::text, 6, '0'),
      'Uganda', dn.tour_id, 'Scheduled departure', dn.id, dn.start_date, dn.end_date, 1 + i % 3, true,
      case when i % 10 = 0 then 'cancelled' else 'confirmed' end,
      (array['Paid', 'Deposit Made'])[1 + i % 2], 100000 * (1 + i % 3), 30000 * (1 + i % 3),
      now(), now() - (i % 1000) * interval '1 hour', now()
    from k cross join generate_series(1::bigint, ${BOOKINGS}) i
    join dn on dn.n = i % k.c`);
  await client.unsafe("vacuum analyze departures");
  await client.unsafe("vacuum analyze bookings");
  console.log(
    `[bench] ${DEPARTURES} departures and ${BOOKINGS} bookings generated in ${Date.now() - started} ms`,
  );

  const rows = await client<{ id: string }[]>`select id from tours order by slug`;
  tourIds = rows.map((r) => r.id);
  // Departures 20 to 200 days out, in a tour order that spreads the reservations over the pool.
  const dates = await client<{ tour_id: string; start_date: string }[]>`
    select tour_id, start_date::text from departures
    where start_date between current_date + 20 and current_date + 200
    order by start_date, tour_id`;
  bookable = dates.map((d) => ({ tourId: d.tour_id, startDate: d.start_date }));
});

afterAll(async () => {
  setDbHandle(undefined);
  await client?.end({ timeout: 5 });
});

type Handler = (request: Request, route?: { params?: Promise<never> }) => Promise<Response>;

/** One call as a reseller's client makes it; the answer read whole, its status checked. */
async function call(
  handler: Handler,
  path: string,
  key: string,
  body?: unknown,
  params?: Record<string, string>,
) {
  const response = await handler(
    new Request(`http://localhost:3000/octo${path}`, {
      method: body === undefined ? "GET" : "POST",
      headers: {
        authorization: `Bearer ${key}`,
        "content-type": "application/json",
        "octo-capabilities": "octo/pricing",
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    }),
    { params: Promise.resolve(params ?? {}) as Promise<never> },
  );
  const answer = await response.json();
  if (response.status !== 200)
    throw new Error(`${path}: ${response.status} ${JSON.stringify(answer)}`);
  return answer;
}

const day = (offset: number) => {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() + offset);
  return d.toISOString().slice(0, 10);
};
const availabilityId = (startDate: string) => `${startDate}T00:00:00+03:00`;

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

/** Times `RUNS` calls after `WARMUP` (the i-th call's input from `run(i)`). */
async function timed(run: (i: number) => Promise<unknown>) {
  for (let i = 0; i < WARMUP; i++) await run(i);
  const times: number[] = [];
  for (let i = WARMUP; i < WARMUP + RUNS; i++) {
    const start = performance.now();
    await run(i);
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  const round = (n: number) => Math.round(n * 10) / 10;
  return {
    p50: round(percentile(times, 50)),
    p95: round(percentile(times, 95)),
    max: round(times[times.length - 1]!),
  };
}

it("the OCTO API at 10,000 departures and 100,000 bookings", async () => {
  // A key per scenario: each key's rate limit (600 calls a minute) is far above one scenario's.
  const keyOf = async (name: string) =>
    (await createReseller({ name: `Bench ${name}`, commissionPercent: 15 })).key;
  const rows: OctoBenchRow[] = [];
  const product = (i: number) => tourIds[i % tourIds.length]!;
  const month = { localDateStart: day(30), localDateEnd: day(60) };

  const checkKey = await keyOf("availability");
  let answered = 0;
  rows.push({
    scenario: "availability check, one month",
    kind: "read",
    ...(await timed(async (i) => {
      const list = await call(availabilityRoute.POST as Handler, "/availability", checkKey, {
        productId: product(i),
        optionId: "DEFAULT",
        ...month,
      });
      answered = list.length;
    })),
    answered,
  });

  const idKey = await keyOf("availability ids");
  rows.push({
    scenario: "availability check, one departure by id",
    kind: "read",
    ...(await timed(async (i) => {
      const d = bookable[(i * 7) % bookable.length]!;
      await call(availabilityRoute.POST as Handler, "/availability", idKey, {
        productId: d.tourId,
        optionId: "DEFAULT",
        availabilityIds: [availabilityId(d.startDate)],
        units: [{ id: "ADULT", quantity: 2 }],
      });
    })),
    answered: 1,
  });

  const calendarKey = await keyOf("calendar");
  rows.push({
    scenario: "availability calendar, one month",
    kind: "read",
    ...(await timed(async (i) => {
      const days = await call(
        calendarRoute.POST as Handler,
        "/availability/calendar",
        calendarKey,
        {
          productId: product(i),
          optionId: "DEFAULT",
          ...month,
        },
      );
      answered = days.length;
    })),
    answered,
  });

  const quarterKey = await keyOf("calendar quarter");
  rows.push({
    scenario: "availability calendar, three months",
    kind: "read",
    ...(await timed(async (i) => {
      const days = await call(calendarRoute.POST as Handler, "/availability/calendar", quarterKey, {
        productId: product(i),
        optionId: "DEFAULT",
        localDateStart: day(30),
        localDateEnd: day(120),
      });
      answered = days.length;
    })),
    answered,
  });

  const reserveKey = await keyOf("reservations");
  const reserve = (key: string, i: number) => {
    const d = bookable[(i * 13) % bookable.length]!;
    return call(bookingsRoute.POST as Handler, "/bookings", key, {
      uuid: crypto.randomUUID(),
      productId: d.tourId,
      optionId: "DEFAULT",
      availabilityId: availabilityId(d.startDate),
      unitItems: [{ unitId: "ADULT" }, { unitId: "ADULT" }],
      resellerReference: `BENCH-${i}`,
    });
  };
  rows.push({
    scenario: "reservation (two seats, live key)",
    kind: "write",
    ...(await timed((i) => reserve(reserveKey, i))),
    answered: 1,
  });

  const confirmKey = await keyOf("confirmations");
  const held: string[] = [];
  for (let i = 0; i < WARMUP + RUNS; i++)
    held.push((await reserve(confirmKey, 100_000 + i * 3)).uuid as string);
  rows.push({
    scenario: "confirmation",
    kind: "write",
    ...(await timed((i) =>
      call(
        confirmRoute.POST as Handler,
        `/bookings/${held[i]}/confirm`,
        confirmKey,
        { contact: { fullName: `Bench Traveller ${i}` } },
        { uuid: held[i]! },
      ),
    )),
    answered: 1,
  });

  console.table(rows);
  const [counts] = await client<{ departures: number; bookings: number }[]>`
    select (select count(*)::int from departures) as departures,
      (select count(*)::int from bookings where source = 'public') as bookings`;
  const out = process.env.BENCH_OCTO_OUT;
  if (out)
    writeFileSync(
      out,
      JSON.stringify(
        {
          departures: counts!.departures,
          bookings: counts!.bookings,
          runs: RUNS,
          server: new URL(SERVER).host,
          rows,
        },
        null,
        2,
      ),
    );
  expect(counts).toEqual({ departures: DEPARTURES, bookings: BOOKINGS });
});

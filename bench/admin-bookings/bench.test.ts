/**
 * The admin bookings page at 100,000 bookings, on the Postgres server, run by `npm run bench`
 * (bench/run.ts) through Vitest, never by `npm test`:
 *
 *  - a database `bench_admin_bookings` (re-created each run) on BENCH_DATABASE_URL, else
 *    TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/test: migrated, the catalogue
 *    seeded, 100,000 bookings generated in SQL (two years of requests, 12 tours, a fifth with a
 *    guide), then VACUUM ANALYZE;
 *  - per scenario (search, filters, page 500 ...), the page's reads as the page makes them: the
 *    caller's session (checked by each DAL function, read once a request as React's cache()
 *    does while a page renders), the tour filter's values and the page with its total
 *    (lib/bookings/data/manage.ts), one after the other; 10 warm-up runs, then
 *    `BENCH_RUNS` (default 100) timed runs: p50, p95, max in ms;
 *  - every statement counted through a Drizzle logger: the queries a page makes.
 *
 * Writes its rows to BENCH_ADMIN_BOOKINGS_OUT (JSON) for bench/run.ts.
 */
import { writeFileSync } from "node:fs";

import { eq, sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/postgres-js";
import postgres from "postgres";
import { afterAll, beforeAll, expect, it, vi } from "vitest";

import { type Db, schema, setDbHandle } from "@/db";
import { migrateDatabase } from "@/db/migrate";
import { adminUsers, users } from "@/db/schema";
import { seed } from "@/db/seed";
import { parseAdminBookingQuery } from "@/lib/bookings/list-query";
import { listAdminBookings, listBookingTourPackages } from "@/lib/bookings/data/manage";
import { actAs } from "@/tests/helpers/customer-world";

import type { AdminBookingsRow } from "./measure";

vi.mock("@/auth", async () => (await import("@/tests/helpers/customer-world")).authMock);

// React's cache() memoizes for the length of one server request, and only while React renders:
// called from a test it runs every time. Each pageReads() is one request here, so the session is
// read once per call, as the page reads it.
const request = vi.hoisted(() => ({ id: 0 }));
vi.mock("react", async (importOriginal) => {
  const react = await importOriginal<typeof import("react")>();
  function cache<A extends unknown[], R>(fn: (...args: A) => R): (...args: A) => R {
    let last: { request: number; key: string; value: R } | undefined;
    return (...args: A) => {
      const key = JSON.stringify(args);
      if (last?.request === request.id && last.key === key) return last.value;
      const value = fn(...args);
      last = { request: request.id, key, value };
      return value;
    };
  }
  return { ...react, cache };
});

const SERVER =
  process.env.BENCH_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  "postgres://postgres@127.0.0.1:5432/test";
const NAME = "bench_admin_bookings";
const BOOKINGS = Number(process.env.BENCH_BOOKINGS ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 100);
const WARMUP = 10;

const urlOf = (database: string) => {
  const url = new URL(SERVER);
  url.pathname = `/${database}`;
  return url.toString();
};

let statements = 0;
let client: postgres.Sql;
let db: Db;
let adminId: string;

beforeAll(async () => {
  const admin = postgres(SERVER, { max: 1, onnotice: () => {} });
  await admin.unsafe(`drop database if exists ${NAME} with (force)`);
  await admin.unsafe(`create database ${NAME}`);
  await admin.end({ timeout: 5 });

  client = postgres(urlOf(NAME), { max: 4, onnotice: () => {} });
  db = drizzle({ client, schema, logger: { logQuery: () => void statements++ } }) as unknown as Db;
  const handle = { db, driver: "postgres" as const, close: () => client.end({ timeout: 5 }) };
  setDbHandle(handle);
  await migrateDatabase(handle);
  await seed(db, { demo: false });
  const [user] = await db
    .insert(users)
    .values({ email: "bench-admin@example.com", name: "Bench Admin", emailVerified: new Date() })
    .returning({ id: users.id });
  adminId = user!.id;
  await db.insert(adminUsers).values({ userId: adminId, role: "staff" });

  const started = Date.now();
  await client.unsafe(`
    with t as (
      select array_agg(id order by slug) ids, array_agg(title || ' (' || duration_days || ' Days)' order by slug) names from tours
    ), g as (select array_agg(id order by full_name) ids from guides where is_available)
    insert into bookings (source, full_name, email, phone, address, tour_id, tour_package, departure_date,
      end_date, group_size, terms_accepted, booking_status, payment_status, guide_id, created_at, updated_at,
      total_minor, paid_minor, balance_due_on)
    select 'public',
      (array['Amelia','Brian','Grace','Moses','Sophie','Daniel','Emma','Liam','Aisha','Lukas','Priya','Noah',
        'Chloe','Kofi','Isabella','Hannah','Mateo','Wanjiru','Oliver','Yuki'])[1 + (i * 7) % 20] || ' ' ||
      (array['Carter','Okello','Namutebi','Tumusiime','Laurent','Mwangi','Johansson','Connor','Bello','Becker',
        'Raman','Williams','Martin','Mensah','Rossi','Schmidt','Garcia','Nakato','Brown','Tanaka','Okafor',
        'Vries','Cohen','Nkosi','Achieng'])[1 + (i * 13) % 25],
      'traveller' || i || '@' || (array['gmail.com','yahoo.com','example.org','outlook.com'])[1 + i % 4],
      '+256 700 ' || lpad(i::text, 6, '0'),
      'Uganda',
      case when i % 13 = 0 then null else t.ids[1 + i % 12] end,
      case when i % 13 = 0 then 'Custom Package - Contact us for pricing' else t.names[1 + i % 12] end,
      case when i % 17 = 0 then null else (current_date - 700 + ((i * 7919) % 880)::int) end,
      null,
      1 + i % 9,
      true,
      (array[null,'new','confirmed','completed','cancelled'])[1 + i % 5],
      (array['Pending','Deposit Made','Paid','Cancelled','Refunded'])[1 + (i / 5) % 5],
      case when i % 5 = 0 and i % 17 <> 0 then g.ids[1 + i % array_length(g.ids, 1)] else null end,
      -- Requests arrive over two years, in insertion order give or take ten hours.
      now() - ((${BOOKINGS} - i) * (730 * 24 * 60) / ${BOOKINGS} + (i * 104729) % 600) * interval '1 minute',
      now(),
      -- Confirmed and completed ones are quoted: a total, what their payment status says is paid,
      -- and a balance day 60 days before departure (for the Balance filter).
      q.total,
      coalesce(case (array['Pending','Deposit Made','Paid','Cancelled','Refunded'])[1 + (i / 5) % 5]
        when 'Paid' then q.total when 'Deposit Made' then q.total * 3 / 10 end, 0),
      case when q.total is null or i % 17 = 0 then null
        else (current_date - 760 + ((i * 7919) % 880)::int) end
    from generate_series(1::bigint, ${BOOKINGS}) i, t, g,
      lateral (select case when i % 5 in (2, 3) then 100000 + (i % 20) * 5000 end as total) q`);
  await client.unsafe("vacuum analyze bookings");
  console.log(`[bench] ${BOOKINGS} bookings generated in ${Date.now() - started} ms`);
});

afterAll(async () => {
  setDbHandle(undefined);
  await client?.end({ timeout: 5 });
});

const SCENARIOS: [name: string, params: Record<string, string>][] = [
  ["all bookings, page 1", {}],
  ["all bookings, page 500", { page: "500" }],
  ["search 'okello' (surname), page 1", { q: "okello" }],
  ["search 'okello', page 300", { q: "okello", page: "300" }],
  ["search 'traveller4242' (email), page 1", { q: "traveller4242" }],
  ["search 'gorilla' (tour), page 500", { q: "gorilla", page: "500" }],
  ["tour filter, page 500", { tour: "Gorilla Trek & Safari Escape (5 Days)", page: "500" }],
  ["last 30 days, page 50", { range: "30", page: "50" }],
  [
    "search 'okello' + tour + last 90 days",
    { q: "okello", tour: "Murchison Falls Safari (4 Days)", range: "90" },
  ],
  ["balance owing, page 50", { balance: "owing", page: "50" }],
  ["overdue balances, page 1", { balance: "overdue" }],
];

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

/** The reads of one /admin/bookings request (the page renders the dialog only with ?edit=). */
async function pageReads(params: Record<string, string>) {
  request.id++;
  const query = parseAdminBookingQuery(params);
  actAs({ id: adminId, email: "bench-admin@example.com", name: "Bench Admin" });
  await listBookingTourPackages();
  return listAdminBookings(query);
}

it("the bookings page at 100,000 bookings", async () => {
  const rows: AdminBookingsRow[] = [];
  for (const [scenario, params] of SCENARIOS) {
    for (let i = 0; i < WARMUP; i++) await pageReads(params);
    statements = 0;
    const first = await pageReads(params);
    const queries = statements;
    const times: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const start = performance.now();
      await pageReads(params);
      times.push(performance.now() - start);
    }
    times.sort((a, b) => a - b);
    const round = (n: number) => Math.round(n * 10) / 10;
    rows.push({
      scenario,
      total: first.total,
      page: first.page,
      queries,
      p50: round(percentile(times, 50)),
      p95: round(percentile(times, 95)),
      max: round(times[times.length - 1]!),
    });
  }
  console.table(rows);
  const [{ n } = { n: 0 }] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(schema.bookings)
    .where(eq(schema.bookings.source, "public"));
  const out = process.env.BENCH_ADMIN_BOOKINGS_OUT;
  if (out)
    writeFileSync(
      out,
      JSON.stringify({ bookings: n, runs: RUNS, server: new URL(SERVER).host, rows }, null, 2),
    );
  expect(n).toBe(BOOKINGS);
});

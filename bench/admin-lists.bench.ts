/**
 * The admin lists at scale, on the Postgres server: 20,000 contact messages, 5,000
 * customer threads, 52,000 newsletter subscribers (50,000 active), 1,000,000 audit events
 * (the Activity screen, a year of them), 10,000 departures holding 100,000 bookings (the
 * Departures screen and a departure's manifest), and 200,000 payments ledger rows over those
 * bookings (the Payments screen and its summary, also the dashboard's money tiles) in a database
 * of its own.
 * Measures each list page's server time (the DAL call a page makes, caller check included: p50 and
 * p95 of 40 runs after a warm-up) and its SQL statements, and the CSV export of the 50,000 active
 * subscribers (time to the last byte, and the heap's growth while streaming). Writes
 * bench/results/admin-lists.json (not committed), read by bench/run.ts.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";

import { sql } from "drizzle-orm";
import postgres from "postgres";
import { afterAll, beforeAll, expect, it, vi } from "vitest";

import { type Db, schema, setDbHandle } from "@/db";
import { migrateDatabase } from "@/db/migrate";
import { databaseUrl, quoteIdent } from "@/tests/helpers/global-setup";
import { actAs, createWorld } from "@/tests/helpers/customer-world";
import { listContactsForStaff, listThreadsForStaff } from "@/lib/messages/data/staff-inbox";
import { listSubscribersForStaff, streamNewsletterExport } from "@/lib/newsletter/data/subscribers";
import { parseActivityQuery } from "@/lib/audit/activity";
import { listAuditEvents } from "@/lib/audit/data/activity";
import { listDeparturesForStaff } from "@/lib/departures/data/manage";
import { getPaymentsSummary, listPaymentsForStaff } from "@/lib/payments/data/overview";
import { parsePaymentsQuery } from "@/lib/payments/list-query";
import { getManifest } from "@/lib/departures/data/manifest";
import { parseDeparturesQuery } from "@/lib/departures/list-query";
import { kampalaDay } from "@/lib/dates";

vi.mock("@/auth", async () => (await import("@/tests/helpers/customer-world")).authMock);

const RESULT = path.join(import.meta.dirname, "results", "admin-lists.json");

export const BENCH_BUDGET = { p95Ms: 100, queries: 3, exportMs: 2000 };

const serverUrl =
  process.env.BENCH_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  "postgres://postgres@127.0.0.1:5432/postgres";
const name = `bench_admin_${process.pid}`;
let client: postgres.Sql | undefined;
let statements = 0;

async function admin<T>(run: (sql: postgres.Sql) => Promise<T>): Promise<T> {
  const conn = postgres(serverUrl, { max: 1, onnotice: () => {} });
  try {
    return await run(conn);
  } finally {
    await conn.end({ timeout: 5 });
  }
}

beforeAll(async () => {
  await admin((s) => s.unsafe(`drop database if exists ${quoteIdent(name)} with (force)`));
  await admin((s) => s.unsafe(`create database ${quoteIdent(name)}`));
  client = postgres(databaseUrl(serverUrl, name), {
    max: 4,
    onnotice: () => {},
    // postgres.js also calls this with an empty text for protocol steps that send no statement.
    debug: (_connection, query) => {
      if (query.trim()) statements++;
      if (process.env.BENCH_LOG_SQL) console.log(`[sql] ${query.slice(0, 120)}`);
    },
  });
  const { drizzle } = await import("drizzle-orm/postgres-js");
  const db = drizzle({ client, schema }) as unknown as Db;
  const handle = { db, driver: "postgres" as const, close: () => client!.end({ timeout: 5 }) };
  await migrateDatabase(handle);
  setDbHandle(handle);

  const world = await createWorld(db);
  actAs(world.admin);
  await db.execute(sql`
    insert into contacts (name, email, country, phone, subject, message, created_at)
    select 'Traveller ' || i, 'traveller' || i || '@example.com',
      case when i % 3 = 0 then null else 'Kenya' end,
      case when i % 4 = 0 then '+256 700 ' || lpad(i::text, 6, '0') else null end,
      'Question about tour ' || (i % 97),
      repeat('We would love to see the gorillas and the Nile. ', 1 + i % 8) || md5(i::text),
      now() - (i || ' minutes')::interval
    from generate_series(1, 20000) as i`);
  await db.execute(sql`
    insert into customer_messages (thread_id, customer_email, subject, message, is_from_admin, is_read, created_at)
    select t.id, 'customer' || t.n || '@example.com', 'Trip question ' || t.n, m.body, m.admin,
      m.admin or t.n % 5 <> 0, now() - ((t.n * 7 + m.offset_min) || ' minutes')::interval
    from (select gen_random_uuid() as id, n from generate_series(1, 5000) as n) as t
    cross join (values ('Hello, a question about our trip.', false, 10), ('Thanks, here is the answer.', true, 0))
      as m(body, admin, offset_min)`);
  await db.execute(sql`
    insert into newsletter_subscriptions (email, is_active, subscribed_at)
    select 'reader' || i || '@example.com', i > 2000, now() - (i || ' seconds')::interval
    from generate_series(1, 52000) as i`);
  await seedAuditEvents(db);
  await seedDepartures(db);
  await seedPayments(db);
  await db.execute(sql`vacuum analyze`);
}, 600_000);

/** The Activity screen's trail: AUDIT_EVENTS events, one every 31 seconds back from now. */
const AUDIT_EVENTS = Number(process.env.BENCH_AUDIT_EVENTS ?? 1_000_000);

/**
 * A year of audit events as the site writes them: 3 in 10 by eight staff members, 1 in 10 by
 * two admins (their changes, sign-ins and exports), 4 in 10 by 20,000 customers (sign-ins and
 * account changes), 1 in 10 by visitors (failed sign-ins, refusals), 1 in 10 by the site itself.
 * Targets name bookings, tours, guides, threads and subscribers as the actions do.
 */
async function seedAuditEvents(db: Db) {
  await db.execute(sql`
    insert into audit_events (occurred_at, actor_label, actor_role, action, target_type,
      target_id, ip, user_agent, outcome, details)
    select now() - make_interval(secs => i * 31), label, role, action,
      case split_part(action, '.', 1) when 'booking' then 'booking' when 'tour' then 'tour'
        when 'guide' then 'guide' when 'message' then 'thread' when 'subscriber' then 'subscriber'
        else null end,
      case split_part(action, '.', 1)
        when 'booking' then md5('b' || (i % 60000))::uuid::text
        when 'tour' then 'tour-' || (i % 12)
        when 'guide' then md5('g' || (i % 15))::uuid::text
        when 'message' then md5('m' || (i % 5000))::uuid::text
        when 'subscriber' then md5('s' || (i % 50000))::uuid::text
        else null end,
      '10.' || (i % 250) || '.' || (i / 250 % 250) || '.' || (1 + i % 7),
      'Mozilla/5.0 (bench)',
      case when action in ('auth.sign_in_failed', 'auth.lockout') then 'failure'
        when action = 'auth.access_denied' then 'denied' else 'success' end,
      case when action = 'booking.update'
        then '{"paymentStatus": {"from": "Pending", "to": "Paid"}}'::jsonb
        else '{}'::jsonb end
    from (
      select i,
        case when k < 3 then 'staff' || (i % 8) || '@breatheuganda.com'
          when k = 3 then 'admin' || (i % 2) || '@breatheuganda.com'
          when k < 8 then 'traveller' || (i % 20000) || '@example.com'
          when k = 8 then 'visitor' else 'system' end as label,
        case when k < 3 then 'staff' when k = 3 then 'admin' when k < 8 then 'customer'
          when k = 8 then 'visitor' else 'system' end as role,
        case when k < 4 then (array['booking.update', 'booking.update', 'booking.update',
            'tour.update', 'message.reply', 'guide.update', 'subscriber.update',
            'newsletter.export', 'auth.sign_in', 'auth.sign_out', 'tour.picture_upload',
            'booking.create'])[1 + (i / 10) % 12]
          when k < 8 then (array['auth.sign_in', 'auth.sign_in', 'auth.sign_out',
            'auth.password_change', 'auth.sign_in_failed', 'auth.email_change'])[1 + (i / 10) % 6]
          when k = 8 then (array['auth.sign_in_failed', 'auth.sign_in_failed',
            'auth.access_denied', 'auth.lockout'])[1 + (i / 10) % 4]
          else 'booking.create' end as action
      from (select i, i % 10 as k from generate_series(1, ${AUDIT_EVENTS}) as i) as n
    ) as e`);
}

/**
 * The Departures screen's scale: 20 tours, each with a departure every day from 100 days ago
 * (10,000 in all), and 10 bookings on each (100,000, groups of 1 to 3, one in eight cancelled),
 * each with its lead traveller's details.
 */
const DEPARTURE_TOURS = 20;
const DEPARTURES_PER_TOUR = 500;
const BOOKINGS_PER_DEPARTURE = 10;

async function seedDepartures(db: Db) {
  await db.execute(sql`
    insert into tours (title, slug, category, duration_days, booking_mode)
    select 'Bench Tour ' || t, 'bench-tour-' || t, 'Wildlife', 1 + t % 7, 'both'
    from generate_series(1, ${DEPARTURE_TOURS}) as t`);
  await db.execute(sql`
    insert into departures (tour_id, start_date, end_date, capacity, min_group, cutoff_days, status)
    select tours.id, current_date - 100 + d, current_date - 100 + d + tours.duration_days - 1,
      40, 6, 2, case when d % 50 = 0 then 'closed' else 'open' end
    from tours cross join generate_series(0, ${DEPARTURES_PER_TOUR - 1}) as d
    where tours.slug like 'bench-tour-%'`);
  await db.execute(sql`
    insert into bookings (full_name, email, phone, tour_id, tour_package, departure_id,
      departure_date, end_date, group_size, terms_accepted, booking_status, payment_status)
    select 'Guest ' || b, 'guest' || (b % 30000) || '@example.com', '+256 700 000 000',
      departures.tour_id, 'Bench tour', departures.id, departures.start_date, departures.end_date,
      1 + b % 3, true, case when b % 8 = 0 then 'cancelled' else 'confirmed' end,
      case when b % 3 = 0 then 'Paid' else 'Deposit Made' end
    from departures cross join generate_series(1, ${BOOKINGS_PER_DEPARTURE}) as b`);
  await db.execute(sql`
    insert into booking_travellers (booking_id, position, full_name, nationality)
    select id, 1, full_name, 'Ugandan' from bookings where departure_id is not null`);
}

/**
 * The Payments screen's scale: PAYMENT_ROWS ledger rows, one every 90 seconds back from now
 * (about seven months), two on each departure booking (a deposit, then the balance), each
 * booking given a total and a balance day 60 days before its departure. Of every 20 rows one is
 * a refund, one pending, one failed, one reversed and one flagged; the rest completed. Pesapal
 * (MTN, Airtel, Visa), the demo checkout, cash and bank in turn. Each booking's net paid is then
 * written from its rows as the app keeps it (lib/payments/data/ledger.ts recomputeBooking: the completed
 * rows in the booking currency, refunds out, never below zero).
 */
const PAYMENT_ROWS = 200_000;

async function seedPayments(db: Db) {
  await db.execute(sql`
    update bookings set total_minor = 50000 * group_size, balance_due_on = departure_date - 60,
      deposit_percent = 30
    where departure_id is not null`);
  await db.execute(sql`
    insert into payments (booking_id, kind, amount_minor, currency, provider, provider_tracking_id,
      merchant_reference, confirmation_code, method, status, flagged_reason, completed_at,
      created_at)
    select b.id,
      case when k = 0 then 'refund' when i <= ${PAYMENT_ROWS / 2} then 'deposit' else 'balance' end,
      case when k = 0 then 5000 else 15000 + (i % 7) * 1000 end,
      'USD', provider,
      case when provider in ('pesapal', 'demo') then md5('t' || i) end,
      'BU-BENCH-' || i,
      case when k not in (1, 2, 4) then 'MTN' || lpad(i::text, 8, '0') end,
      case provider when 'pesapal' then (array['MTN Mobile Money', 'Airtel Money', 'Visa'])[1 + i % 3]
        when 'demo' then 'MTN Mobile Money' when 'cash' then 'Cash' else 'Bank transfer' end,
      case k when 1 then 'pending' when 2 then 'failed' when 3 then 'reversed' when 4 then 'pending'
        else 'completed' end,
      case when k = 4 then 'The provider reports amount $1.00 instead of $150.00.' end,
      case when k not in (1, 2, 4) then now() - make_interval(secs => i * 90) + interval '5 minutes' end,
      now() - make_interval(secs => i * 90)
    from (
      select i, i % 20 as k,
        (array['pesapal', 'pesapal', 'demo', 'cash', 'bank'])[1 + (i / 20) % 5] as provider,
        1 + i % ${PAYMENT_ROWS / 2} as n
      from generate_series(1, ${PAYMENT_ROWS}) as i
    ) as r
    join (
      select id, row_number() over (order by id) as n from bookings where departure_id is not null
    ) as b using (n)`);
  await db.execute(sql`
    update bookings set paid_minor = greatest(0, s.net)
    from (
      select booking_id,
        sum(case when kind = 'refund' then -amount_minor else amount_minor end) as net
      from payments where status = 'completed' and currency = 'USD' group by booking_id
    ) as s
    where s.booking_id = bookings.id`);
}

afterAll(async () => {
  setDbHandle(undefined);
  await client?.end({ timeout: 5 });
  await admin((s) => s.unsafe(`drop database if exists ${quoteIdent(name)} with (force)`));
});

type Row = { list: string; p50: number; p95: number; queries: number; rows: number };

async function measure(list: string, run: () => Promise<{ items: unknown[] }>): Promise<Row> {
  for (let i = 0; i < 5; i++) await run();
  const times: number[] = [];
  let queries = 0;
  let rows = 0;
  for (let i = 0; i < 40; i++) {
    const before = statements;
    const started = performance.now();
    const result = await run();
    times.push(performance.now() - started);
    queries = statements - before;
    rows = result.items.length;
  }
  times.sort((a, b) => a - b);
  const at = (q: number) =>
    Number(times[Math.min(times.length - 1, Math.ceil(q * times.length) - 1)]!.toFixed(1));
  return { list, p50: at(0.5), p95: at(0.95), queries, rows };
}

it("measures the admin lists and the CSV export", async () => {
  const lists: Row[] = [];
  lists.push(await measure("contacts, page 1", () => listContactsForStaff({ q: "", page: 1 })));
  lists.push(
    await measure("contacts, page 1000", () => listContactsForStaff({ q: "", page: 1000 })),
  );
  lists.push(
    await measure("contacts, search 'traveller1234'", () =>
      listContactsForStaff({ q: "traveller1234", page: 1 }),
    ),
  );
  lists.push(
    await measure("contacts, search 'nile' (most rows)", () =>
      listContactsForStaff({ q: "nile", page: 1 }),
    ),
  );
  lists.push(await measure("customer threads, page 1", () => listThreadsForStaff({ page: 1 })));
  lists.push(
    await measure("subscribers, all, page 1", () =>
      listSubscribersForStaff({ q: "", filter: "all", page: 1 }),
    ),
  );
  lists.push(
    await measure("subscribers, active, page 3000", () =>
      listSubscribersForStaff({ q: "", filter: "active", page: 3000 }),
    ),
  );
  lists.push(
    await measure("subscribers, search 'reader4321'", () =>
      listSubscribersForStaff({ q: "reader4321", filter: "all", page: 1 }),
    ),
  );

  // The Activity screen, as its URL gives the query: each filter, deep pages and the mix.
  const events = AUDIT_EVENTS.toLocaleString("en-US");
  const activity = (label: string, params: Record<string, string>) =>
    measure(`activity (${events} events), ${label}`, () =>
      listAuditEvents(parseActivityQuery(params)),
    );
  const daysAgo = (n: number) => kampalaDay(new Date(Date.now() - n * 24 * 60 * 60 * 1000));
  lists.push(await activity("page 1", {}));
  lists.push(await activity("page 400", { page: "400" }));
  lists.push(await activity("page 4000", { page: "4000" }));
  lists.push(await activity("a staff member", { actor: "STAFF3@breatheuganda.com" }));
  lists.push(await activity("a customer", { actor: "traveller1234@example.com" }));
  lists.push(await activity("an actor without events", { actor: "nobody@example.com" }));
  lists.push(await activity("one action", { action: "newsletter.export" }));
  lists.push(await activity("an area", { action: "tour.*" }));
  lists.push(await activity("refusals", { action: "auth.access_denied", page: "20" }));
  const [booked] = await client!<{ id: string }[]>`
    select target_id as id from audit_events where target_type = 'booking' limit 1`;
  lists.push(await activity("a booking", { target: "booking", targetId: booked!.id }));
  lists.push(await activity("a day", { from: daysAgo(20), to: daysAgo(20) }));
  lists.push(
    await activity("staff member, bookings, 30 days", {
      actor: "staff5@breatheuganda.com",
      action: "booking.*",
      from: daysAgo(30),
      to: daysAgo(0),
    }),
  );

  // The Departures screen as its URL gives the query, and a departure's manifest.
  const [benchTour] = await client!<{ id: string }[]>`
    select id from tours where slug = 'bench-tour-7'`;
  const departuresList = (label: string, params: Record<string, string>) =>
    measure(`departures (10,000; 100,000 bookings), ${label}`, () =>
      listDeparturesForStaff(parseDeparturesQuery(params)),
    );
  lists.push(await departuresList("upcoming, page 1", {}));
  lists.push(await departuresList("all dates, page 400", { month: "all", page: "400" }));
  lists.push(await departuresList("one tour", { tour: benchTour!.id }));
  lists.push(await departuresList("one month", { month: kampalaDay(new Date()).slice(0, 7) }));
  lists.push(await departuresList("closed, all dates", { month: "all", status: "closed" }));
  const [manifested] = await client!<{ id: string }[]>`
    select id from departures where start_date = current_date + 10 limit 1`;
  lists.push(
    await measure("manifest of a departure (10 bookings)", async () => {
      const manifest = await getManifest(manifested!.id);
      return { items: manifest?.bookings ?? [] };
    }),
  );

  // The Payments screen as its URL gives the query, and its summary (the dashboard's tiles too).
  const ledger = `payments (${PAYMENT_ROWS.toLocaleString("en-US")} rows)`;
  const paymentsList = (label: string, params: Record<string, string>) =>
    measure(`${ledger}, ${label}`, () => listPaymentsForStaff(parsePaymentsQuery(params)));
  lists.push(await paymentsList("page 1", {}));
  lists.push(await paymentsList("page 4000", { page: "4000" }));
  for (const status of ["pending", "completed", "failed", "reversed", "flagged"])
    lists.push(await paymentsList(status, { status }));
  lists.push(await paymentsList("cash", { provider: "cash" }));
  lists.push(await paymentsList("bank, page 100", { provider: "bank", page: "100" }));
  lists.push(await paymentsList("a week", { from: daysAgo(40), to: daysAgo(34) }));
  lists.push(
    await paymentsList("flagged, pesapal, 30 days", {
      status: "flagged",
      provider: "pesapal",
      from: daysAgo(30),
      to: daysAgo(0),
    }),
  );
  lists.push(
    await measure(`${ledger}, summary (100,000 bookings)`, async () => {
      const summary = await getPaymentsSummary();
      return { items: [summary] };
    }),
  );

  global.gc?.();
  const heapBefore = process.memoryUsage().heapUsed;
  let heapPeak = heapBefore;
  let bytes = 0;
  let lines = 0;
  const started = performance.now();
  const reader = (await streamNewsletterExport({ q: "", filter: "all" })).getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    bytes += value.byteLength;
    for (const byte of value) if (byte === 10) lines++;
    heapPeak = Math.max(heapPeak, process.memoryUsage().heapUsed);
  }
  const exportMs = Math.round(performance.now() - started);
  const exported = {
    rows: lines - 1,
    ms: exportMs,
    csvMb: Number((bytes / 1e6).toFixed(2)),
    heapGrowthMb: Number(((heapPeak - heapBefore) / 1e6).toFixed(2)),
  };

  console.table(lists);
  console.table([exported]);
  mkdirSync(path.dirname(RESULT), { recursive: true });
  writeFileSync(
    RESULT,
    `${JSON.stringify({ date: new Date().toISOString(), budget: BENCH_BUDGET, lists, export: exported }, null, 2)}\n`,
  );
  expect(exported.rows).toBe(50_000);
});

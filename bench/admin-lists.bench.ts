/**
 * The admin lists at scale, on the Postgres server: 20,000 contact messages, 5,000
 * customer threads and 52,000 newsletter subscribers (50,000 active) in a database of its own.
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

import { type Db, migrateDatabase, schema, setDbHandle } from "@/db";
import { databaseUrl, quoteIdent } from "@/tests/helpers/global-setup";
import { actAs, createWorld } from "@/tests/helpers/customer-world";
import { listContactsForStaff, listThreadsForStaff } from "@/lib/dal/admin-messages";
import { listSubscribersForStaff, streamNewsletterExport } from "@/lib/dal/admin-newsletter";

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
  await db.execute(sql`analyze`);
}, 600_000);

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

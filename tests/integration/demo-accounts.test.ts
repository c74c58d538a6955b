/**
 * `npm start` on a fresh embedded database (docs/decisions/0006): the start path migrates and
 * seeds the catalogue, and makes no demo account unless the demo was asked for (DEMO=1).
 */
import { count } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";

import { type DbHandle, openPglite } from "@/db";
import { prepareEmbeddedDatabase } from "@/db/prepare";
import { tours, users } from "@/db/schema";
import { findDemoAccounts } from "@/lib/startup";
import { env } from "@/lib/env";

let handle: DbHandle | undefined;
afterEach(async () => {
  await handle?.close();
  handle = undefined;
});

describe("starting on a fresh embedded database", () => {
  it("without DEMO: the catalogue, and no demo account", async () => {
    expect(env.DEMO).toBe(false);
    handle = await openPglite();
    await prepareEmbeddedDatabase(handle);
    const [{ value: tourCount } = { value: 0 }] = await handle.db.select({ value: count() }).from(tours);
    expect(tourCount).toBe(12);
    expect(await findDemoAccounts(handle.db)).toEqual([]);
    expect(await handle.db.select({ email: users.email }).from(users)).toEqual([]);
  });

  it("with the demo asked for: the demo accounts, added even to a database started without it", async () => {
    handle = await openPglite();
    await prepareEmbeddedDatabase(handle);
    await prepareEmbeddedDatabase(handle, { demo: true });
    expect(await findDemoAccounts(handle.db)).toEqual([
      "admin@demo.breatheuganda.com",
      "traveller@demo.breatheuganda.com",
    ]);
  });
});

import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";

import type * as schema from "./schema";

/**
 * The database's types, apart from the client that opens it: the migrator and the seed take a
 * `Db` without importing the client, so the client can stay the lowest floor of the house.
 */
export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

export type DbHandle = {
  db: Db;
  driver: "pglite" | "postgres";
  close: () => Promise<void>;
};

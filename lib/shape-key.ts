import { createHash } from "node:crypto";

import type { Column } from "drizzle-orm";

/**
 * A short key that changes whenever the shape of a cached read changes: the fields selected
 * (their names, the SQL columns behind them, types and nullability) or the source of the
 * functions that turn rows into what is cached. Part of a data cache key, it retires entries
 * written by code that read another shape, so no version needs bumping by hand when a field is
 * added, renamed or retyped.
 */
export function shapeKey(
  selections: Record<string, Record<string, Column>>,
  mappers: readonly ((...args: never[]) => unknown)[] = [],
): string {
  const shape = Object.entries(selections).map(([name, fields]) => [
    name,
    Object.entries(fields)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([key, column]) => [key, column.name, column.getSQLType(), column.notNull]),
  ]);
  return createHash("sha256")
    .update(JSON.stringify([shape, mappers.map(String)]))
    .digest("base64url")
    .slice(0, 16);
}

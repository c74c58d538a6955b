import "server-only";

import { DomainError } from "@/lib/errors";

/**
 * What the library's data modules share: a write refused by a name index ('name_taken'), and the
 * audit details of an edit (each changed field from and to, costs written as money).
 */

/** Postgres' unique_violation, as postgres.js and PGlite report it (Drizzle wraps it). */
function isUniqueViolation(error: unknown): boolean {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined; e; ) {
    if (e.code === "23505") return true;
    e = e.cause as typeof e;
  }
  return false;
}

/** A write whose name another row of its list already has (in any case) is `name_taken`. */
export async function nameWrite<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw new DomainError("name_taken");
    throw error;
  }
}

/**
 * The fields an edit changed, each `{ from, to }` as the Activity screen reads them: a long
 * text (a description) is only named, never copied into the trail.
 */
export function changesOf<T extends Record<string, unknown>>(
  before: T,
  after: T,
  keys: readonly (keyof T & string)[],
  named: readonly (keyof T & string)[] = [],
): Record<string, unknown> {
  const changes: Record<string, unknown> = {};
  for (const key of keys) {
    if (before[key] === after[key]) continue;
    changes[key] = named.includes(key) ? { changed: true } : { from: before[key], to: after[key] };
  }
  return changes;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A row id as Postgres writes a uuid: checked before a query, so a malformed id is not found. */
export function isUuid(value: string): boolean {
  return UUID.test(value);
}

/** The well-formed ids among `values`, lower-cased, each once: what an `in (...)` query is given. */
export function distinctUuids(values: readonly string[]): string[] {
  return [...new Set(values.filter(isUuid).map((id) => id.toLowerCase()))];
}

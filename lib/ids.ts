const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A row id as Postgres writes a uuid: checked before a query, so a malformed id is not found. */
export function isUuid(value: string): boolean {
  return UUID.test(value);
}

import { getTableColumns, type Table } from "drizzle-orm";

/**
 * Helpers for the data modules' reads: which columns a select takes stays spelled out at each
 * read (a row's DTO, never a whole row with its password hash), only shorter.
 */

type ColumnsOf<T extends Table> = T["_"]["columns"];

/**
 * Some columns of `table` under their own names, in the order given, to spread into a select:
 * `select({ ...pick(users, "id", "email"), role: adminUsers.role })`. Works on an alias too
 * (its columns then read from the alias).
 */
export function pick<T extends Table, const K extends keyof ColumnsOf<T> & string>(
  table: T,
  ...names: K[]
): { [P in K]: ColumnsOf<T>[P] } {
  const columns: ColumnsOf<T> = getTableColumns(table);
  const picked = {} as { [P in K]: ColumnsOf<T>[P] };
  for (const name of names) picked[name] = columns[name];
  return picked;
}

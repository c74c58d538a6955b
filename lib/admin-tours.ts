/**
 * The admin tours list's URL state: search (title or slug), page, and the open Edit dialog or
 * Manage Media panel. Pure: the page parses, lib/dal/admin-tours.ts queries.
 */
import {
  idParam,
  listHref,
  pageParam,
  parseListQuery,
  type RawParams,
  searchParam,
} from "@/lib/list-query";

export const ADMIN_TOURS_PAGE_SIZE = 20;
export const ADMIN_TOURS_PATH = "/admin/tours";

export type AdminToursQuery = {
  q: string;
  page: number;
  /** The tour whose Edit dialog is open. */
  edit: string | null;
  /** The tour whose Manage Media panel is open. */
  media: string | null;
};

const adminToursQuery = { q: searchParam(), page: pageParam, edit: idParam, media: idParam };

export function parseAdminToursQuery(params: RawParams): AdminToursQuery {
  return parseListQuery(adminToursQuery, params);
}

/** The URL of a view of the list (defaults left out). */
export function adminToursHref(
  query: Partial<AdminToursQuery>,
  changes: Partial<AdminToursQuery> = {},
): string {
  const { q, page, edit, media } = { ...query, ...changes };
  return listHref(ADMIN_TOURS_PATH, { q, page, edit, media });
}

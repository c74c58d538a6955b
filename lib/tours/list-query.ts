/**
 * The admin tours list's URL state: search (title or slug), page, and the open Edit dialog or
 * Manage Media panel. Pure: the page parses, lib/tours/data/manage.ts queries.
 */
import { idParam, listUrl, pageParam, type RawParams, searchParam } from "@/lib/list-query";

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

const adminToursUrl = listUrl(ADMIN_TOURS_PATH, {
  q: searchParam(),
  page: pageParam,
  edit: idParam,
  media: idParam,
});

export const parseAdminToursQuery: (params: RawParams) => AdminToursQuery = adminToursUrl.parse;

/** The URL of a view of the list (defaults left out). */
export const adminToursHref = adminToursUrl.href;

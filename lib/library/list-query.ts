/**
 * The URL state of the library's three lists (/admin/library/lodges, /activities, /vehicles): a
 * search by name or park. Pure: the pages parse with it, the lists write their links back.
 */
import { listUrl, searchParam } from "@/lib/list-query";

export const LIBRARY_PATHS = {
  lodges: "/admin/library/lodges",
  activities: "/admin/library/activities",
  vehicles: "/admin/library/vehicles",
} as const;

export type LibraryList = keyof typeof LIBRARY_PATHS;

const shape = { q: searchParam() };

export const libraryUrls = {
  lodges: listUrl(LIBRARY_PATHS.lodges, shape),
  activities: listUrl(LIBRARY_PATHS.activities, shape),
  vehicles: listUrl(LIBRARY_PATHS.vehicles, shape),
};

export type LibraryQuery = { q: string };

/**
 * The staff's subscriber list (/admin/newsletter): its search, filter and page, read from URL
 * parameters. Pure: the page parses, lib/newsletter/data/subscribers.ts queries, and the export
 * takes the same view (lib/newsletter/schemas.ts).
 */
import {
  choiceParam,
  pageParam,
  parseListQuery,
  type RawParams,
  searchParam,
} from "@/lib/list-query";

export const SUBSCRIBERS_PAGE_SIZE = 15;

export const SUBSCRIBER_FILTERS = ["all", "active", "inactive"] as const;
export type SubscriberFilter = (typeof SUBSCRIBER_FILTERS)[number];

export type SubscribersQuery = { q: string; filter: SubscriberFilter; page: number };

const subscribersQuery = {
  q: searchParam(),
  filter: choiceParam(SUBSCRIBER_FILTERS, "all"),
  page: pageParam,
};

export function parseSubscribersQuery(params: RawParams): SubscribersQuery {
  return parseListQuery(subscribersQuery, params);
}

import { ToursView, toursMetadata } from "@/components/tours/tours-view";
import { parseMonth } from "@/lib/departures/rules";
import { parseCategory, parseQuery } from "@/lib/tours/rules";

export const metadata = toursMetadata;

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/**
 * A search, a category or a departure month chip: rendered per request from the cached
 * catalogue and departure months. The plain /tours (no `q`, `category` or `month`) is rewritten
 * to the cached page (next.config.ts).
 */
export default async function ToursPage({ searchParams }: { searchParams: SearchParams }) {
  const params = await searchParams;
  return (
    <ToursView
      query={parseQuery(params.q)}
      category={parseCategory(params.category)}
      month={parseMonth(params.month)}
    />
  );
}

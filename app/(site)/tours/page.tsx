import { ToursView, toursMetadata } from "@/components/tours/tours-view";
import { parseCategory, parseQuery } from "@/lib/tours";

export const metadata = toursMetadata;

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/**
 * A search or a category chip: rendered per request from the cached catalogue. The plain
 * /tours (no `q`, no `category`) is rewritten to the cached page (next.config.ts).
 */
export default async function ToursPage({ searchParams }: { searchParams: SearchParams }) {
  const params = await searchParams;
  return <ToursView query={parseQuery(params.q)} category={parseCategory(params.category)} />;
}

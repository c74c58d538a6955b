import type { Metadata } from "next";
import { notFound } from "next/navigation";

import { HomePage, homeMetadata } from "@/components/home/home-page";
import { ToursView, toursMetadata } from "@/components/tours/tours-view";

/**
 * The full-route cache of the two busiest public pages: `/` and the plain `/tours` are rewritten
 * here (next.config.ts), and these addresses themselves redirect back. Like the tour pages, they
 * are rendered on the first request and then served from the cache, never at build time (the
 * build does not open the database), and refreshed when the catalogue's cache tag is revalidated.
 */
const PAGES = {
  home: { metadata: homeMetadata, render: () => <HomePage /> },
  tours: { metadata: toursMetadata, render: () => <ToursView query="" cached /> },
} satisfies Record<string, { metadata: Metadata; render: () => React.ReactNode }>;

export const revalidate = 3600;

export async function generateStaticParams(): Promise<{ page: string }[]> {
  return [];
}

type Params = Promise<{ page: string }>;

function cachedPage(name: string) {
  return Object.hasOwn(PAGES, name) ? PAGES[name as keyof typeof PAGES] : null;
}

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  return cachedPage((await params).page)?.metadata ?? {};
}

export default async function CachedPage({ params }: { params: Params }) {
  const name = (await params).page;
  const page = cachedPage(name);
  if (!page) {
    console.warn(JSON.stringify({ event: "not_found", path: `/cached/${name}`.slice(0, 500) }));
    notFound();
  }
  return page.render();
}

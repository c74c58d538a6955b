import type { MetadataRoute } from "next";

import { getActiveTourCards } from "@/lib/tours/data/catalogue";
import { env } from "@/lib/env";

// Read at request time from the cached catalogue: the build never opens the database.
export const dynamic = "force-dynamic";

export default async function sitemap(): Promise<MetadataRoute.Sitemap> {
  const base = env.SITE_URL;
  const staticRoutes = ["", "/tours", "/about", "/contact", "/booking", "/legal"].map((path) => ({
    url: `${base}${path}`,
    changeFrequency: "weekly" as const,
    priority: path === "" ? 1 : 0.7,
  }));
  const tours = (await getActiveTourCards()).map((tour) => ({
    url: `${base}/tour/${tour.slug}`,
    changeFrequency: "weekly" as const,
    priority: 0.8,
  }));
  return [...staticRoutes, ...tours];
}

import type { MetadataRoute } from "next";

import { env } from "@/lib/env";

// Answered per request: the sitemap's address is the running server's SITE_URL. Prerendered, it
// kept the address of the build's environment (an image built once names whatever the build had).
export const dynamic = "force-dynamic";

export default function robots(): MetadataRoute.Robots {
  const base = env.SITE_URL;
  return {
    rules: [{ userAgent: "*", allow: "/", disallow: ["/admin", "/customer", "/api"] }],
    sitemap: `${base}/sitemap.xml`,
    host: base,
  };
}

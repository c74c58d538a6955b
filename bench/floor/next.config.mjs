import { existsSync, readFileSync } from "node:fs";

/**
 * The serving settings of the site's next.config.ts that change the cost of a response. With a
 * site-routes.json beside it (bench/floor-build.ts writes one from the site's build, for a
 * second floor build), also the site's headers, redirects and rewrites: each is evaluated for
 * every request, matched or not.
 */
const siteRoutesFile = new URL("./site-routes.json", import.meta.url);
const siteRoutes = existsSync(siteRoutesFile)
  ? JSON.parse(readFileSync(siteRoutesFile, "utf8"))
  : null;

const nextConfig = {
  poweredByHeader: false,
  generateEtags: false,
  ...(siteRoutes && {
    headers: async () => siteRoutes.headers,
    redirects: async () => siteRoutes.redirects,
    rewrites: async () => siteRoutes.rewrites,
  }),
};

export default nextConfig;

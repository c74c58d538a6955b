import type { NextConfig } from "next";

import { contentSecurityPolicy, STORED_FILE_POLICY, STRICT_TRANSPORT_SECURITY } from "./lib/csp";
import { env } from "./lib/env";

const production = env.NODE_ENV === "production";

/**
 * Where uploaded tour pictures are read from when they live in S3: S3_PUBLIC_URL, else the
 * bucket's path on S3_ENDPOINT (lib/storage/s3.ts). The local driver's `/media/...` is on this
 * site already. Read at build time: set the S3 variables for `next build` too.
 */
function storageImagePatterns(): URL[] {
  if (!env.S3_ENDPOINT) return [];
  const base = env.S3_PUBLIC_URL ?? `${env.S3_ENDPOINT.replace(/\/+$/, "")}/${env.S3_BUCKET}`;
  return [new URL(`${base.replace(/\/+$/, "")}/**`)];
}

const nextConfig: NextConfig = {
  // PGlite ships WebAssembly and data files that must be loaded from node_modules, not bundled.
  serverExternalPackages: ["@electric-sql/pglite"],
  poweredByHeader: false,
  // The full-route and data cache is lib/cache/cache-handler.mjs, registered at start by
  // instrumentation.ts rather than named here as `cacheHandler` (the file says why).
  // Next hashes the whole HTML of every page response, in JavaScript, to make its ETag: a third
  // of the CPU of serving a cached page (profiled). Pages are cached on the server and (in
  // production) by the CDN in front of it with s-maxage, which keeps its own validators;
  // /_next/static files are immutable and unaffected.
  generateEtags: false,
  images: {
    formats: ["image/avif", "image/webp"],
    dangerouslyAllowSVG: true,
    contentDispositionType: "inline",
    contentSecurityPolicy: "default-src 'self'; script-src 'none'; sandbox;",
    remotePatterns: storageImagePatterns(),
  },
  // `/` and the plain `/tours` are served from the full-route cache (app/(site)/cached/[page]):
  // rendered on the first request, never at build time. A search, category or month chip on
  // /tours renders per request. Rewrites run without the proxy, which only guards /customer and
  // /admin.
  async rewrites() {
    return {
      beforeFiles: [
        { source: "/", destination: "/cached/home" },
        {
          source: "/tours",
          missing: [
            { type: "query", key: "q" },
            { type: "query", key: "category" },
            { type: "query", key: "month" },
          ],
          destination: "/cached/tours",
        },
      ],
      // Checked only for a path no page or file answers: each page's own module compiles every
      // beforeFiles source again on each request, so these rules, which only malformed paths
      // match, stay out of the path every page pays.
      afterFiles: [
        // No page address needs a percent sign (slugs are [a-z0-9-]); a path that is not valid
        // percent-encoding would fail while Next decodes it (a 500). Tour URLs get the tour
        // page's own 'Tour Not Found', pay links the pay page's, any other the 404 page, which
        // logs the path.
        { source: "/tour/:slug(.*%.*)", destination: "/tour/not-found" },
        // A pay link is a signed token of [A-Za-z0-9._-]: one with a percent sign (cut short or
        // mangled by a mail client) gets the pay page's own answer, that the link has expired.
        { source: "/pay/:token(.*%.*)", destination: "/pay/malformed-link" },
        // Except /_next/ under `next dev`, whose chunk names carry percent-encoded brackets.
        {
          source: production ? "/:path(.*%.*)" : "/:path((?!_next/).*%.*)",
          destination: "/malformed-url?path=:path",
        },
      ],
      fallback: [],
    };
  },
  async redirects() {
    return [
      { source: "/cached/home", destination: "/", permanent: true },
      { source: "/cached/tours", destination: "/tours", permanent: true },
    ];
  },
  async headers() {
    return [
      {
        // Unnamed groups, not named parameters: Next compiles each header value of a rule whose
        // source captured a named parameter as a path template (to substitute it) on every
        // request, and the policy's `https:` and `data:` sources make it do so for ours.
        source: "/(.*)",
        headers: [
          { key: "X-Content-Type-Options", value: "nosniff" },
          { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
          { key: "X-Frame-Options", value: "DENY" },
          { key: "Permissions-Policy", value: "camera=(), microphone=(), geolocation=()" },
          ...(production
            ? [{ key: "Strict-Transport-Security", value: STRICT_TRANSPORT_SECURITY }]
            : []),
        ],
      },
      // Everything but /customer, /admin, /pay and /proposal, whose pages render per request and
      // get a policy with a nonce of their own from proxy.ts (lib/csp.ts says why the two
      // differ), and the stored pictures under /media/.
      {
        source: "/((?!customer(?:/|$)|admin(?:/|$)|pay(?:/|$)|proposal(?:/|$)|media/.).*)",
        headers: [
          { key: "Content-Security-Policy", value: contentSecurityPolicy({ dev: !production }) },
        ],
      },
      // A stored picture's own policy, the one its route sets too. Next sends a route handler's
      // header only where no rule here has set it, so the site's policy above would replace it;
      // and rules match whatever the case of the path, so this one covers every spelling the
      // rule above leaves out.
      {
        source: "/media/(.+)",
        headers: [{ key: "Content-Security-Policy", value: STORED_FILE_POLICY }],
      },
    ];
  },
};

export default nextConfig;

// A robots.txt answered per request like the site's (its sitemap line names the running
// server's address): what the stack itself costs a metadata route beside a static file.
export const dynamic = "force-dynamic";

export default function robots() {
  const base = process.env.SITE_URL ?? "http://127.0.0.1:3000";
  return {
    rules: [{ userAgent: "*", allow: "/", disallow: ["/admin", "/customer", "/api"] }],
    sitemap: `${base}/sitemap.xml`,
    host: base,
  };
}

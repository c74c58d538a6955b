// A page of about `bytes` bytes of HTML (ASCII text), rendered on its first request and then
// served from the full-route cache, as the site's /, /tours and tour pages are: what the stack
// itself costs per response of a cached page that size (bench/run.ts, "Cached page costs").
// `<bytes>-u<hex>` adds that one character (e.g. -u2014, an em dash) to the first paragraph: what
// one character beyond ASCII costs the same page.
export const revalidate = 3600;

export async function generateStaticParams() {
  return [];
}

const LINE =
  "Gorilla trekking in Bwindi, chimpanzees in Kibale, the Nile at Jinja, Murchison Falls. ";
/** What one paragraph adds to the response: its HTML and its row in the inline RSC payload. */
const PARAGRAPH_BYTES = 2 * LINE.length + 64;
const EMPTY_PAGE_BYTES = 4_400;

export default async function SizedPage({ params }) {
  const param = (await params).bytes;
  const bytes = Math.min(Math.max(Number.parseInt(param, 10) || 0, 0), 400_000);
  const hex = /-u([0-9a-f]{2,6})$/.exec(param)?.[1];
  const extra = hex ? String.fromCodePoint(Number.parseInt(hex, 16)) : "";
  const count = Math.max(0, Math.round((bytes - EMPTY_PAGE_BYTES) / PARAGRAPH_BYTES));
  return (
    <main>
      {Array.from({ length: count }, (_, i) => (
        <p key={i}>{i === 0 ? LINE + extra : LINE}</p>
      ))}
    </main>
  );
}

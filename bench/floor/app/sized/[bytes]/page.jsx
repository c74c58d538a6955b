// A page of about `bytes` bytes of HTML (ASCII text), rendered on its first request and then
// served from the full-route cache, as the site's /, /tours and tour pages are: what the stack
// itself costs per response of a cached page that size (bench/run.ts, "Cached page costs").
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
  const bytes = Math.min(Math.max(Number.parseInt((await params).bytes, 10) || 0, 0), 400_000);
  const count = Math.max(0, Math.round((bytes - EMPTY_PAGE_BYTES) / PARAGRAPH_BYTES));
  return (
    <main>
      {Array.from({ length: count }, (_, i) => (
        <p key={i}>{LINE}</p>
      ))}
    </main>
  );
}

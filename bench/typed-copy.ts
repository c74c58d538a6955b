/**
 * Tour texts as staff type them: curly quotes, dashes and accented names. Before the site's
 * bench server starts, bench/typed-copy-write.ts gives two tours the other measures do not use
 * the same overview and itinerary, once as typed (TYPED_TOUR) and once with each such character
 * replaced by its ASCII look-alike (ASCII_TOUR), so their pages differ only by those characters
 * (and the rest of each tour, the same size within a few per cent). Only the tour page shows these
 * fields: /, /tours and the other tour pages are unchanged.
 */
import { spawnSync } from "node:child_process";
import path from "node:path";

export const TYPED_TOUR = "sipi-falls";
export const ASCII_TOUR = "birding-paradise";

const OVERVIEW = [
  "Bwindi’s forest is home to almost half of the world’s remaining mountain gorillas — and an hour with a habituated family is one of the most moving wildlife encounters on earth. Your guide, Joséphine Nakaté, has tracked these families for twelve years; rangers call her “the gorilla whisperer”.",
  "The road south-west is part of the adventure: the equator at Kayabwe, the long-horned cattle of Ankole and the terraced hills of Kigezi – “the Switzerland of Africa”. Lunch is at Café Mbarara, where the owner, René Okello, roasts his own coffee.",
  "After the trek you spend a day with the Batwa, the forest’s original people, and a slow final afternoon on Lake Bunyonyi — 29 islands, no motorboats, and dinner by the fire at Ruhija’s lodge.",
].join("\n\n");

const ITINERARY = [
  [
    "Kampala to Bwindi",
    "Leave Kampala after breakfast and head south-west — a stop at the equator monument, then lunch at Café Mbarara. Arrive at your lodge on the forest’s edge in the late afternoon.",
  ],
  [
    "Gorilla trekking day",
    "Briefing with the rangers at 7:30am, then a 2–6 hour trek through bamboo and vines with Joséphine Nakaté. “Keep seven metres away,” she’ll remind you — the gorillas don’t always agree.",
  ],
  [
    "Batwa experience",
    "Walk with Batwa guides who share how their people hunted, gathered and healed in the forest; in the afternoon, René’s tea and craft project.",
  ],
  [
    "Bwindi to Lake Bunyonyi",
    "A scenic drive through the Kigezi highlands – paddle a dugout canoe between the islands and watch the sun set over the terraces.",
  ],
  [
    "Return to Kampala",
    "A relaxed breakfast with views over the lake, then the drive back — drop-off at your hotel or at Entebbe’s airport.",
  ],
].map(([title, description], i) => ({ day: i + 1, title: title!, description: description! }));

const ASCII_LOOK_ALIKES: Record<string, string> = {
  "’": "'",
  "‘": "'",
  "“": '"',
  "”": '"',
  "—": "-",
  "–": "-",
  é: "e",
};
const toAscii = (text: string) =>
  text.replace(/[^\x00-\x7f]/gu, (c) => ASCII_LOOK_ALIKES[c] ?? "?");

export const TYPED_COPY = {
  [TYPED_TOUR]: { overview: OVERVIEW, itinerary: ITINERARY },
  [ASCII_TOUR]: {
    overview: toAscii(OVERVIEW),
    itinerary: ITINERARY.map((d) => ({ ...d, description: toAscii(d.description) })),
  },
};

/** Writes the two tours' texts on the site's database (migrated and seeded first). */
export function writeTypedCopy(root: string, env: NodeJS.ProcessEnv) {
  const result = spawnSync(
    path.join(root, "node_modules/.bin/tsx"),
    ["--conditions=react-server", "bench/typed-copy-write.ts"],
    { cwd: root, env, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] },
  );
  if (result.status !== 0)
    throw new Error(`typed copy: exit ${result.status}: ${result.stderr.trim().slice(-400)}`);
}

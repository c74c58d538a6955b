"use client";

import { interactionIsland } from "@/components/forms/interaction-island";

/**
 * The FAQ of /contact as an island (components/forms/interaction-island.tsx): the questions are
 * the server's HTML until someone reaches for one (a pointer over it, a tap, focus); then Radix
 * Accordion loads and opens what was pressed meanwhile.
 */
export const LazyFaqAccordion = interactionIsland(
  () => import("./faq-accordion").then((m) => m.FaqAccordion),
  { wakeWithin: "button" },
);

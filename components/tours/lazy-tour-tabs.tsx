"use client";

import { interactionIsland } from "@/components/forms/interaction-island";

/**
 * The tour page's tabs as an island (components/forms/interaction-island.tsx): the server's HTML
 * of the tabs and all their panels stays as it is, unhydrated, until someone reaches for the tab
 * list; then Radix Tabs loads and takes over. The page's largest part is not hydrated on load,
 * and Radix is not downloaded by a visitor who only reads the overview.
 */
export const LazyTourTabs = interactionIsland(
  () => import("./tour-tabs").then((m) => m.TourTabs<string>),
  { wakeWithin: '[role="tablist"]' },
);

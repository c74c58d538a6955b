"use client";

import { interactionIsland } from "@/components/forms/interaction-island";

/**
 * The footer newsletter form, on every public page: its HTML comes with the page, its code (the
 * form kit, react-hook-form, zod) only once someone goes to use it.
 */
export const LazyNewsletterForm = interactionIsland(() =>
  import("./newsletter-form").then((m) => m.NewsletterForm),
);

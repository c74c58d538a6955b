"use client";

import { interactionIsland } from "@/components/forms/interaction-island";

/** The contact form of /contact, its code loaded on first use (interaction-island.tsx). */
export const LazyContactForm = interactionIsland(() =>
  import("./contact-form").then((m) => m.ContactForm),
);

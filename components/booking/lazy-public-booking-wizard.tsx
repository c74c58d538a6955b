"use client";

import { interactionIsland } from "@/components/forms/interaction-island";

/** The booking wizard of /booking, its code loaded on first use (interaction-island.tsx). */
export const LazyPublicBookingWizard = interactionIsland(() =>
  import("./public-booking-wizard").then((m) => m.PublicBookingWizard),
);

"use client";

import { interactionIsland } from "@/components/forms/interaction-island";

/**
 * 'Join the waitlist' of a full departure, its dialog's code (form, schema, Radix dialog) loaded
 * on first use (interaction-island.tsx): the server renders the button, a click opens the dialog
 * once the code has loaded. Takes JoinWaitlistButton's props.
 */
export const LazyJoinWaitlistButton = interactionIsland(() =>
  import("./join-waitlist-dialog").then((m) => m.JoinWaitlistButton),
);

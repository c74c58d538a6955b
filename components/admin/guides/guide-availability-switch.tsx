"use client";

import { useState } from "react";

import { setGuideAvailabilityAction } from "@/actions/guides";
import { useActionCall } from "@/components/forms/use-action-form";
import { Switch } from "@/components/ui/switch";

/** The row's Available switch: shows the new value while saving; the page then reloads the row. */
export function GuideAvailabilitySwitch({
  id,
  name,
  isAvailable,
}: {
  id: string;
  name: string;
  isAvailable: boolean;
}) {
  const [next, setNext] = useState(isAvailable);
  const { run, pending } = useActionCall(setGuideAvailabilityAction, {
    failure: { title: "Error", message: "Failed to update availability." },
  });
  const shown = pending ? next : isAvailable;
  return (
    <span className="inline-flex items-center gap-2">
      <Switch
        checked={shown}
        onCheckedChange={(checked) => {
          setNext(checked);
          run({ id, isAvailable: checked });
        }}
        disabled={pending}
        aria-label={`Available: ${name}`}
      />
      <span className="w-7 text-sm text-muted-foreground" aria-hidden="true">
        {shown ? "Yes" : "No"}
      </span>
    </span>
  );
}

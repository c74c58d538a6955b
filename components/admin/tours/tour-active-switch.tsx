"use client";

import { useState } from "react";

import { setTourActiveAction } from "@/actions/admin-tours";
import { useActionCall } from "@/components/forms/use-action-form";
import { Switch } from "@/components/ui/switch";

/** The row's Active switch: shows the new value while saving; the page then reloads the row. */
export function TourActiveSwitch({
  id,
  title,
  isActive,
}: {
  id: string;
  title: string;
  isActive: boolean;
}) {
  const [next, setNext] = useState(isActive);
  const { run, pending } = useActionCall(setTourActiveAction, {
    failure: { title: "Error", message: "The tour's status could not be changed." },
  });
  const shown = pending ? next : isActive;
  return (
    <Switch
      checked={shown}
      onCheckedChange={(checked) => {
        setNext(checked);
        run({ id, isActive: checked });
      }}
      disabled={pending}
      aria-label={`Visible on the website: ${title}`}
    />
  );
}

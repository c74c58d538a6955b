"use client";

import { useState } from "react";

import { type FormAction, useActionCall } from "@/components/forms/use-action-form";
import { Switch } from "@/components/ui/switch";

/**
 * A row's on/off setting saved by an action as `{ id, [field]: checked }`: the switch shows the
 * new value while saving; the page then reloads the row. `showValue`: 'Yes' or 'No' beside it.
 */
export function RowSwitch({
  action,
  id,
  field,
  checked,
  label,
  failure,
  showValue = false,
}: {
  action: FormAction;
  id: string;
  field: string;
  checked: boolean;
  label: string;
  /** The toast's message when the save fails. */
  failure: string;
  showValue?: boolean;
}) {
  const [next, setNext] = useState(checked);
  const { run, pending } = useActionCall(action, { failure: { title: "Error", message: failure } });
  const shown = pending ? next : checked;
  const control = (
    <Switch
      checked={shown}
      onCheckedChange={(value) => {
        setNext(value);
        run({ id, [field]: value });
      }}
      disabled={pending}
      aria-label={label}
    />
  );
  if (!showValue) return control;
  return (
    <span className="inline-flex items-center gap-2">
      {control}
      <span className="w-7 text-sm text-muted-foreground" aria-hidden="true">
        {shown ? "Yes" : "No"}
      </span>
    </span>
  );
}

"use client";

import { useState } from "react";

import { DialogShell } from "@/components/shared/dialog-shell";
import { Button } from "@/components/ui/button";
import { Switch } from "@/components/ui/switch";

/** Customize: Functional locked on, Personalization to choose; Save Preferences or Cancel. */
export function CookiePreferencesDialog({
  onCancel,
  onSave,
}: {
  onCancel: () => void;
  onSave: (personalization: boolean) => void;
}) {
  const [personalization, setPersonalization] = useState(false);
  return (
    <DialogShell
      open
      onClose={onCancel}
      tone="plain"
      title="Cookie Preferences"
      description="Choose which cookies we may use. Functional cookies are needed for the site to work."
      footer={
        <>
          <Button type="button" variant="outline" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="button" onClick={() => onSave(personalization)}>
            Save Preferences
          </Button>
        </>
      }
    >
      <div className="grid gap-4">
        <div className="flex items-start justify-between gap-4 rounded-lg border border-border p-4">
          <div>
            <label htmlFor="cookie-functional" className="font-medium">
              Functional
            </label>
            <p id="cookie-functional-description" className="mt-1 text-sm text-muted-foreground">
              Always on: remembers your cookie choice and keeps forms and sign-in secure.
            </p>
          </div>
          <Switch
            id="cookie-functional"
            checked
            disabled
            aria-describedby="cookie-functional-description"
          />
        </div>
        <div className="flex items-start justify-between gap-4 rounded-lg border border-border p-4">
          <div>
            <label htmlFor="cookie-personalization" className="font-medium">
              Personalization
            </label>
            <p
              id="cookie-personalization-description"
              className="mt-1 text-sm text-muted-foreground"
            >
              Remembers what you looked at to suggest tours you may like.
            </p>
          </div>
          <Switch
            id="cookie-personalization"
            checked={personalization}
            onCheckedChange={setPersonalization}
            aria-describedby="cookie-personalization-description"
          />
        </div>
      </div>
    </DialogShell>
  );
}

"use client";

import { KeyRound, Plus } from "lucide-react";
import { useState } from "react";

import {
  createResellerAction,
  issueResellerKeyAction,
  revokeResellerKeyAction,
} from "@/actions/resellers";
import { SwitchField } from "@/components/forms/choice-fields";
import { TextField } from "@/components/forms/form-field";
import { DialogShell } from "@/components/shared/dialog-shell";
import { Button } from "@/components/ui/button";
import { createResellerSchema } from "@/lib/resellers/schemas";

import { ConfirmRunButton, RunButton } from "./run-buttons";
import { ShownOnce, ShownOnceFormDialog } from "./shown-once";

type Values = { name: string; commissionPercent: string; testMode: boolean };
const EMPTY: Values = { name: "", commissionPercent: "20", testMode: false };

const KEY_TEXT = "Copy this key now: it is shown once and cannot be read again.";

/** New Reseller: name, commission and test mode; its first key is shown once on success. */
export function NewResellerDialog() {
  return (
    <ShownOnceFormDialog<Values>
      trigger={
        <Button type="button">
          <Plus aria-hidden="true" />
          New Reseller
        </Button>
      }
      title="New Reseller"
      description="A reseller sells our departures over the OCTO API with its own key. Its net price is the retail price less its commission."
      empty={EMPTY}
      schema={createResellerSchema}
      action={createResellerAction}
      failure="Failed to create the reseller."
      invalidTitle="Reseller Not Created"
      idPrefix="reseller-new"
      submitLabel="Create Reseller"
      pendingLabel="Creating..."
      secretField="key"
      secretLabel="API key"
      secretText={KEY_TEXT}
    >
      <TextField name="name" label="Name" required maxLength={100} />
      <TextField
        name="commissionPercent"
        label="Commission (%)"
        required
        inputMode="numeric"
        hint="The reseller's share of the retail price."
      />
      <SwitchField
        name="testMode"
        label="Test mode"
        description="Sees the real products and seats, but its holds and bookings take none."
        className="rounded-xl border border-border/70 p-4 [&_label]:text-sm"
      />
    </ShownOnceFormDialog>
  );
}

/** New Key: another key for the reseller, shown once. */
export function NewKeyButton({ name }: { name: string }) {
  const [apiKey, setApiKey] = useState<string | null>(null);
  return (
    <>
      <RunButton
        action={issueResellerKeyAction}
        input={{ name }}
        failure="Failed to issue a key."
        then={(state) => {
          if (state.status === "success") setApiKey(state.data?.key ?? null);
        }}
        variant="outline"
        className="bg-card"
      >
        <KeyRound aria-hidden="true" />
        New Key
        <span className="sr-only"> for {name}</span>
      </RunButton>
      <DialogShell
        open={apiKey !== null}
        onOpenChange={(next) => !next && setApiKey(null)}
        title={`New Key of ${name}`}
        description="Give it to the reseller; its other keys keep working until revoked."
      >
        {apiKey ? (
          <ShownOnce label="API key" value={apiKey} onDone={() => setApiKey(null)}>
            {KEY_TEXT}
          </ShownOnce>
        ) : null}
      </DialogShell>
    </>
  );
}

/** Revoke: a key refused from now on, behind a confirmation. */
export function RevokeKeyButton({ name, prefix }: { name: string; prefix: string }) {
  return (
    <ConfirmRunButton
      action={revokeResellerKeyAction}
      input={{ name, prefix }}
      failure="Failed to revoke the key."
      title={`Revoke ${prefix}…?`}
      description={`${name}'s calls with this key are refused from now on. This cannot be undone.`}
      confirmLabel="Revoke Key"
      pendingLabel="Revoking..."
    >
      Revoke
      <span className="sr-only">
        {" "}
        {prefix}… of {name}
      </span>
    </ConfirmRunButton>
  );
}

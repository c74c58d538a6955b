"use client";

import { KeyRound, Plus } from "lucide-react";
import { useState } from "react";

import {
  createResellerAction,
  issueResellerKeyAction,
  revokeResellerKeyAction,
} from "@/actions/resellers";
import { SwitchField } from "@/components/forms/choice-fields";
import { Form, SubmitButton, TextField } from "@/components/forms/form-field";
import { useActionCall, useActionForm } from "@/components/forms/use-action-form";
import { ConfirmDialog } from "@/components/shared/confirm-dialog";
import { DialogShell, FormDialogFooter } from "@/components/shared/dialog-shell";
import { Button } from "@/components/ui/button";
import { createResellerSchema } from "@/lib/resellers/schemas";

type Values = { name: string; commissionPercent: string; testMode: boolean };
const EMPTY: Values = { name: "", commissionPercent: "20", testMode: false };

/** A new key, shown once: the reseller's client needs it, and it cannot be read again. */
function KeyOnce({ apiKey, onDone }: { apiKey: string; onDone: () => void }) {
  return (
    <div className="grid gap-4">
      <p className="text-sm">Copy this key now: it is shown once and cannot be read again.</p>
      <input
        readOnly
        aria-label="API key"
        value={apiKey}
        onFocus={(event) => event.currentTarget.select()}
        className="w-full rounded-md border border-border bg-muted px-3 py-2 font-mono text-xs"
      />
      <div className="flex justify-end">
        <Button type="button" onClick={onDone}>
          Done
        </Button>
      </div>
    </div>
  );
}

/** New Reseller: name, commission and test mode; its first key is shown once on success. */
export function NewResellerDialog() {
  const [open, setOpen] = useState(false);
  const [apiKey, setApiKey] = useState<string | null>(null);
  const { form, submit } = useActionForm<Values>({
    schema: createResellerSchema as never,
    action: createResellerAction,
    defaultValues: EMPTY,
    failure: { title: "Error", message: "Failed to create the reseller." },
    invalidTitle: "Reseller Not Created",
    resetOnSuccess: true,
    onSuccess: (state) => setApiKey(state.data?.key ?? null),
  });
  const onOpenChange = (next: boolean) => {
    if (next) {
      form.reset(EMPTY);
      setApiKey(null);
    }
    setOpen(next);
  };
  return (
    <DialogShell
      open={open}
      onOpenChange={onOpenChange}
      trigger={
        <Button type="button">
          <Plus aria-hidden="true" />
          New Reseller
        </Button>
      }
      title="New Reseller"
      description="A reseller sells our departures over the OCTO API with its own key. Its net price is the retail price less its commission."
    >
      {apiKey ? (
        <KeyOnce apiKey={apiKey} onDone={() => setOpen(false)} />
      ) : (
        <Form form={form} onSubmit={submit} idPrefix="reseller-new" className="grid gap-4">
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
          <FormDialogFooter onCancel={() => setOpen(false)}>
            <SubmitButton pendingLabel="Creating...">Create Reseller</SubmitButton>
          </FormDialogFooter>
        </Form>
      )}
    </DialogShell>
  );
}

/** New Key: another key for the reseller, shown once. */
export function NewKeyButton({ name }: { name: string }) {
  const [apiKey, setApiKey] = useState<string | null>(null);
  const { run, pending } = useActionCall(issueResellerKeyAction, {
    failure: { title: "Error", message: "Failed to issue a key." },
  });
  return (
    <>
      <Button
        type="button"
        variant="outline"
        size="sm"
        className="bg-card"
        disabled={pending}
        onClick={() =>
          run({ name }, (state) => {
            if (state.status === "success") setApiKey(state.data?.key ?? null);
          })
        }
      >
        <KeyRound aria-hidden="true" />
        New Key
        <span className="sr-only"> for {name}</span>
      </Button>
      <DialogShell
        open={apiKey !== null}
        onOpenChange={(next) => !next && setApiKey(null)}
        title={`New Key of ${name}`}
        description="Give it to the reseller; its other keys keep working until revoked."
      >
        {apiKey ? <KeyOnce apiKey={apiKey} onDone={() => setApiKey(null)} /> : null}
      </DialogShell>
    </>
  );
}

/** Revoke: a key refused from now on, behind a confirmation. */
export function RevokeKeyButton({ name, prefix }: { name: string; prefix: string }) {
  const [open, setOpen] = useState(false);
  const { run, pending } = useActionCall(revokeResellerKeyAction, {
    failure: { title: "Error", message: "Failed to revoke the key." },
  });
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Button type="button" variant="ghost" size="sm" className="text-destructive">
          Revoke
          <span className="sr-only">
            {" "}
            {prefix}… of {name}
          </span>
        </Button>
      }
      title={`Revoke ${prefix}…?`}
      description={`${name}'s calls with this key are refused from now on. This cannot be undone.`}
      confirmLabel="Revoke Key"
      pendingLabel="Revoking..."
      pending={pending}
      onConfirm={() =>
        run({ name, prefix }, (state) => {
          if (state.status === "success") setOpen(false);
        })
      }
    />
  );
}

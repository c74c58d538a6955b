"use client";

import { Pencil, Plus, RotateCw, Trash2 } from "lucide-react";
import { useState } from "react";

import {
  addWebhookAction,
  clearTourNetPriceAction,
  removeWebhookAction,
  resendDeliveryAction,
  setTourNetPriceAction,
} from "@/actions/resellers";
import { SelectField } from "@/components/forms/choice-fields";
import { Form, SubmitButton, TextField } from "@/components/forms/form-field";
import { useActionCall, useActionForm, useDialogForm } from "@/components/forms/use-action-form";
import { ConfirmDialog } from "@/components/shared/confirm-dialog";
import { DialogShell, FormDialogFooter } from "@/components/shared/dialog-shell";
import { Button } from "@/components/ui/button";
import { minorToDollars } from "@/lib/payments/quote";
import { addWebhookSchema, tourNetPriceSchema } from "@/lib/resellers/schemas";

/** The reseller screen's dialogs and buttons: a tour's net price, webhooks, a delivery resent. */

type NetValues = { resellerId: string; tourId: string; net: string };

/** Set Net Price: the reseller's net for a seat of one tour, in place of its commission there. */
export function NetPriceDialog({
  resellerId,
  tour,
}: {
  resellerId: string;
  tour: { tourId: string; title: string; ownNetMinor: number | null; netHint: string };
}) {
  const values = (): NetValues => ({
    resellerId,
    tourId: tour.tourId,
    net: tour.ownNetMinor === null ? "" : minorToDollars(tour.ownNetMinor),
  });
  const { form, submit, dialog, close } = useDialogForm<NetValues>(values, {
    schema: tourNetPriceSchema as never,
    action: setTourNetPriceAction,
    failure: { title: "Error", message: "Failed to save the net price." },
    invalidTitle: "Net Price Not Saved",
  });
  return (
    <DialogShell
      {...dialog}
      trigger={
        <Button type="button" variant="outline" size="sm" className="bg-card">
          <Pencil aria-hidden="true" />
          Set Net Price
          <span className="sr-only"> for {tour.title}</span>
        </Button>
      }
      title={`Net Price for ${tour.title}`}
      description="What the reseller owes for a seat of this tour on any departure, in place of its commission. Seats already sold keep their price."
    >
      <Form
        form={form}
        onSubmit={submit}
        idPrefix={`net-${tour.tourId.slice(0, 8)}`}
        className="grid gap-4"
      >
        <TextField
          name="net"
          label="Net price a seat (US$)"
          required
          inputMode="decimal"
          placeholder="950"
          hint={tour.netHint}
        />
        <FormDialogFooter onCancel={close}>
          <SubmitButton pendingLabel="Saving...">Save Net Price</SubmitButton>
        </FormDialogFooter>
      </Form>
    </DialogShell>
  );
}

/** Clear: the tour priced by the reseller's commission again. */
export function ClearNetPriceButton({
  resellerId,
  tourId,
  title,
}: {
  resellerId: string;
  tourId: string;
  title: string;
}) {
  const { run, pending } = useActionCall(clearTourNetPriceAction, {
    failure: { title: "Error", message: "Failed to clear the net price." },
  });
  return (
    <Button
      type="button"
      variant="ghost"
      size="sm"
      disabled={pending}
      onClick={() => run({ resellerId, tourId })}
    >
      Clear
      <span className="sr-only"> the net price for {title}</span>
    </Button>
  );
}

type WebhookValues = { resellerId: string; event: string; url: string };

const EVENT_OPTIONS = [
  { value: "booking_update", label: "booking_update: a booking confirmed, changed or cancelled" },
  { value: "availability_update", label: "availability_update: a departure's seats changed" },
];

/** A webhook's secret, shown once: the reseller checks every delivery's signature with it. */
function SecretOnce({ secret, onDone }: { secret: string; onDone: () => void }) {
  return (
    <div className="grid gap-4">
      <p className="text-sm">
        Copy this signing secret now and give it to the reseller: it is shown once. Every delivery
        carries X-Webhook-Signature, an HMAC-SHA256 made with it.
      </p>
      <input
        readOnly
        aria-label="Signing secret"
        value={secret}
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

/** Add Webhook: an event and the reseller's URL; its signing secret is shown once on success. */
export function AddWebhookDialog({ resellerId }: { resellerId: string }) {
  const [open, setOpen] = useState(false);
  const [secret, setSecret] = useState<string | null>(null);
  const empty: WebhookValues = { resellerId, event: "booking_update", url: "" };
  const { form, submit } = useActionForm<WebhookValues>({
    schema: addWebhookSchema as never,
    action: addWebhookAction,
    defaultValues: empty,
    failure: { title: "Error", message: "Failed to add the webhook." },
    invalidTitle: "Webhook Not Added",
    resetOnSuccess: true,
    onSuccess: (state) => setSecret(state.data?.secret ?? null),
  });
  const onOpenChange = (next: boolean) => {
    if (next) {
      form.reset(empty);
      setSecret(null);
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
          Add Webhook
        </Button>
      }
      title="Add Webhook"
      description="We call this URL with a signed JSON POST when the event happens, and retry for about two hours when it does not answer."
    >
      {secret ? (
        <SecretOnce secret={secret} onDone={() => setOpen(false)} />
      ) : (
        <Form form={form} onSubmit={submit} idPrefix="webhook-new" className="grid gap-4">
          <SelectField name="event" label="Event" required options={EVENT_OPTIONS} />
          <TextField
            name="url"
            label="URL"
            required
            maxLength={2000}
            inputMode="url"
            placeholder="https://example.com/octo/webhooks"
          />
          <FormDialogFooter onCancel={() => setOpen(false)}>
            <SubmitButton pendingLabel="Adding...">Add Webhook</SubmitButton>
          </FormDialogFooter>
        </Form>
      )}
    </DialogShell>
  );
}

/** Remove: the webhook is called no more, behind a confirmation. */
export function RemoveWebhookButton({
  resellerId,
  webhookId,
  url,
}: {
  resellerId: string;
  webhookId: string;
  url: string;
}) {
  const [open, setOpen] = useState(false);
  const { run, pending } = useActionCall(removeWebhookAction, {
    failure: { title: "Error", message: "Failed to remove the webhook." },
  });
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Button type="button" variant="ghost" size="sm" className="text-destructive">
          <Trash2 aria-hidden="true" />
          Remove
          <span className="sr-only"> the webhook {url}</span>
        </Button>
      }
      title="Remove this webhook?"
      description={`${url} is called no more; its deliveries not yet made are dropped.`}
      confirmLabel="Remove Webhook"
      pendingLabel="Removing..."
      pending={pending}
      onConfirm={() =>
        run({ resellerId, webhookId }, (state) => {
          if (state.status === "success") setOpen(false);
        })
      }
    />
  );
}

/** Resend: the delivery's body sent again by the next run of the jobs. */
export function ResendButton({
  resellerId,
  deliveryId,
  subject,
}: {
  resellerId: string;
  deliveryId: string;
  subject: string;
}) {
  const { run, pending } = useActionCall(resendDeliveryAction, {
    failure: { title: "Error", message: "Failed to resend the delivery." },
  });
  return (
    <Button
      type="button"
      variant="outline"
      size="sm"
      className="bg-card"
      disabled={pending}
      onClick={() => run({ resellerId, deliveryId })}
    >
      <RotateCw aria-hidden="true" />
      Resend
      <span className="sr-only"> {subject}</span>
    </Button>
  );
}

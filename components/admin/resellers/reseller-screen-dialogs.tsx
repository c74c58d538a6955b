"use client";

import { Pencil, Plus, RotateCw, Trash2 } from "lucide-react";

import {
  addWebhookAction,
  clearTourNetPriceAction,
  removeWebhookAction,
  resendDeliveryAction,
  setTourNetPriceAction,
} from "@/actions/resellers";
import { SelectField } from "@/components/forms/choice-fields";
import { Form, SubmitButton, TextField } from "@/components/forms/form-field";
import { useDialogForm } from "@/components/forms/use-action-form";
import { DialogShell, FormDialogFooter } from "@/components/shared/dialog-shell";
import { Button } from "@/components/ui/button";
import { minorToDollars } from "@/lib/payments/quote";
import { addWebhookSchema, tourNetPriceSchema } from "@/lib/resellers/schemas";

import { ConfirmRunButton, RunButton } from "./run-buttons";
import { ShownOnceFormDialog } from "./shown-once";

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
  return (
    <RunButton
      action={clearTourNetPriceAction}
      input={{ resellerId, tourId }}
      failure="Failed to clear the net price."
      variant="ghost"
    >
      Clear
      <span className="sr-only"> the net price for {title}</span>
    </RunButton>
  );
}

type WebhookValues = { resellerId: string; event: string; url: string };

const EVENT_OPTIONS = [
  { value: "booking_update", label: "booking_update: a booking confirmed, changed or cancelled" },
  { value: "availability_update", label: "availability_update: a departure's seats changed" },
];

/** Add Webhook: an event and the reseller's URL; its signing secret is shown once on success. */
export function AddWebhookDialog({ resellerId }: { resellerId: string }) {
  return (
    <ShownOnceFormDialog<WebhookValues>
      trigger={
        <Button type="button">
          <Plus aria-hidden="true" />
          Add Webhook
        </Button>
      }
      title="Add Webhook"
      description="We call this URL with a signed JSON POST when the event happens, and retry for about two hours when it does not answer."
      empty={{ resellerId, event: "booking_update", url: "" }}
      schema={addWebhookSchema}
      action={addWebhookAction}
      failure="Failed to add the webhook."
      invalidTitle="Webhook Not Added"
      idPrefix="webhook-new"
      submitLabel="Add Webhook"
      pendingLabel="Adding..."
      secretField="secret"
      secretLabel="Signing secret"
      secretText="Copy this signing secret now and give it to the reseller: it is shown once. Every delivery carries X-Webhook-Signature, an HMAC-SHA256 made with it."
    >
      <SelectField name="event" label="Event" required options={EVENT_OPTIONS} />
      <TextField
        name="url"
        label="URL"
        required
        maxLength={2000}
        inputMode="url"
        placeholder="https://example.com/octo/webhooks"
      />
    </ShownOnceFormDialog>
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
  return (
    <ConfirmRunButton
      action={removeWebhookAction}
      input={{ resellerId, webhookId }}
      failure="Failed to remove the webhook."
      title="Remove this webhook?"
      description={`${url} is called no more; its deliveries not yet made are dropped.`}
      confirmLabel="Remove Webhook"
      pendingLabel="Removing..."
    >
      <Trash2 aria-hidden="true" />
      Remove
      <span className="sr-only"> the webhook {url}</span>
    </ConfirmRunButton>
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
  return (
    <RunButton
      action={resendDeliveryAction}
      input={{ resellerId, deliveryId }}
      failure="Failed to resend the delivery."
      variant="outline"
      className="bg-card"
    >
      <RotateCw aria-hidden="true" />
      Resend
      <span className="sr-only"> {subject}</span>
    </RunButton>
  );
}

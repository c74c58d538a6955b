"use client";

import { joinWaitlistAction } from "@/actions/departures";
import {
  EmailField,
  Form,
  NameField,
  SubmitButton,
  TextField,
} from "@/components/forms/form-field";
import { useDialogForm } from "@/components/forms/use-action-form";
import { DialogShell, FormDialogFooter } from "@/components/shared/dialog-shell";
import { Button } from "@/components/ui/button";
import {
  JOIN_WAITLIST_FAILURE,
  type JoinWaitlistFormValues,
  joinWaitlistSchema,
  WAITLIST_GROUP_SIZE_MAX,
} from "@/lib/departures/schemas/waitlist";

/**
 * 'Join the waitlist' of a full departure: a button that opens a dialog asking for a name, an
 * email and a group size. The request waits its turn once its email is confirmed (the success
 * toast says to check the mail); when seats come back, the first confirmed request that fits is
 * emailed a link that holds them for a few hours. Load it through LazyJoinWaitlistButton on
 * public pages.
 */
export function JoinWaitlistButton({
  departureId,
  tourTitle,
  dateText,
}: {
  departureId: string;
  tourTitle: string;
  /** The departure's dates as the page shows them ('Jun 12 - Jun 18, 2027'). */
  dateText: string;
}) {
  const empty = (): JoinWaitlistFormValues => ({
    departureId,
    fullName: "",
    email: "",
    groupSize: "1",
  });
  const { form, submit, honeypot, dialog, close } = useDialogForm<JoinWaitlistFormValues>(empty, {
    schema: joinWaitlistSchema,
    action: joinWaitlistAction,
    failure: JOIN_WAITLIST_FAILURE,
    honeypot: "waitlist-website",
    keepTyped: true,
  });

  return (
    <DialogShell
      {...dialog}
      trigger={
        <Button
          type="button"
          variant="outline"
          className="rounded-full border-primary/40 font-semibold text-primary"
        >
          Join the waitlist
          <span className="sr-only">
            {" "}
            for {tourTitle}, {dateText}
          </span>
        </Button>
      }
      className="sm:max-w-md"
      title="Join the waitlist"
      description={`${tourTitle}, ${dateText} is full. Join its waitlist and confirm your email with the link we send you: when seats free up, we'll email you a link that holds them for you for a few hours.`}
    >
      <Form
        form={form}
        onSubmit={submit}
        controlClassName="h-11"
        idPrefix="waitlist"
        className="relative grid gap-4"
      >
        <NameField name="fullName" label="Full Name" required placeholder="Your full name" />
        <EmailField name="email" label="Email Address" required />
        <TextField
          name="groupSize"
          label="Group Size"
          required
          type="number"
          inputMode="numeric"
          min={1}
          max={WAITLIST_GROUP_SIZE_MAX}
          step={1}
          hint={`Travellers in your group, 1 to ${WAITLIST_GROUP_SIZE_MAX}.`}
        />
        {honeypot}
        <FormDialogFooter onCancel={close}>
          <SubmitButton pendingLabel="Submitting...">Join the waitlist</SubmitButton>
        </FormDialogFooter>
      </Form>
    </DialogShell>
  );
}

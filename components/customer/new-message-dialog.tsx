"use client";

import { SquarePen } from "lucide-react";

import { sendMessageAction } from "@/actions/messages";
import { Form, TextareaField, TextField } from "@/components/forms/form-field";
import { SendButton } from "@/components/forms/send-button";
import { useDialogForm } from "@/components/forms/use-action-form";
import { DialogShell, FormDialogFooter } from "@/components/shared/dialog-shell";
import { Button } from "@/components/ui/button";
import { LIMITS } from "@/lib/fields";
import {
  MISSING_MESSAGE,
  type NewMessageFormValues,
  newMessageSchema,
} from "@/lib/messages/schemas/threads";

const EMPTY: NewMessageFormValues = { subject: "", message: "" };

/** New Message: Send Message to Support. Blank subject or message: 'Missing Information'. */
export function NewMessageDialog({ label = "New Message" }: { label?: string }) {
  const { form, submit, dialog, close } = useDialogForm<NewMessageFormValues>(() => EMPTY, {
    schema: newMessageSchema,
    action: sendMessageAction,
    failure: { title: "Send Failed", message: "Failed to send your message. Please try again." },
    invalidToast: MISSING_MESSAGE,
    keepTyped: true,
  });

  return (
    <DialogShell
      {...dialog}
      trigger={
        <Button>
          <SquarePen aria-hidden="true" />
          {label}
        </Button>
      }
      className="sm:max-w-lg"
      title="Send Message to Support"
      description="Our team in Kampala replies within 24 hours."
    >
      <Form
        form={form}
        onSubmit={submit}
        controlClassName="h-11"
        idPrefix="message"
        className="grid gap-4"
      >
        <TextField
          name="subject"
          label="Subject"
          maxLength={LIMITS.subject}
          placeholder="What is your message about?"
        />
        <TextareaField
          name="message"
          id="message-body"
          label="Message"
          maxLength={LIMITS.message}
          rows={6}
          placeholder="How can we help?"
        />
        <FormDialogFooter onCancel={close}>
          <SendButton>Send Message</SendButton>
        </FormDialogFooter>
      </Form>
    </DialogShell>
  );
}

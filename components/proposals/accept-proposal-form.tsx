"use client";

import Link from "next/link";

import { acceptProposalAction } from "@/actions/proposals";
import { CheckboxField } from "@/components/forms/choice-fields";
import { Form, NameField, SubmitButton } from "@/components/forms/form-field";
import { useActionForm } from "@/components/forms/use-action-form";
import { ShieldCheck } from "@/components/icons";
import { acceptProposalSchema } from "@/lib/proposals/accept-schema";

type Values = { token: string; fullName: string; terms: string | undefined };

/**
 * Accept and pay the deposit: the name of who accepts and the booking terms ticked, checked in
 * the browser with the action's schema and again on the server; accepted, the action sends the
 * browser to the deposit on the pay page.
 */
export function AcceptProposalForm({
  token,
  leadName,
  depositLabel,
}: {
  token: string;
  leadName: string;
  /** 'Accept and pay the deposit of $1,500.00'. */
  depositLabel: string;
}) {
  const { form, submit } = useActionForm<Values>({
    schema: acceptProposalSchema,
    action: acceptProposalAction,
    defaultValues: { token, fullName: leadName, terms: undefined },
    failure: {
      title: "Acceptance Failed",
      message: "We could not record your acceptance. Nothing was booked: please try again.",
    },
  });
  return (
    <Form form={form} onSubmit={submit} idPrefix="accept" className="grid gap-4">
      <input type="hidden" {...form.register("token")} />
      <NameField
        name="fullName"
        label="Your full name"
        required
        hint="As the person accepting this proposal for the party."
      />
      <CheckboxField
        name="terms"
        required
        label={
          <>
            I accept the{" "}
            <Link
              href="/terms"
              target="_blank"
              className="font-medium text-primary underline underline-offset-4"
            >
              booking terms and the cancellation policy
            </Link>
            .
          </>
        }
      />
      <SubmitButton
        pendingLabel="Confirming..."
        size="lg"
        className="h-12 w-full rounded-full text-base font-semibold"
      >
        <ShieldCheck aria-hidden="true" />
        {depositLabel}
      </SubmitButton>
      <p className="text-center text-xs text-muted-foreground">
        Pay by MTN Mobile Money, Airtel Money or card on the next page.
      </p>
    </Form>
  );
}

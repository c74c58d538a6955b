"use client";

import { createProposalAction } from "@/actions/proposals";
import {
  DateField,
  EmailField,
  Form,
  PhoneField,
  SubmitButton,
  TextField,
} from "@/components/forms/form-field";
import { useActionForm } from "@/components/forms/use-action-form";
import type { ProposalPrefill } from "@/lib/proposals/data/staff";
import { createProposalSchema } from "@/lib/proposals/schemas";

import { PartyFields } from "./party-fields";

type Values = Record<string, string>;

/** A new proposal: its lead traveller, title, start and party (prefilled from a request). */
export function NewProposalForm({ prefill }: { prefill: ProposalPrefill | null }) {
  const { form, submit } = useActionForm<Values>({
    schema: createProposalSchema as never,
    action: createProposalAction,
    defaultValues: {
      leadName: prefill?.leadName ?? "",
      email: prefill?.email ?? "",
      phone: prefill?.phone ?? "",
      title: prefill?.title ?? "",
      startDate: prefill?.startDate ?? "",
      adults: String(prefill?.adults ?? 2),
      children: "0",
      singleRooms: "0",
      residency: "foreign_non_resident",
    },
    extra: () => ({ bookingId: prefill?.bookingId ?? "" }),
    failure: { title: "Error", message: "Failed to create the proposal." },
    invalidTitle: "Proposal Not Created",
  });
  return (
    <Form
      form={form}
      onSubmit={submit}
      idPrefix="proposal-new"
      className="grid gap-4 rounded-2xl border border-border/70 bg-card p-4 shadow-sm sm:grid-cols-2 sm:p-6"
    >
      <TextField name="leadName" label="Lead traveller" required autoComplete="off" />
      <EmailField name="email" label="Email" required autoComplete="off" />
      <PhoneField name="phone" label="Phone" autoComplete="off" />
      <TextField name="title" label="Title" required placeholder="Gorillas, chimps and the Nile" />
      <DateField name="startDate" label="Start date" required />
      <div className="hidden sm:block" />
      <PartyFields />
      <div className="flex justify-end sm:col-span-2">
        <SubmitButton pendingLabel="Creating...">Create proposal</SubmitButton>
      </div>
    </Form>
  );
}

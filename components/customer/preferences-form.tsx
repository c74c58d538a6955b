"use client";

import { CircleAlert, Lock, Mail, Save, ShieldCheck } from "lucide-react";
import Link from "next/link";
import { useState } from "react";

import { savePreferencesAction } from "@/actions/accounts";
import { SwitchField } from "@/components/forms/choice-fields";
import { Form, SubmitButton } from "@/components/forms/form-field";
import { useActionForm } from "@/components/forms/use-action-form";
import { Badge } from "@/components/ui/badge";
import { LOCKED_PREFERENCES, type PreferenceKey, PREFERENCE_KEYS } from "@/lib/domain";
import { type PreferencesRequest, preferencesSchema } from "@/lib/accounts/schemas/profile";

import { Notice } from "@/components/shared/notice";
import { PageHeader } from "@/components/shared/page-header";
import { SettingsCard } from "@/components/shared/settings-card";

const TOGGLES: Record<PreferenceKey, { title: string; description: string; badge: string }> = {
  newsletter: {
    title: "Newsletter",
    description: "Travel stories, new tours and seasonal offers, about once a month.",
    badge: "Optional",
  },
  booking_updates: {
    title: "Booking Updates",
    description: "Confirmations, payment updates and any change to your bookings.",
    badge: "Required",
  },
  promotional_emails: {
    title: "Promotional Emails",
    description: "Special offers and early-bird discounts on selected tours.",
    badge: "Optional",
  },
  trip_reminders: {
    title: "Trip Reminders",
    description: "Packing lists and practical reminders in the weeks before you travel.",
    badge: "Recommended",
  },
  admin_messages: {
    title: "Messages from Our Team",
    description: "Replies from our support team and important notices about your account.",
    badge: "Required",
  },
};

/**
 * Email Preferences: five toggles (two locked on), the newsletter badge, Save Preferences. When
 * the stored choice could not be read (`initial` null) the page says so and Save stays disabled:
 * saving defaults would overwrite what the customer chose.
 */
export function PreferencesForm({
  email,
  initial,
  subscribed: initialSubscribed,
  lastUpdated,
}: {
  email: string;
  initial: PreferencesRequest | null;
  subscribed: boolean;
  lastUpdated: string | null;
}) {
  const [subscribed, setSubscribed] = useState(initialSubscribed);
  const { form, submit } = useActionForm<PreferencesRequest>({
    schema: preferencesSchema,
    action: savePreferencesAction,
    defaultValues: initial ?? {},
    failure: {
      title: "Save Failed",
      message: "Failed to save your preferences. Please try again.",
    },
    onSuccess: (state) => setSubscribed(state.data?.newsletterSubscribed === "true"),
  });
  const unreadable = initial === null;

  return (
    <Form form={form} onSubmit={submit} idPrefix="pref" className="grid grid-cols-1 gap-6">
      <PageHeader title="Email Preferences" description="Choose which emails you receive from us.">
        <SubmitButton pendingLabel="Saving..." disabled={unreadable}>
          <Save aria-hidden="true" />
          Save Preferences
        </SubmitButton>
      </PageHeader>

      {unreadable ? (
        <Notice role="alert" icon={CircleAlert}>
          We couldn&apos;t load your email preferences just now, so they can&apos;t be changed.
          Please reload the page in a moment.
        </Notice>
      ) : null}

      <section
        aria-label="Your email"
        className="flex flex-col gap-3 rounded-2xl border border-border/70 bg-card p-5 shadow-sm sm:flex-row sm:items-center sm:justify-between"
      >
        <p className="flex min-w-0 items-center gap-3">
          <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-secondary text-primary">
            <Mail className="size-5" aria-hidden="true" />
          </span>
          <span className="min-w-0">
            <span className="block text-sm text-muted-foreground">Emails are sent to</span>
            <span className="block truncate font-semibold text-foreground">{email}</span>
          </span>
        </p>
        <Badge
          variant="outline"
          role="status"
          className={
            subscribed
              ? "self-start border-transparent bg-emerald-100 text-emerald-900 sm:self-center"
              : "self-start border-transparent bg-muted text-foreground sm:self-center"
          }
        >
          {subscribed ? "Newsletter Subscribed" : "Newsletter Unsubscribed"}
        </Badge>
      </section>

      <SettingsCard id="communication-heading" title="Communication Preferences">
        {unreadable ? null : (
          <ul className="divide-y divide-border">
            {PREFERENCE_KEYS.map((key) => {
              const { title, description, badge } = TOGGLES[key];
              const locked = LOCKED_PREFERENCES.includes(key);
              return (
                <li key={key} className="py-4 first:pt-0 last:pb-0">
                  <SwitchField
                    name={key}
                    label={title}
                    locked={locked}
                    description={`${description}${locked ? " Always on while you have an account." : ""}`}
                    aside={
                      <Badge variant={locked ? "secondary" : "outline"} className="gap-1">
                        {locked ? <Lock aria-hidden="true" /> : null}
                        {badge}
                      </Badge>
                    }
                  />
                </li>
              );
            })}
          </ul>
        )}
      </SettingsCard>

      <SettingsCard
        id="privacy-heading"
        title="Privacy Information"
        icon={<ShieldCheck className="size-5 text-primary" aria-hidden="true" />}
      >
        <div className="grid gap-3 text-sm text-muted-foreground">
          <p>
            We protect your personal data and never sell or share your email address with third
            parties. Read our{" "}
            <Link href="/privacy" className="font-medium text-primary underline underline-offset-2">
              Privacy Policy
            </Link>{" "}
            for details.
          </p>
          <p>
            Booking updates and messages from our team are essential communications about your
            trips, so they stay on while you have an account.
          </p>
          <p>
            You can unsubscribe from the newsletter and promotional emails at any time, here or with
            the link at the bottom of every such email.
          </p>
          {lastUpdated ? <p className="text-xs">Last updated: {lastUpdated}</p> : null}
        </div>
      </SettingsCard>
    </Form>
  );
}

"use client";

import { Lock, Mail, Save, ShieldCheck } from "lucide-react";
import Link from "next/link";
import { useState, useTransition } from "react";
import { toast } from "sonner";

import { savePreferencesAction } from "@/actions/customer";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { Switch } from "@/components/ui/switch";
import type { EmailPreferences } from "@/lib/domain";
import { idleState } from "@/lib/action-state";
import {
  LOCKED_PREFERENCES,
  type PreferenceKey,
  PREFERENCE_KEYS,
} from "@/lib/validations/customer";

import { toastResult } from "./action-feedback";
import { PageHeader } from "./page-header";

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

/** Email Preferences: five toggles (two locked on), the newsletter badge, Save Preferences. */
export function PreferencesForm({
  email,
  initial,
  subscribed: initialSubscribed,
  lastUpdated,
}: {
  email: string;
  initial: EmailPreferences;
  subscribed: boolean;
  lastUpdated: string;
}) {
  const [prefs, setPrefs] = useState<EmailPreferences>(initial);
  const [subscribed, setSubscribed] = useState(initialSubscribed);
  const [pending, startTransition] = useTransition();

  const save = () =>
    startTransition(async () => {
      try {
        const state = await savePreferencesAction(idleState, { ...prefs });
        toastResult(state, "Save Failed");
        if (state.status === "success") setSubscribed(state.data?.newsletterSubscribed === "true");
      } catch {
        toast.error("Save Failed", {
          description: "Failed to save your preferences. Please try again.",
        });
      }
    });

  return (
    <div className="grid grid-cols-1 gap-6" aria-busy={pending}>
      <PageHeader title="Email Preferences" description="Choose which emails you receive from us.">
        <Button type="button" onClick={save} disabled={pending}>
          <Save aria-hidden="true" />
          {pending ? "Saving..." : "Save Preferences"}
        </Button>
      </PageHeader>

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

      <section
        aria-labelledby="communication-heading"
        className="rounded-2xl border border-border/70 bg-card p-5 shadow-sm sm:p-6"
      >
        <h2 id="communication-heading" className="font-display text-xl font-bold text-forest-deep">
          Communication Preferences
        </h2>
        <ul className="mt-4 divide-y divide-border">
          {PREFERENCE_KEYS.map((key) => {
            const { title, description, badge } = TOGGLES[key];
            const locked = LOCKED_PREFERENCES.includes(key);
            const id = `pref-${key}`;
            return (
              <li
                key={key}
                className="flex items-start justify-between gap-4 py-4 first:pt-0 last:pb-0"
              >
                <div className="min-w-0">
                  <div className="flex flex-wrap items-center gap-2">
                    <Label htmlFor={id} className="text-base font-semibold">
                      {title}
                    </Label>
                    <Badge variant={locked ? "secondary" : "outline"} className="gap-1">
                      {locked ? <Lock aria-hidden="true" /> : null}
                      {badge}
                    </Badge>
                  </div>
                  <p id={`${id}-description`} className="mt-1 text-sm text-muted-foreground">
                    {description}
                    {locked ? " Always on while you have an account." : ""}
                  </p>
                </div>
                <Switch
                  id={id}
                  checked={prefs[key]}
                  disabled={locked || pending}
                  aria-describedby={`${id}-description`}
                  onCheckedChange={(checked) => {
                    if (!locked) setPrefs((p) => ({ ...p, [key]: checked }));
                  }}
                  className="mt-1"
                />
              </li>
            );
          })}
        </ul>
      </section>

      <section
        aria-labelledby="privacy-heading"
        className="rounded-2xl border border-border/70 bg-card p-5 shadow-sm sm:p-6"
      >
        <h2
          id="privacy-heading"
          className="flex items-center gap-2 font-display text-xl font-bold text-forest-deep"
        >
          <ShieldCheck className="size-5 text-primary" aria-hidden="true" />
          Privacy Information
        </h2>
        <div className="mt-3 grid gap-3 text-sm text-muted-foreground">
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
          <p className="text-xs">Last updated: {lastUpdated}</p>
        </div>
      </section>
    </div>
  );
}

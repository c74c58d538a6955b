"use client";

import { Lightbulb, MailWarning, Pencil, Save, X } from "lucide-react";
import { formatDay } from "@/lib/dates";
import { useState } from "react";
import { useWatch } from "react-hook-form";

import { updateProfileAction } from "@/actions/accounts";
import {
  CountryField,
  EmailField,
  Form,
  NameField,
  PhoneField,
  SubmitButton,
} from "@/components/forms/form-field";
import { PasswordField } from "@/components/forms/password-field";
import { loadToast } from "@/components/forms/load-toast";
import { useActionForm } from "@/components/forms/use-action-form";
import { Button } from "@/components/ui/button";
import { accountIdLabel, displayName, initials, memberSince } from "@/lib/accounts/labels";
import type { Profile } from "@/lib/accounts/data/profile";
import {} from "@/lib/accounts/schemas/sign-in";
import { type ProfileFormValues, profileSchema } from "@/lib/accounts/schemas/profile";

import { Notice } from "@/components/shared/notice";
import { PageHeader } from "@/components/shared/page-header";
import { SettingsCard } from "@/components/shared/settings-card";

const TIPS = [
  "Keep your contact details current so we can reach you about your bookings.",
  "Your name should match your passport and travel documents.",
  "A phone number helps our team reach you quickly, on WhatsApp too.",
];

function storedValues(
  profile: Pick<Profile, "fullName" | "email" | "phone" | "country">,
): ProfileFormValues {
  return {
    fullName: profile.fullName ?? "",
    email: profile.email,
    phone: profile.phone ?? "",
    country: profile.country ?? "",
    currentPassword: "",
  };
}

const FAILED = {
  title: "Update Failed",
  message: "Failed to update your profile. Please try again.",
};

/**
 * Profile Settings: view mode, then edit mode with Save Changes and Cancel (which restores the
 * stored values). A new email takes effect once confirmed from the new address.
 */
export function ProfileSettings({ profile }: { profile: Profile }) {
  const [editing, setEditing] = useState(false);
  const [stored, setStored] = useState(() => storedValues(profile));
  const [pendingEmail, setPendingEmail] = useState(profile.pendingEmail);
  const { form, submit, pending } = useActionForm<ProfileFormValues>({
    schema: profileSchema,
    action: updateProfileAction,
    defaultValues: stored,
    failure: FAILED,
    // The reasons are on the fields; the toast only says the save failed.
    invalidToast: FAILED,
    onSuccess: async (state, f) => {
      const next = storedValues({
        fullName: state.data?.fullName ?? null,
        email: state.data?.email ?? stored.email,
        phone: state.data?.phone ?? null,
        country: state.data?.country ?? null,
      });
      setStored(next);
      f.reset(next);
      setEditing(false);
      const requested = state.data?.emailChangeRequested;
      if (requested) {
        setPendingEmail(requested);
        (await loadToast()).info("Confirm Your New Email", {
          description: `We sent a link to ${requested}. Your email changes once you open it.`,
        });
      }
    },
  });
  const email = useWatch({ control: form.control, name: "email" });
  const changingEmail =
    editing && (email ?? "").trim().toLowerCase() !== stored.email.toLowerCase();
  const name = displayName({ name: stored.fullName as string, email: stored.email });

  const cancel = () => {
    form.reset(stored);
    setEditing(false);
  };

  return (
    <Form
      form={form}
      onSubmit={submit}
      controlClassName="h-11"
      idPrefix="profile"
      className="grid grid-cols-1 gap-6"
    >
      <PageHeader
        title="Profile Settings"
        description="Your personal information and account details."
      >
        {editing ? (
          <>
            <Button
              type="button"
              variant="outline"
              onClick={cancel}
              disabled={pending}
              className="bg-card"
            >
              <X aria-hidden="true" />
              Cancel
            </Button>
            <SubmitButton pendingLabel="Saving...">
              <Save aria-hidden="true" />
              Save Changes
            </SubmitButton>
          </>
        ) : (
          <Button type="button" onClick={() => setEditing(true)}>
            <Pencil aria-hidden="true" />
            Edit Profile
          </Button>
        )}
      </PageHeader>

      <section
        aria-label="Profile summary"
        className="flex items-center gap-4 rounded-2xl border border-border/70 bg-card p-5 shadow-sm"
      >
        <span
          aria-hidden="true"
          className="flex size-16 shrink-0 items-center justify-center rounded-full bg-forest-deep font-display text-2xl font-bold text-white"
        >
          {initials(name)}
        </span>
        <div className="min-w-0">
          <p className="truncate font-display text-xl font-bold text-forest-deep">{name}</p>
          <p className="truncate text-sm text-muted-foreground">{stored.email}</p>
          <p className="mt-1 text-xs text-muted-foreground">
            Member since {memberSince(profile.createdAt)}
          </p>
        </div>
      </section>

      {pendingEmail ? (
        <Notice role="status" icon={MailWarning}>
          <span>
            Waiting for confirmation of <strong>{pendingEmail}</strong>: open the link we sent there
            to use it as your email. Until then you sign in with {stored.email}.
          </span>
        </Notice>
      ) : null}

      <SettingsCard id="personal-heading" title="Personal Information">
        <fieldset disabled={!editing || pending} className="grid grid-cols-1 gap-5 sm:grid-cols-2">
          <legend className="sr-only">Personal Information</legend>
          <NameField name="fullName" id="profile-name" label="Full Name" />
          <EmailField
            name="email"
            label="Email Address"
            placeholder={undefined}
            hint={
              editing
                ? "Changing your email requires verification: we'll send a link to the new address."
                : undefined
            }
          />
          <PhoneField name="phone" label="Phone Number" />
          <CountryField name="country" label="Country" />
          {changingEmail ? (
            <PasswordField
              kind="current"
              name="currentPassword"
              label="Current Password"
              hint="To change your email, confirm it's you."
              className="sm:col-span-2"
            />
          ) : null}
        </fieldset>
        {editing ? (
          <div className="mt-5 rounded-xl bg-secondary/70 p-4 text-sm text-secondary-foreground">
            <p className="mb-2 flex items-center gap-2 font-semibold">
              <Lightbulb className="size-4" aria-hidden="true" />
              Tips
            </p>
            <ul className="list-disc space-y-1 pl-5">
              {TIPS.map((tip) => (
                <li key={tip}>{tip}</li>
              ))}
            </ul>
          </div>
        ) : null}
      </SettingsCard>

      <SettingsCard id="account-heading" title="Account Information">
        <dl className="grid gap-4 text-sm sm:grid-cols-2">
          <div>
            <dt className="text-muted-foreground">Account ID</dt>
            <dd className="mt-0.5 font-mono font-medium" title={profile.id}>
              {accountIdLabel(profile.id)}
            </dd>
          </div>
          <div>
            <dt className="text-muted-foreground">Email Verified</dt>
            <dd
              className={
                profile.emailVerified
                  ? "mt-0.5 font-medium text-primary"
                  : "mt-0.5 font-medium text-terracotta"
              }
            >
              {profile.emailVerified ? "Verified" : "Pending"}
            </dd>
          </div>
          <div>
            <dt className="text-muted-foreground">Last Sign In</dt>
            <dd className="mt-0.5 font-medium">
              {profile.lastSignInAt ? formatDay(profile.lastSignInAt) : "Never"}
            </dd>
          </div>
          <div>
            <dt className="text-muted-foreground">Account Status</dt>
            <dd className="mt-0.5 font-medium text-primary">Active</dd>
          </div>
        </dl>
      </SettingsCard>
    </Form>
  );
}

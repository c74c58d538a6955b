"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { Lightbulb, MailWarning, Pencil, Save, X } from "lucide-react";
import { useState, useTransition } from "react";
import { useForm, useWatch } from "react-hook-form";
import { toast } from "sonner";

import { updateProfileAction } from "@/actions/customer";
import { PasswordInput } from "@/components/auth/password-input";
import { FormField } from "@/components/forms/form-field";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { type ActionState, idleState } from "@/lib/action-state";
import { accountIdLabel, displayName, formatDay, initials, memberSince } from "@/lib/customer";
import type { Profile } from "@/lib/dal/account";
import { PASSWORD_MAX } from "@/lib/validations/auth";
import { type ProfileFormValues, profileSchema } from "@/lib/validations/customer";
import { LIMITS } from "@/lib/validations/fields";

import { PageHeader } from "./page-header";

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

/**
 * Profile Settings: view mode, then edit mode with Save Changes and Cancel (which restores the
 * stored values). A new email takes effect once confirmed from the new address.
 */
export function ProfileSettings({ profile }: { profile: Profile }) {
  const [editing, setEditing] = useState(false);
  const [stored, setStored] = useState(() => storedValues(profile));
  const [pendingEmail, setPendingEmail] = useState(profile.pendingEmail);
  const [pending, startTransition] = useTransition();
  const form = useForm<ProfileFormValues>({
    resolver: zodResolver(profileSchema),
    defaultValues: stored,
  });
  const { errors } = form.formState;
  const email = useWatch({ control: form.control, name: "email" });
  const changingEmail =
    editing && (email ?? "").trim().toLowerCase() !== stored.email.toLowerCase();
  const name = displayName({ name: stored.fullName as string, email: stored.email });

  const cancel = () => {
    form.reset(stored);
    setEditing(false);
  };

  const save = form.handleSubmit((values) => {
    startTransition(async () => {
      let state: ActionState;
      try {
        state = await updateProfileAction(idleState, values);
      } catch {
        toast.error("Update Failed", {
          description: "Failed to update your profile. Please try again.",
        });
        return;
      }
      if (state.status === "success") {
        const next = storedValues({
          fullName: state.data?.fullName ?? null,
          email: state.data?.email ?? stored.email,
          phone: state.data?.phone ?? null,
          country: state.data?.country ?? null,
        });
        setStored(next);
        form.reset(next);
        setEditing(false);
        toast.success(state.title, { description: state.message });
        const requested = state.data?.emailChangeRequested;
        if (requested) {
          setPendingEmail(requested);
          toast.info("Confirm Your New Email", {
            description: `We sent a link to ${requested}. Your email changes once you open it.`,
          });
        }
        return;
      }
      if (state.status === "invalid") {
        for (const [field, messages] of Object.entries(state.fieldErrors)) {
          if (field in stored)
            form.setError(field as keyof ProfileFormValues, { message: messages[0] });
        }
        // The reasons are on the fields; the toast is the spec's (section 8).
        toast.error("Update Failed", {
          description: "Failed to update your profile. Please try again.",
        });
        return;
      }
      if (state.status === "error") toast.error(state.title, { description: state.message });
    });
  });

  return (
    <form noValidate onSubmit={save} className="grid grid-cols-1 gap-6" aria-busy={pending}>
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
            <Button type="submit" disabled={pending}>
              <Save aria-hidden="true" />
              {pending ? "Saving..." : "Save Changes"}
            </Button>
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
        <p
          role="status"
          className="flex items-start gap-2 rounded-xl border border-savanna/60 bg-savanna-soft/60 p-4 text-sm text-forest-deep"
        >
          <MailWarning className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <span>
            Waiting for confirmation of <strong>{pendingEmail}</strong>: open the link we sent there
            to use it as your email. Until then you sign in with {stored.email}.
          </span>
        </p>
      ) : null}

      <section
        aria-labelledby="personal-heading"
        className="rounded-2xl border border-border/70 bg-card p-5 shadow-sm sm:p-6"
      >
        <h2 id="personal-heading" className="mb-4 font-display text-xl font-bold text-forest-deep">
          Personal Information
        </h2>
        <fieldset disabled={!editing || pending} className="grid grid-cols-1 gap-5 sm:grid-cols-2">
          <legend className="sr-only">Personal Information</legend>
          <FormField id="profile-name" label="Full Name" error={errors.fullName?.message}>
            {(control) => (
              <Input
                {...control}
                {...form.register("fullName")}
                autoComplete="name"
                maxLength={LIMITS.name}
                className="h-11"
              />
            )}
          </FormField>
          <FormField
            id="profile-email"
            label="Email Address"
            error={errors.email?.message}
            hint={
              editing
                ? "Changing your email requires verification: we'll send a link to the new address."
                : undefined
            }
          >
            {(control) => (
              <Input
                {...control}
                {...form.register("email")}
                type="email"
                autoComplete="email"
                maxLength={LIMITS.email}
                className="h-11"
              />
            )}
          </FormField>
          <FormField id="profile-phone" label="Phone Number" error={errors.phone?.message}>
            {(control) => (
              <Input
                {...control}
                {...form.register("phone")}
                type="tel"
                autoComplete="tel"
                maxLength={LIMITS.phone}
                className="h-11"
              />
            )}
          </FormField>
          <FormField id="profile-country" label="Country" error={errors.country?.message}>
            {(control) => (
              <Input
                {...control}
                {...form.register("country")}
                autoComplete="country-name"
                maxLength={LIMITS.country}
                className="h-11"
              />
            )}
          </FormField>
          {changingEmail ? (
            <FormField
              id="profile-current-password"
              label="Current Password"
              required
              hint="To change your email, confirm it's you."
              error={errors.currentPassword?.message}
              className="sm:col-span-2"
            >
              {(control) => (
                <PasswordInput
                  {...control}
                  {...form.register("currentPassword")}
                  autoComplete="current-password"
                  maxLength={PASSWORD_MAX}
                  className="h-11"
                />
              )}
            </FormField>
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
      </section>

      <section
        aria-labelledby="account-heading"
        className="rounded-2xl border border-border/70 bg-card p-5 shadow-sm sm:p-6"
      >
        <h2 id="account-heading" className="mb-4 font-display text-xl font-bold text-forest-deep">
          Account Information
        </h2>
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
      </section>
    </form>
  );
}

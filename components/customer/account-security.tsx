"use client";

import { KeyRound, LogOut, ShieldCheck } from "lucide-react";
import { useRouter } from "next/navigation";

import { changePasswordAction, signOutAllDevicesAction } from "@/actions/accounts";
import { Form, SubmitButton } from "@/components/forms/form-field";
import { PasswordField } from "@/components/forms/password-field";
import { useActionCall, useActionForm } from "@/components/forms/use-action-form";
import { Button } from "@/components/ui/button";
import { PASSWORD_MIN } from "@/lib/accounts/schemas/sign-in";
import {
  type ChangePasswordFormValues,
  changePasswordSchema,
} from "@/lib/accounts/schemas/profile";

import { IconHeading } from "@/components/shared/icon-heading";
import { SettingsCard } from "@/components/shared/settings-card";

const EMPTY: ChangePasswordFormValues = {
  currentPassword: "",
  newPassword: "",
  confirmPassword: "",
};

const CHANGE_FAILED = {
  title: "Password Change Failed",
  message: "We couldn't change your password. Please try again.",
};
const SIGN_OUT_FAILED = {
  title: "Sign Out Error",
  message: "Something went wrong while signing out. Please try again.",
};

/**
 * Profile Settings, Password & Security: Change Password (this session goes on, the others end)
 * and Sign Out of All Devices (this one included, then the sign-in page).
 */
export function AccountSecurity() {
  const router = useRouter();
  const { form, submit } = useActionForm<ChangePasswordFormValues>({
    schema: changePasswordSchema,
    action: changePasswordAction,
    defaultValues: EMPTY,
    failure: CHANGE_FAILED,
    resetOnSuccess: true,
  });
  const signOutAll = useActionCall(signOutAllDevicesAction, { failure: SIGN_OUT_FAILED });
  const signOutEverywhere = () =>
    signOutAll.run({}, (state) => {
      if (state.status !== "success") return;
      router.replace("/customer/auth");
      router.refresh();
    });

  return (
    <SettingsCard
      id="security-heading"
      title="Password & Security"
      icon={<ShieldCheck className="size-5 text-primary" aria-hidden="true" />}
    >
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,18rem)] lg:gap-8">
        <Form
          form={form}
          onSubmit={submit}
          idPrefix="password"
          controlClassName="h-11"
          aria-labelledby="change-password-heading"
          className="grid gap-4"
        >
          <IconHeading
            as="h3"
            id="change-password-heading"
            icon={KeyRound}
            iconClassName="size-4"
            className="font-semibold text-forest-deep"
          >
            Change Password
          </IconHeading>
          <PasswordField kind="current" name="currentPassword" label="Current Password" />
          <div className="grid gap-4 sm:grid-cols-2">
            <PasswordField kind="new" name="newPassword" label="New Password" />
            <PasswordField kind="new" name="confirmPassword" label="Confirm New Password" />
          </div>
          <p className="text-sm text-muted-foreground">
            At least {PASSWORD_MIN} characters: a phrase of a few words works well. Your other
            devices will be signed out; this one stays signed in.
          </p>
          <div>
            <SubmitButton pendingLabel="Changing...">Change Password</SubmitButton>
          </div>
        </Form>

        <section
          aria-labelledby="devices-heading"
          className="flex flex-col gap-3 self-start rounded-xl bg-secondary/70 p-4 text-sm text-secondary-foreground"
        >
          <IconHeading
            as="h3"
            id="devices-heading"
            icon={LogOut}
            iconClassName="size-4"
            className="font-semibold"
          >
            Signed in elsewhere?
          </IconHeading>
          <p>
            Used a shared computer or lost a phone? Sign out on every device where your account is
            open, this one included.
          </p>
          <div>
            <Button
              type="button"
              variant="outline"
              onClick={signOutEverywhere}
              disabled={signOutAll.pending}
              className="bg-card"
            >
              <LogOut aria-hidden="true" />
              {signOutAll.pending ? "Signing out..." : "Sign Out of All Devices"}
            </Button>
          </div>
        </section>
      </div>
    </SettingsCard>
  );
}

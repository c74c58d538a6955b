"use client";

import { useRouter } from "next/navigation";

import { disableMfaAction } from "@/actions/accounts";
import { SubmitButton } from "@/components/forms/form-field";

import { MfaCodeForm } from "./mfa-code-form";

/** Turning TOTP off: a current code (or a recovery code) confirms it is really you. */
export function MfaDisableForm() {
  const router = useRouter();
  return (
    <MfaCodeForm
      action={disableMfaAction}
      idPrefix="mfa-disable"
      label="Code from the app or a recovery code"
      failure="Failed to turn off two-step verification."
      resetOnSuccess
      onSuccess={() => router.refresh()}
    >
      <SubmitButton variant="outline" pendingLabel="Turning off...">
        Turn Off
      </SubmitButton>
    </MfaCodeForm>
  );
}

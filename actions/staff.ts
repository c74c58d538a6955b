"use server";

import { z } from "zod";

import { staffAccountAction } from "@/lib/action";
import { MFA_CODE_LIMITS } from "@/lib/accounts/data/sign-in";
import { confirmMfa, disableMfa, startMfaSetup } from "@/lib/accounts/data/second-factor";
import { mfaCodeSchema } from "@/lib/accounts/schemas/staff";

/**
 * A staff member's own second factor (/admin/account). Code attempts count against the same
 * per-account limit as the login's second step.
 */

const codeLimits = [
  {
    scope: "mfa-code",
    keys: (_: unknown, { staff }: { staff: { userId: string } }) => [staff.userId],
    limits: MFA_CODE_LIMITS,
  },
];

const invalidCode = { field: "code", message: "Invalid verification code" };

/** Shows a new QR code to scan. */
export const startMfaSetupAction = staffAccountAction(
  z.object({}),
  async () => {
    await startMfaSetup();
  },
  {
    name: "startMfaSetup",
    success: { title: "Scan the QR Code", message: "Add the account to your authenticator app." },
    failure: { title: "Error", message: "Failed to start two-step verification setup." },
    revalidate: ["/admin/account"],
  },
);

/** Turns TOTP on with the app's first code; answers the recovery codes (shown once). */
export const confirmMfaAction = staffAccountAction(
  mfaCodeSchema,
  async ({ code }) => {
    const codes = await confirmMfa(code);
    return {
      title: "Two-Step Verification On",
      message: "Save your recovery codes now: they are shown only once.",
      data: { recoveryCodes: codes.join(" ") },
    };
  },
  {
    name: "confirmMfa",
    rateLimit: codeLimits,
    failure: { title: "Error", message: "Failed to turn on two-step verification." },
    errors: {
      invalid_code: invalidCode,
      not_found: {
        title: "Setup Expired",
        message: "Start the setup again to get a new QR code.",
      },
    },
    // No revalidation: the page would re-render without the recovery codes before they are
    // read. 'I've Saved Them' refreshes it.
  },
);

/** Turns TOTP off with a current code or a recovery code. */
export const disableMfaAction = staffAccountAction(
  mfaCodeSchema,
  async ({ code }) => {
    await disableMfa(code);
  },
  {
    name: "disableMfa",
    rateLimit: codeLimits,
    success: {
      title: "Two-Step Verification Off",
      message: "Sign-in now asks for your password only.",
    },
    failure: { title: "Error", message: "Failed to turn off two-step verification." },
    errors: {
      invalid_code: invalidCode,
      forbidden: {
        title: "Not Allowed",
        message: "Two-step verification is required for your account.",
      },
    },
    revalidate: [["/admin", "layout"]],
  },
);

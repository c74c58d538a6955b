/**
 * Account mails: email verification, password reset, email change, and their links. The caller
 * adds `to` and queues them with queueEmail.
 */
import { env } from "@/lib/env";
import { site } from "@/lib/site";

import { type EmailTemplate, renderEmail } from "./layout";

export const VERIFY_TTL_HOURS = 24;
export const RESET_TTL_MINUTES = 60;
export const EMAIL_CHANGE_TTL_HOURS = 24;

/** The link of a verification or email-change mail. */
export function verifyUrl(token: string, type: "signup" | "email-change" = "signup"): string {
  const params = new URLSearchParams({ token });
  if (type === "email-change") params.set("type", type);
  return `${env.SITE_URL}/api/auth/verify?${params}`;
}

export function resetUrl(token: string): string {
  return `${env.SITE_URL}/customer/reset-password?${new URLSearchParams({ token })}`;
}

const signOff = `Warm regards,\nThe ${site.name} team`;

export function verificationEmail(name: string | null, url: string): EmailTemplate {
  const rendered = renderEmail({
    preheader: "Confirm your email address to start planning your trip.",
    heading: "Please verify your email",
    paragraphs: [
      name ? `Hello ${name},` : "Hello,",
      `Thank you for creating a ${site.name} account. Confirm your email address and you'll be signed in to your dashboard, where you can follow your bookings and message our team.`,
    ],
    cta: { label: "Verify my email", url },
    after: [
      `This link works once and expires in ${VERIFY_TTL_HOURS} hours. If you didn't create an account, you can ignore this email.`,
      signOff,
    ],
  });
  return { template: "verify-email", subject: `Verify your email for ${site.name}`, ...rendered };
}

/** Sent instead of a verification mail when the address already has a verified account. */
export function accountExistsEmail(): EmailTemplate {
  const rendered = renderEmail({
    preheader: "You already have an account with us.",
    heading: "You already have an account",
    paragraphs: [
      `Someone (hopefully you) tried to create a ${site.name} account with this email address. You already have an account, so nothing was changed.`,
      "Sign in with your password, or use 'Forgot password?' on the sign-in page to choose a new one.",
    ],
    cta: { label: "Sign in", url: `${env.SITE_URL}/customer/auth` },
    after: ["If this wasn't you, you can ignore this email: your account is safe.", signOff],
  });
  return { template: "account-exists", subject: `Your ${site.name} account`, ...rendered };
}

export function passwordResetEmail(url: string): EmailTemplate {
  const rendered = renderEmail({
    preheader: "Choose a new password for your account.",
    heading: "Reset your password",
    paragraphs: [
      `We received a request to reset the password of your ${site.name} account.`,
      "Choose a new password with the button below. Signing in with the new password ends your other sessions.",
    ],
    cta: { label: "Choose a new password", url },
    after: [
      `This link works once and expires in ${RESET_TTL_MINUTES} minutes. If you didn't ask for it, you can ignore this email: your password stays the same.`,
      signOff,
    ],
  });
  return { template: "password-reset", subject: `Reset your ${site.name} password`, ...rendered };
}

/** To the new address: the change takes effect when this link is opened. */
export function emailChangeEmail(newEmail: string, url: string): EmailTemplate {
  const rendered = renderEmail({
    preheader: "Confirm your new email address.",
    heading: "Confirm your new email address",
    paragraphs: [
      `You asked to use ${newEmail} for your ${site.name} account. Your email changes as soon as you confirm it.`,
    ],
    cta: { label: "Confirm new email", url },
    after: [
      `This link works once and expires in ${EMAIL_CHANGE_TTL_HOURS} hours. If you didn't ask for this, ignore this email and nothing changes.`,
      signOff,
    ],
  });
  return {
    template: "email-change",
    subject: `Confirm your new email for ${site.name}`,
    ...rendered,
  };
}

/** To the current address, so a change made by someone else does not go unnoticed. */
export function emailChangeNoticeEmail(newEmail: string): EmailTemplate {
  const rendered = renderEmail({
    preheader: "A change of your account email was requested.",
    heading: "Your account email is being changed",
    paragraphs: [
      `Someone signed in to your ${site.name} account asked to change its email address to ${newEmail}. It changes only once that address is confirmed.`,
      `If this wasn't you, reset your password now and contact us at ${site.email}.`,
    ],
    cta: { label: "Reset my password", url: `${env.SITE_URL}/customer/auth?forgot=1` },
    after: [signOff],
  });
  return {
    template: "email-change-notice",
    subject: `Your ${site.name} email is being changed`,
    ...rendered,
  };
}

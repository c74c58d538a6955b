/**
 * Account mails: email verification, password reset, email change, and their links. The caller
 * adds `to` and queues them with queueEmail.
 */
import { env } from "@/lib/env";
import { site } from "@/lib/site";

import { type EmailContent, type EmailTemplate, renderEmail } from "./layout";

export const VERIFY_TTL_HOURS = 24;
export const RESET_TTL_MINUTES = 60;
export const EMAIL_CHANGE_TTL_HOURS = 24;
export const SIGN_IN_LINK_TTL_MINUTES = 15;

/** The link of a verification, email-change or sign-in confirmation mail. */
export function verifyUrl(
  token: string,
  type: "signup" | "email-change" | "sign-in" = "signup",
): string {
  const params = new URLSearchParams({ token });
  if (type !== "signup") params.set("type", type);
  return `${env.SITE_URL}/api/auth/verify?${params}`;
}

export function resetUrl(token: string): string {
  return `${env.SITE_URL}/customer/reset-password?${new URLSearchParams({ token })}`;
}

const signOff = `Warm regards,\nThe ${site.name} team`;

/** A mail of this file: its template name (the outbox's), its subject and its rendered body. */
const mail = (template: string, subject: string, content: EmailContent): EmailTemplate => ({
  template,
  subject,
  ...renderEmail(content),
});

export function verificationEmail(name: string | null, url: string): EmailTemplate {
  return mail("verify-email", `Verify your email for ${site.name}`, {
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
}

/** Sent instead of a verification mail when the address already has a verified account. */
export function accountExistsEmail(): EmailTemplate {
  return mail("account-exists", `Your ${site.name} account`, {
    preheader: "You already have an account with us.",
    heading: "You already have an account",
    paragraphs: [
      `Someone (hopefully you) tried to create a ${site.name} account with this email address. You already have an account, so nothing was changed.`,
      "Sign in with your password, or use 'Forgot password?' on the sign-in page to choose a new one.",
    ],
    cta: { label: "Sign in", url: `${env.SITE_URL}/customer/auth` },
    after: ["If this wasn't you, you can ignore this email: your account is safe.", signOff],
  });
}

export function passwordResetEmail(url: string): EmailTemplate {
  return mail("password-reset", `Reset your ${site.name} password`, {
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
}

/** To the new address: the change takes effect when this link is opened. */
export function emailChangeEmail(newEmail: string, url: string): EmailTemplate {
  return mail("email-change", `Confirm your new email for ${site.name}`, {
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
}

/** To the current address, so a change made by someone else does not go unnoticed. */
export function emailChangeNoticeEmail(newEmail: string): EmailTemplate {
  return mail("email-change-notice", `Your ${site.name} email is being changed`, {
    preheader: "A change of your account email was requested.",
    heading: "Your account email is being changed",
    paragraphs: [
      `Someone signed in to your ${site.name} account asked to change its email address to ${newEmail}. It changes only once that address is confirmed.`,
      `If this wasn't you, reset your password now and contact us at ${site.email}.`,
    ],
    cta: { label: "Reset my password", url: `${env.SITE_URL}/customer/auth?forgot=1` },
    after: [signOff],
  });
}

/**
 * After the right password, on an account that many failed sign-ins have targeted: the sign-in
 * finishes with this link, which only the mailbox's owner can open.
 */
export function signInLinkEmail(url: string): EmailTemplate {
  return mail("sign-in-link", `Finish signing in to ${site.name}`, {
    preheader: "Finish signing in to your account.",
    heading: "Finish signing in",
    paragraphs: [
      `Someone just signed in to your ${site.name} account with the right password. Because there have been many failed sign-ins on this account today, we ask for one more step.`,
      "If this was you, finish signing in with the button below.",
    ],
    cta: { label: "Finish signing in", url },
    after: [
      `This link works once and expires in ${SIGN_IN_LINK_TTL_MINUTES} minutes. If this wasn't you, someone knows your password: choose a new one with 'Forgot password?' on the sign-in page.`,
      signOff,
    ],
  });
}

/** To the owner, once a day at most: their account is the target of repeated wrong passwords. */
export function signInAttackEmail(): EmailTemplate {
  return mail("sign-in-attack", `Failed sign-ins on your ${site.name} account`, {
    preheader: "Many failed sign-ins on your account today.",
    heading: "Someone is trying to sign in to your account",
    paragraphs: [
      `There have been many failed attempts to sign in to your ${site.name} account today, from several places. Your account is safe as long as your password is not known.`,
      "Until the attempts stop, signing in asks for one more step: your second-factor code, or a link we email you.",
      "If you use this password anywhere else, change it now.",
    ],
    cta: { label: "Choose a new password", url: `${env.SITE_URL}/customer/auth?forgot=1` },
    after: [signOff],
  });
}

/** To a member of staff whose second factor locked after too many wrong codes. */
export function secondFactorLockedEmail(): EmailTemplate {
  return mail("second-factor-locked", `Your ${site.name} two-step verification is locked`, {
    preheader: "Your two-step verification is locked.",
    heading: "Two-step verification locked",
    paragraphs: [
      `Too many wrong verification codes were entered for your ${site.name} staff account, after the right password. Codes from your authenticator app are refused until it is unlocked.`,
      "Sign in with one of your recovery codes to unlock it, or ask an admin to unlock it. If you did not try to sign in, someone knows your password: change it once you are in.",
    ],
    cta: { label: "Staff sign-in", url: `${env.SITE_URL}/admin/login` },
    after: [signOff],
  });
}

import { z } from "zod";

import { emailField, requiredText } from "@/lib/fields";

/**
 * Account forms, shared by the client forms (react-hook-form) and the server actions.
 * Passwords: 8 to 128 characters, any characters, no composition rules (NIST SP 800-63B); not
 * containing the email's name part (checked here, where both fields are known) and not one of the
 * 10,000 most common passwords (checked on the server only, lib/accounts/password-rules.ts: the list stays
 * out of the browser).
 */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

export const TOO_COMMON_MESSAGE = "This password is too common. Please choose another.";
export const EMAIL_NAME_MESSAGE = "Password must not contain your email name";

/** Why the server refused a new password (lib/accounts/password-rules.ts), and what the field says. */
export type PasswordProblem = "common" | "contains_email_name";
export const PASSWORD_PROBLEM_MESSAGES: Record<PasswordProblem, string> = {
  common: TOO_COMMON_MESSAGE,
  contains_email_name: EMAIL_NAME_MESSAGE,
};
/** Shorter name parts ('jo', 'ann') are left alone: too many good passwords contain them. */
export const EMAIL_NAME_MIN = 4;

/**
 * The email's name part: the local part without a '+tag', lower case. Null when it is shorter
 * than EMAIL_NAME_MIN characters.
 */
export function emailNamePart(email: string): string | null {
  const local = email.trim().normalize("NFKC").toLowerCase().split("@")[0] ?? "";
  const name = local.split("+")[0] ?? "";
  return name.length >= EMAIL_NAME_MIN ? name : null;
}

/** EMAIL_NAME_MESSAGE when the password contains the email's name part (any case), else null. */
export function emailNameProblem(password: string, email: string): string | null {
  const name = emailNamePart(email);
  return name && password.normalize("NFKC").toLowerCase().includes(name)
    ? EMAIL_NAME_MESSAGE
    : null;
}

export const newPasswordField = z
  .string({ error: "Password is required" })
  .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`)
  .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`);

/** Sign-in accepts any stored password, only bounded so nobody hashes megabytes. */
export const currentPasswordField = z
  .string({ error: "Password is required" })
  .min(1, "Password is required")
  .max(PASSWORD_MAX, "Invalid email or password");

export const signInSchema = z.object({
  email: emailField,
  password: currentPasswordField,
});

export const signUpSchema = z
  .object({
    // The field rules of every other form: no control characters, nothing that looks like markup.
    fullName: requiredText("Full name", 100),
    email: emailField,
    password: newPasswordField,
    phone: z.string().trim().max(40, "Phone number is too long").optional().default(""),
  })
  .superRefine(({ email, password }, ctx) => {
    const problem = emailNameProblem(password, email);
    if (problem) ctx.addIssue({ code: "custom", message: problem, path: ["password"] });
  });

export const emailOnlySchema = z.object({ email: emailField });

export const resetPasswordSchema = z
  .object({
    token: z
      .string()
      .trim()
      .min(1, "This reset link is invalid")
      .max(200, "This reset link is invalid"),
    password: newPasswordField,
    confirmPassword: z.string().max(PASSWORD_MAX),
  })
  .refine((v) => v.password === v.confirmPassword, {
    message: "Passwords do not match",
    path: ["confirmPassword"],
  });

export type SignInInput = z.input<typeof signInSchema>;
export type SignUpInput = z.input<typeof signUpSchema>;
export type ResetPasswordInput = z.input<typeof resetPasswordSchema>;
export type EmailOnlyInput = z.input<typeof emailOnlySchema>;

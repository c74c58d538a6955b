import { z } from "zod";

import { emailField } from "./fields";

/**
 * Account forms, shared by the client forms (react-hook-form) and the server actions.
 * Passwords: 8 to 128 characters, any characters, no composition rules (NIST SP 800-63B).
 */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

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

export const signUpSchema = z.object({
  fullName: z
    .string({ error: "Full name is required" })
    .trim()
    .min(1, "Full name is required")
    .max(100, "Full name is too long"),
  email: emailField,
  password: newPasswordField,
  phone: z.string().trim().max(40, "Phone number is too long").optional().default(""),
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

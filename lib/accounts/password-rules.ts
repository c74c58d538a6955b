import "server-only";

/**
 * The rules a new password must meet beyond its length (lib/accounts/schemas/sign-in.ts), checked on the
 * server wherever a password is set (sign-up, reset): not one of the 10,000 most common passwords
 * (NIST SP 800-63B 5.1.1.2, ASVS 2.1.7) and not containing the email's name part. The list is the
 * ranked one zxcvbn-ts ships (@zxcvbn-ts/language-common, drawn from leaked-password corpora),
 * loaded on first use and kept out of the client bundle (it is large); it is compared case-blind.
 */
import { emailNameProblem, type PasswordProblem } from "@/lib/accounts/schemas/sign-in";

export const COMMON_PASSWORDS_CHECKED = 10_000;

let common: Promise<Set<string>> | undefined;

function commonPasswords(): Promise<Set<string>> {
  common ??= import("@zxcvbn-ts/language-common").then(({ dictionary }) => {
    const ranked = dictionary["passwords-common"] as string[];
    return new Set(ranked.slice(0, COMMON_PASSWORDS_CHECKED).map((p) => p.toLowerCase()));
  });
  return common;
}

export async function isCommonPassword(password: string): Promise<boolean> {
  return (await commonPasswords()).has(password.normalize("NFKC").toLowerCase());
}

/** Why `password` may not be set for `email`, or null when it may. */
export async function newPasswordProblem(
  password: string,
  email: string,
): Promise<PasswordProblem | null> {
  if (await isCommonPassword(password)) return "common";
  return emailNameProblem(password, email) ? "contains_email_name" : null;
}

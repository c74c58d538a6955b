/**
 * The one normal form of an email address: trimmed and lowercased. The forms' email field
 * (lib/fields.ts) applies it, and every lookup, uniqueness check and signature by
 * address (accounts, newsletter, unsubscribe tokens) compares addresses in this form.
 */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

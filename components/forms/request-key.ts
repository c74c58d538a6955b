/**
 * A random key sent with a form so a double click or a retried request stores one row. Uses
 * crypto.randomUUID where available (secure contexts) and getRandomValues elsewhere (plain http).
 */
export function newRequestKey(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

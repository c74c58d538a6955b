import { describe, expect, it } from "vitest";

import { newsletterUnsubscribeToken, verifyNewsletterUnsubscribeToken } from "@/lib/newsletter-token";

describe("newsletter unsubscribe token", () => {
  const secret = "test-secret-0123456789";

  it("is the same for any casing of the address and verifies", () => {
    const token = newsletterUnsubscribeToken("Jane@Example.com ", secret);
    expect(token).toBe(newsletterUnsubscribeToken("jane@example.com", secret));
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(verifyNewsletterUnsubscribeToken("JANE@example.com", token, secret)).toBe(true);
  });

  it("refuses another address, another secret and garbage", () => {
    const token = newsletterUnsubscribeToken("jane@example.com", secret);
    expect(verifyNewsletterUnsubscribeToken("john@example.com", token, secret)).toBe(false);
    expect(verifyNewsletterUnsubscribeToken("jane@example.com", token, "other-secret")).toBe(false);
    expect(verifyNewsletterUnsubscribeToken("jane@example.com", "", secret)).toBe(false);
    expect(verifyNewsletterUnsubscribeToken("jane@example.com", `${token}x`, secret)).toBe(false);
  });
});

import { createHmac } from "node:crypto";

import { describe, expect, it } from "vitest";

import {
  newsletterTokenKey,
  newsletterUnsubscribeToken,
  TOKEN_LIFETIME_SECONDS,
  verifyNewsletterUnsubscribeToken,
} from "@/lib/newsletter/token";

const secret = "test-secret-0123456789";
const DAY = 24 * 60 * 60 * 1000;
const now = Date.UTC(2026, 2, 1, 12);

describe("newsletter unsubscribe token", () => {
  it("is made for the address in any casing and verifies until it expires", () => {
    const token = newsletterUnsubscribeToken("Jane@Example.com ", secret, now);
    expect(token).toBe(newsletterUnsubscribeToken("jane@example.com", secret, now));
    expect(token).toMatch(/^[A-Za-z0-9_-]{52}$/);
    expect(verifyNewsletterUnsubscribeToken("JANE@example.com", token, secret, now)).toBe(true);
    expect(
      verifyNewsletterUnsubscribeToken("jane@example.com", token, secret, now + 364 * DAY),
    ).toBe(true);
  });

  it("expires a year after the end of the day it was made, and is the same all that day", () => {
    expect(TOKEN_LIFETIME_SECONDS).toBe(365 * 24 * 60 * 60);
    const token = newsletterUnsubscribeToken("jane@example.com", secret, now);
    expect(newsletterUnsubscribeToken("jane@example.com", secret, now + 11 * 3600 * 1000)).toBe(
      token,
    );
    const expiry = Date.UTC(2026, 2, 2) + TOKEN_LIFETIME_SECONDS * 1000;
    expect(verifyNewsletterUnsubscribeToken("jane@example.com", token, secret, expiry - 1000)).toBe(
      true,
    );
    expect(verifyNewsletterUnsubscribeToken("jane@example.com", token, secret, expiry)).toBe(false);
    expect(verifyNewsletterUnsubscribeToken("jane@example.com", token, secret, expiry + DAY)).toBe(
      false,
    );
  });

  it("refuses another address, another secret and a key derived with another label", () => {
    const token = newsletterUnsubscribeToken("jane@example.com", secret, now);
    expect(verifyNewsletterUnsubscribeToken("john@example.com", token, secret, now)).toBe(false);
    expect(verifyNewsletterUnsubscribeToken("jane@example.com", token, "other-secret", now)).toBe(
      false,
    );
    const otherPurpose = newsletterUnsubscribeToken(
      "jane@example.com",
      secret,
      now,
      newsletterTokenKey(secret, "breathe-uganda session v1"),
    );
    expect(verifyNewsletterUnsubscribeToken("jane@example.com", otherPurpose, secret, now)).toBe(
      false,
    );
    // The label makes a key of its own: not the secret itself.
    expect(newsletterTokenKey(secret).equals(Buffer.from(secret))).toBe(false);
  });

  it("refuses a tampered token: a later expiry, a flipped MAC bit, truncated or padded", () => {
    const token = newsletterUnsubscribeToken("jane@example.com", secret, now);
    const bytes = Buffer.from(token, "base64url");

    const later = Buffer.from(bytes);
    later.writeUIntBE(later.readUIntBE(1, 6) + 10 * 365 * 24 * 3600, 1, 6);
    const flipped = Buffer.from(bytes);
    flipped[bytes.length - 1]! ^= 1;
    const otherVersion = Buffer.from(bytes);
    otherVersion[0] = 2;

    for (const bad of [
      later.toString("base64url"),
      flipped.toString("base64url"),
      otherVersion.toString("base64url"),
      token.slice(0, -1),
      `${token}x`,
      `${token}==`,
      "",
    ]) {
      expect(verifyNewsletterUnsubscribeToken("jane@example.com", bad, secret, now), bad).toBe(
        false,
      );
    }
  });

  it("refuses the first tokens, which had no expiry (a bare HMAC of the email)", () => {
    const old = createHmac("sha256", secret)
      .update("newsletter-unsubscribe:jane@example.com")
      .digest("base64url");
    expect(verifyNewsletterUnsubscribeToken("jane@example.com", old, secret, now)).toBe(false);
  });
});

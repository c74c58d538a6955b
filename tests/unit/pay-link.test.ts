import { describe, expect, it } from "vitest";

import { env } from "@/lib/env";
import { payLinkToken, payLinkUrl, verifyPayLink } from "@/lib/payments/pay-link";

const SECRET = "test-secret-for-pay-links-0123456789abcdef";
const BOOKING = "5f0c2b1e-8d3a-4c6b-9e7f-1a2b3c4d5e6f";
const OTHER = "0b1c2d3e-4f50-4617-8293-a4b5c6d7e8f9";
const now = new Date("2026-11-25T00:00:00Z");
const inDays = (days: number) => new Date(now.getTime() + days * 86_400_000);

describe("pay links", () => {
  it("names its booking until it expires", () => {
    const token = payLinkToken(BOOKING, inDays(30), SECRET);
    expect(token).toMatch(/^[A-Za-z0-9_-]{74}$/);
    expect(verifyPayLink(token, now, SECRET)).toEqual({
      bookingId: BOOKING,
      expiresAt: new Date(Math.floor(inDays(30).getTime() / 1000) * 1000),
    });
    expect(verifyPayLink(token, inDays(29), SECRET)?.bookingId).toBe(BOOKING);
  });

  it("mails the pay page's own address, /pay/<token>, whose token names the booking", () => {
    const url = new URL(payLinkUrl(BOOKING, new Date(Date.now() + 86_400_000)));
    expect(url.origin).toBe(env.SITE_URL);
    const [, pay, token] = url.pathname.split("/");
    expect(pay).toBe("pay");
    expect(url.search).toBe("");
    expect(verifyPayLink(token!)?.bookingId).toBe(BOOKING);
  });

  it("refuses an expired link", () => {
    const token = payLinkToken(BOOKING, inDays(30), SECRET);
    expect(verifyPayLink(token, inDays(30), SECRET)).toBeNull();
    expect(verifyPayLink(token, inDays(31), SECRET)).toBeNull();
  });

  it("refuses a link whose booking, expiry or signature was changed", () => {
    const token = payLinkToken(BOOKING, inDays(30), SECRET);
    const bytes = Buffer.from(token, "base64url");
    for (const at of [0, 1, 10, 17, 20, 40, 54]) {
      const altered = Buffer.from(bytes);
      altered[at] = altered[at]! ^ 0x01;
      expect(verifyPayLink(altered.toString("base64url"), now, SECRET), `byte ${at}`).toBeNull();
    }
    // Another booking's id with this link's signature.
    const other = Buffer.from(bytes);
    Buffer.from(OTHER.replace(/-/g, ""), "hex").copy(other, 1);
    expect(verifyPayLink(other.toString("base64url"), now, SECRET)).toBeNull();
  });

  it("is one booking's link: another booking's link names the other booking", () => {
    const mine = payLinkToken(BOOKING, inDays(30), SECRET);
    const theirs = payLinkToken(OTHER, inDays(30), SECRET);
    expect(mine).not.toBe(theirs);
    expect(verifyPayLink(theirs, now, SECRET)?.bookingId).toBe(OTHER);
  });

  it("refuses a link signed with another secret, and anything malformed", () => {
    const token = payLinkToken(BOOKING, inDays(30), SECRET);
    expect(verifyPayLink(token, now, `${SECRET}x`)).toBeNull();
    for (const bad of [
      "",
      "abc",
      `${token}A`,
      token.slice(0, -1),
      `${token.slice(0, -1)}+`,
      "a".repeat(74),
    ])
      expect(verifyPayLink(bad, now, SECRET)).toBeNull();
  });

  it("refuses to sign something that is not a booking id", () => {
    expect(() => payLinkToken("not-a-uuid", inDays(1), SECRET)).toThrow();
  });
});

/**
 * The TOTP secret at rest (lib/accounts/mfa-secret.ts): AES-256-GCM under MFA_ENCRYPTION_KEY, stored as
 * `v1:<iv>:<tag>:<ciphertext>`. Only the right key opens it, and any change to the stored value
 * is refused rather than turned into another secret.
 */
import { randomBytes } from "node:crypto";

import { describe, expect, it } from "vitest";

import { isSealedMfaSecret, openMfaSecret, sealMfaSecret } from "@/lib/accounts/mfa-secret";

const KEY = randomBytes(32);
const SECRET = "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP";

/** Replaces part `index` of a sealed value (0: version, 1: iv, 2: tag, 3: ciphertext). */
function withPart(sealed: string, index: number, change: (bytes: Buffer) => Buffer): string {
  const parts = sealed.split(":");
  parts[index] = change(Buffer.from(parts[index]!, "base64url")).toString("base64url");
  return parts.join(":");
}

const flipFirstBit = (bytes: Buffer) => {
  const copy = Buffer.from(bytes);
  copy[0] = copy[0]! ^ 1;
  return copy;
};

describe("sealMfaSecret / openMfaSecret", () => {
  it("round-trips a secret through a versioned value that does not hold it", () => {
    const sealed = sealMfaSecret(SECRET, KEY);
    expect(sealed).toMatch(/^v1:[A-Za-z0-9_-]{16}:[A-Za-z0-9_-]{22}:[A-Za-z0-9_-]+$/);
    expect(sealed).not.toContain(SECRET);
    expect(isSealedMfaSecret(sealed)).toBe(true);
    expect(openMfaSecret(sealed, KEY)).toBe(SECRET);
  });

  it("uses a new IV each time: the same secret never gives the same value", () => {
    const a = sealMfaSecret(SECRET, KEY);
    const b = sealMfaSecret(SECRET, KEY);
    expect(a).not.toBe(b);
    expect(openMfaSecret(a, KEY)).toBe(openMfaSecret(b, KEY));
  });

  it("refuses another key", () => {
    const sealed = sealMfaSecret(SECRET, KEY);
    expect(() => openMfaSecret(sealed, randomBytes(32))).toThrow(/MFA_ENCRYPTION_KEY/);
  });

  it.each([
    ["the ciphertext", 3],
    ["the tag", 2],
    ["the IV", 1],
  ])("refuses a value whose %s was changed", (_, index) => {
    const sealed = sealMfaSecret(SECRET, KEY);
    expect(() => openMfaSecret(withPart(sealed, index, flipFirstBit), KEY)).toThrow();
  });

  it("refuses a shortened tag, a missing part and an unknown version", () => {
    const sealed = sealMfaSecret(SECRET, KEY);
    expect(() =>
      openMfaSecret(
        withPart(sealed, 2, (tag) => tag.subarray(0, 4)),
        KEY,
      ),
    ).toThrow();
    expect(() => openMfaSecret(sealed.split(":").slice(0, 3).join(":"), KEY)).toThrow();
    expect(() => openMfaSecret(`v2${sealed.slice(2)}`, KEY)).toThrow(/v2/);
  });

  it("reads a value without the prefix as a clear secret of an older version, without a key", () => {
    expect(isSealedMfaSecret(SECRET)).toBe(false);
    expect(openMfaSecret(SECRET)).toBe(SECRET);
  });

  it("refuses a key that is not 32 bytes", () => {
    expect(() => sealMfaSecret(SECRET, randomBytes(16))).toThrow();
  });
});

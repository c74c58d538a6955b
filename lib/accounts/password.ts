import { randomBytes, scrypt, timingSafeEqual } from "node:crypto";

import { DomainError } from "@/lib/errors";
import { Semaphore, SemaphoreTimeout } from "@/lib/semaphore";

/**
 * Password hashing with scrypt (OWASP: N=2^17, r=8, p=1), salted, in a self-describing format
 * `scrypt$N$r$p$salt$hash` so parameters can be raised later without breaking old hashes.
 */
const N = 2 ** 17;
const R = 8;
const P = 1;
const KEY_LENGTH = 32;

/**
 * At most HASH_SLOTS hashes run at once (each takes 128 MiB and most of a core for a few hundred
 * ms): a burst of sign-ins waits in line, at most HASH_MAX_WAIT_MS and HASH_MAX_QUEUE deep, and
 * the rest are refused with the 'Too many requests' message instead of exhausting memory.
 */
export const HASH_SLOTS = 2;
export const HASH_MAX_WAIT_MS = 5_000;
export const HASH_MAX_QUEUE = 32;
export const hashSlots = new Semaphore(HASH_SLOTS, HASH_MAX_WAIT_MS, HASH_MAX_QUEUE);

/** A password hash refused because too many are running: actions answer 'Too Many Requests'. */
export class PasswordHashingBusy extends DomainError {
  constructor() {
    super("rate_limited", { retryAfterSeconds: 60 });
    this.name = "PasswordHashingBusy";
  }
}

async function derive(
  password: string,
  salt: Buffer,
  n: number,
  r: number,
  p: number,
): Promise<Buffer> {
  try {
    return await hashSlots.run(() => scryptKey(password, salt, n, r, p));
  } catch (error) {
    if (error instanceof SemaphoreTimeout) throw new PasswordHashingBusy();
    throw error;
  }
}

function scryptKey(password: string, salt: Buffer, n: number, r: number, p: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(
      password.normalize("NFKC"),
      salt,
      KEY_LENGTH,
      { N: n, r, p, maxmem: 256 * n * r + 1024 * 1024 },
      (error, key) => (error ? reject(error) : resolve(key)),
    );
  });
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, N, R, P);
  return ["scrypt", N, R, P, salt.toString("base64url"), key.toString("base64url")].join("$");
}

export async function verifyPassword(password: string, stored: string | null | undefined): Promise<boolean> {
  if (!stored) return false;
  const [scheme, n, r, p, salt, hash] = stored.split("$");
  if (scheme !== "scrypt" || !n || !r || !p || !salt || !hash) return false;
  const expected = Buffer.from(hash, "base64url");
  const actual = await derive(password, Buffer.from(salt, "base64url"), Number(n), Number(r), Number(p));
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** A hash of a random password: verifying against it costs the same as a real one. */
let dummyHash: Promise<string> | undefined;
export function getDummyHash(): Promise<string> {
  // A refusal (PasswordHashingBusy) is not kept: the next caller makes it again.
  dummyHash ??= hashPassword(randomBytes(16).toString("hex")).catch((error: unknown) => {
    dummyHash = undefined;
    throw error;
  });
  return dummyHash;
}

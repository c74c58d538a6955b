import { chmodSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

import { z } from "zod";

/**
 * The one place that reads process.env. Every variable has a default for the embedded mode
 * (PGlite on disk, local image storage, an email outbox), so `npm install` and one command
 * start the whole site on a machine with only Node.
 */
const optionalUrl = (name: string) =>
  z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : undefined))
    .refine((v) => v === undefined || URL.canParse(v), { message: `${name} must be a URL` });

/** A yes-or-no variable: "1" or "true" (in any case) is yes; anything else, or unset, is no. */
const flag = () =>
  z
    .string()
    .trim()
    .optional()
    .transform((v) => v === "1" || v?.toLowerCase() === "true");

/** A whole number from `min` to `max`, `fallback` when unset or empty; each refusal says why. */
const wholeNumber = (
  fallback: number,
  [min, max]: [number, number],
  says: { notWhole: string; tooSmall: string; tooLarge: string },
) =>
  z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? Number(v) : fallback))
    .pipe(
      z
        .number({ error: says.notWhole })
        .int(says.notWhole)
        .min(min, says.tooSmall)
        .max(max, says.tooLarge),
    );

/**
 * The public origin ('https://breatheuganda.com'): http(s), no path, never a trailing slash, so
 * every link is written `${env.SITE_URL}/path`.
 */
const siteUrl = z
  .url({ message: "SITE_URL must be a URL" })
  .default("http://localhost:3000")
  .transform((v) => new URL(v))
  .refine((url) => url.protocol === "http:" || url.protocol === "https:", {
    message: "SITE_URL must start with http:// or https://",
  })
  .refine((url) => url.pathname === "/" && !url.search && !url.hash, {
    message: "SITE_URL must be an origin, without a path (https://example.com)",
  })
  .transform((url) => url.origin);

/** Bytes in a base64 string, or -1 when it is not base64 (atob: also in the proxy's runtime). */
function base64Length(value: string): number {
  try {
    return atob(value).length;
  } catch {
    return -1;
  }
}

const schema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  DATABASE_URL: optionalUrl("DATABASE_URL").refine(
    (v) => v === undefined || /^postgres(ql)?:\/\//.test(v),
    { message: "DATABASE_URL must start with postgres:// or postgresql://" },
  ),
  PGLITE_DIR: z.string().trim().min(1).default(".data/pglite"),
  SITE_URL: siteUrl,
  AUTH_SECRET: z.string().optional(),
  /**
   * The AES-256-GCM key of the staff TOTP secrets at rest (lib/accounts/mfa-secret.ts): base64 of 32 bytes
   * (`openssl rand -base64 32`). Kept apart from AUTH_SECRET so a leaked database dump holds no
   * usable second factor, and so either can be replaced without the other.
   */
  MFA_ENCRYPTION_KEY: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : undefined))
    .refine((v) => v === undefined || base64Length(v) === 32, {
      message: "MFA_ENCRYPTION_KEY must be base64 of 32 bytes (openssl rand -base64 32)",
    }),
  AUTH_URL: optionalUrl("AUTH_URL"),
  /**
   * "true" only where the deployment sets the host headers itself (Auth.js's AUTH_TRUST_HOST):
   * with no AUTH_URL, Auth.js then builds its URLs from X-Forwarded-Host / Host.
   */
  AUTH_TRUST_HOST: flag(),
  /**
   * How many proxies in front of the app append to X-Forwarded-For (lib/client-address.ts):
   * 0 = none, the socket's peer is the client (`next start` on its own); 1 = one reverse proxy
   * (nginx, a load balancer, Vercel).
   */
  TRUSTED_PROXY_HOPS: wholeNumber(0, [0, 10], {
    notWhole: "TRUSTED_PROXY_HOPS must be a whole number",
    tooSmall: "TRUSTED_PROXY_HOPS must be 0 or more",
    tooLarge: "TRUSTED_PROXY_HOPS must be at most 10",
  }),
  /**
   * "1" (or "true") asks for the demo: the demo accounts are seeded and printed at start, and the
   * outbox prints each mail with its links in the terminal. Never set on a real deployment.
   */
  DEMO: flag(),
  /** The structured log's threshold (lib/logger.ts): audit events are `info`. */
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  RESEND_API_KEY: z.string().optional(),
  EMAIL_FROM: z.string().default("Breathe Uganda <bookings@breatheuganda.com>"),
  /**
   * Days an unpaid confirmed booking on a departure keeps its seats: after them the booking
   * lapses, its seats go back on sale and the customer is told.
   */
  BOOKING_OPTION_DAYS: z.coerce.number().int().min(1).max(90).default(7),
  /**
   * Minutes a departure's seats are held for a visitor at the checkout: long enough for a
   * mobile-money prompt to be answered. Unpaid by then, the seats are on sale again at once.
   */
  CHECKOUT_HOLD_MINUTES: wholeNumber(30, [5, 240], {
    notWhole: "CHECKOUT_HOLD_MINUTES must be a whole number of minutes",
    tooSmall: "CHECKOUT_HOLD_MINUTES must be at least 5",
    tooLarge: "CHECKOUT_HOLD_MINUTES must be at most 240",
  }),
  /**
   * Hours a waitlist offer holds the seats that came back for the request it was made to. Unused
   * by then, they go to the next request in turn of another person, or back on sale.
   */
  WAITLIST_OFFER_HOURS: wholeNumber(4, [1, 72], {
    notWhole: "WAITLIST_OFFER_HOURS must be a whole number of hours",
    tooSmall: "WAITLIST_OFFER_HOURS must be at least 1",
    tooLarge: "WAITLIST_OFFER_HOURS must be at most 72",
  }),
  /**
   * Seats one buyer (one email, and one client address) may hold unpaid at once, over every
   * departure: a real party pays for what it holds; nobody can take a departure off sale unpaid.
   */
  UNPAID_SEATS_PER_BUYER: wholeNumber(10, [1, 50], {
    notWhole: "UNPAID_SEATS_PER_BUYER must be a whole number",
    tooSmall: "UNPAID_SEATS_PER_BUYER must be at least 1",
    tooLarge: "UNPAID_SEATS_PER_BUYER must be at most 50",
  }),
  /**
   * The deposit asked when staff confirm a booking with its total, in percent of the total. Each
   * booking keeps the share of the day it was confirmed (bookings.deposit_percent): a change here
   * asks the new share of the bookings confirmed from then on, never of those already told theirs.
   */
  DEPOSIT_PERCENT: wholeNumber(30, [1, 100], {
    notWhole: "DEPOSIT_PERCENT must be a whole number from 1 to 100",
    tooSmall: "DEPOSIT_PERCENT must be a whole number from 1 to 100",
    tooLarge: "DEPOSIT_PERCENT must be a whole number from 1 to 100",
  }),
  /**
   * The markup a tailor-made proposal's sell prices are suggested at, in percent of what its lines
   * cost us (park fees are never marked up). Staff may change it on each proposal.
   */
  PROPOSAL_MARKUP_PERCENT: wholeNumber(25, [0, 200], {
    notWhole: "PROPOSAL_MARKUP_PERCENT must be a whole number from 0 to 200",
    tooSmall: "PROPOSAL_MARKUP_PERCENT must be a whole number from 0 to 200",
    tooLarge: "PROPOSAL_MARKUP_PERCENT must be a whole number from 0 to 200",
  }),
  OPERATOR_EMAIL: z.email({ message: "OPERATOR_EMAIL must be an email address" }).default("operations@breatheuganda.com"),
  STORAGE_DIR: z.string().default(".data/uploads"),
  S3_ENDPOINT: optionalUrl("S3_ENDPOINT"),
  S3_BUCKET: z.string().default("tour-images"),
  S3_REGION: z.string().default("us-east-1"),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_PUBLIC_URL: optionalUrl("S3_PUBLIC_URL"),
  REDIS_URL: optionalUrl("REDIS_URL"),
  /**
   * Prepended to every Redis key (rate limits, the page cache): several sites, or test runs, can
   * share one Redis server without meeting. Empty by default.
   */
  REDIS_KEY_PREFIX: z.string().trim().default(""),
  /**
   * Which payment provider takes the money (lib/payments): "demo" (the default: the built-in
   * checkout of `npm run demo` and the tests, where no money moves) or "pesapal" (Pesapal API 3.0:
   * MTN Mobile Money, Airtel Money, Visa, Mastercard). A production server refuses the demo
   * driver at use unless ALLOW_DEMO_PAYMENTS says so.
   */
  PAYMENTS_DRIVER: z.enum(["demo", "pesapal"], { error: 'PAYMENTS_DRIVER must be "demo" or "pesapal"' }).default("demo"),
  /** Pesapal's sandbox (cybqa.pesapal.com, test money) or its live service (pay.pesapal.com). */
  PESAPAL_ENV: z.enum(["sandbox", "live"], { error: 'PESAPAL_ENV must be "sandbox" or "live"' }).default("sandbox"),
  /** Replaces PESAPAL_ENV's address ('https://cybqa.pesapal.com/pesapalv3'): the tests' fake Pesapal. */
  PESAPAL_BASE_URL: optionalUrl("PESAPAL_BASE_URL"),
  /** The merchant's API keys (Pesapal dashboard): required with PAYMENTS_DRIVER=pesapal. */
  PESAPAL_CONSUMER_KEY: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : undefined)),
  PESAPAL_CONSUMER_SECRET: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : undefined)),
  /**
   * The id of our IPN address already registered with Pesapal (its notification_id). Unset: the
   * driver registers SITE_URL's IPN address once per process and keeps the id it is given.
   */
  PESAPAL_IPN_ID: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : undefined)),
  /**
   * "1" (or "true") lets a production server use the demo payment driver (a demo deployment).
   * Without it, production with PAYMENTS_DRIVER=demo refuses to take a payment.
   */
  ALLOW_DEMO_PAYMENTS: flag(),
  /**
   * "1" (or "true") lets resellers' webhooks call private, loopback and link-local addresses
   * (this machine, its networks, a cloud's metadata service) on a production server. Unset, a
   * production server refuses them, when a webhook is registered and again at each delivery
   * against the address connected to; outside production (the tests, a laptop) and in the demo
   * (DEMO=1) they are allowed, so a receiver on the same machine can be tried.
   */
  WEBHOOKS_ALLOW_PRIVATE: flag(),
  /**
   * Who runs the scheduled jobs (lib/scheduled-jobs.ts): "timer" (the default) runs them every few
   * minutes inside each server process; "external" starts no timer, for a host where no process
   * lives on between requests (Vercel) or where a cron line calls GET /api/jobs/run instead.
   */
  SCHEDULED_JOBS: z
    .enum(["timer", "external"], { error: 'SCHEDULED_JOBS must be "timer" or "external"' })
    .default("timer"),
  /**
   * The bearer secret of GET/POST /api/jobs/run, the scheduled jobs run once on request (Vercel
   * Cron sends it as `Authorization: Bearer <CRON_SECRET>`). Unset: that route answers 404 to
   * everyone. Long enough not to be guessed: nothing else limits who may try.
   */
  CRON_SECRET: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : undefined))
    .refine((v) => v === undefined || v.length >= 16, {
      message: "CRON_SECRET must be at least 16 characters (openssl rand -base64 32)",
    }),
  /**
   * The AES key Next encrypts server-action closures and action ids with (base64 of 16, 24 or 32
   * bytes; `openssl rand -base64 32`). Read by Next itself at build and at start; it is in this
   * schema so a malformed key stops the start. Required when more than one instance serves the
   * site and they were not all started from the same build: each build otherwise makes its own.
   */
  NEXT_SERVER_ACTIONS_ENCRYPTION_KEY: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : undefined))
    .refine((v) => v === undefined || [16, 24, 32].includes(base64Length(v)), {
      message: "NEXT_SERVER_ACTIONS_ENCRYPTION_KEY must be base64 of 16, 24 or 32 bytes (openssl rand -base64 32)",
    }),
});

export type Env = z.infer<typeof schema>;

/** S3_ENDPOINT chooses the S3 driver (lib/storage), which cannot sign requests without its keys. */
function s3NeedsKeys(config: Env, ctx: z.RefinementCtx) {
  if (!config.S3_ENDPOINT) return;
  for (const name of ["S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"] as const) {
    if (!config[name]) {
      ctx.addIssue({ code: "custom", path: [name], message: `${name} is required with S3_ENDPOINT` });
    }
  }
}

/** PAYMENTS_DRIVER=pesapal cannot ask Pesapal for a token without the merchant's keys. */
function pesapalNeedsKeys(config: Env, ctx: z.RefinementCtx) {
  if (config.PAYMENTS_DRIVER !== "pesapal") return;
  for (const name of ["PESAPAL_CONSUMER_KEY", "PESAPAL_CONSUMER_SECRET"] as const) {
    if (!config[name]) {
      ctx.addIssue({ code: "custom", path: [name], message: `${name} is required with PAYMENTS_DRIVER=pesapal` });
    }
  }
}

/** An external scheduler reaches the jobs only through /api/jobs/run, which needs the secret. */
function externalJobsNeedSecret(config: Env, ctx: z.RefinementCtx) {
  if (config.SCHEDULED_JOBS !== "external" || config.CRON_SECRET) return;
  ctx.addIssue({
    code: "custom",
    path: ["CRON_SECRET"],
    message: "CRON_SECRET is required with SCHEDULED_JOBS=external",
  });
}

export function parseEnv(source: Record<string, string | undefined>): Env {
  const result = schema
    .superRefine((config, ctx) => {
      s3NeedsKeys(config, ctx);
      pesapalNeedsKeys(config, ctx);
      externalJobsNeedSecret(config, ctx);
    })
    .safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join("\n")}`);
  }
  return result.data;
}

export const env: Env = parseEnv(process.env);

/**
 * The origin Auth.js uses for its URLs: AUTH_URL, else SITE_URL, except where the deployment said
 * AUTH_TRUST_HOST and set no AUTH_URL (the host headers then decide).
 */
export function authUrlOf(config: Env): string | undefined {
  if (config.AUTH_URL) return config.AUTH_URL;
  return config.AUTH_TRUST_HOST ? undefined : config.SITE_URL;
}

/**
 * Auth.js (next-auth 5) reads AUTH_URL from process.env itself, at each request: the default is
 * written there once, here, so the Host header never decides where Auth.js sends a browser.
 */
const resolvedAuthUrl = authUrlOf(env);
if (resolvedAuthUrl && !process.env.AUTH_URL) process.env.AUTH_URL = resolvedAuthUrl;

/** Auth.js's trustHost: the origin comes from configuration, or the deployment vouches for Host. */
export const authTrustHost = resolvedAuthUrl !== undefined || env.AUTH_TRUST_HOST;

/**
 * Whether a webhook may call a private or loopback address: where WEBHOOKS_ALLOW_PRIVATE says so,
 * outside production, and in the demo; never otherwise (a reseller's URL must not reach inside).
 */
export function privateWebhooksAllowed(config: Env = env): boolean {
  return config.WEBHOOKS_ALLOW_PRIVATE || config.NODE_ENV !== "production" || config.DEMO;
}

/** True when no DATABASE_URL is set: the site runs on PGlite in PGLITE_DIR. */
export const isEmbeddedDatabase = env.DATABASE_URL === undefined;

/** Where the embedded mode keeps its generated Auth.js secret. */
export const AUTH_SECRET_FILE = path.join(".data", "auth-secret");
/** Where the embedded mode keeps its generated key of the TOTP secrets. */
export const MFA_KEY_FILE = path.join(".data", "mfa-encryption-key");

/** What was generated or read from .data/, by absolute file name: read once per process. */
const keptInDataDir = new Map<string, string>();

/**
 * A value generated once and kept in `relativeFile` under the working directory (mode 0600), so a
 * newcomer sets nothing and it survives a restart. `usable` says whether what is there can serve.
 */
function keptValue(relativeFile: string, generate: () => string, usable: (v: string) => boolean): string {
  // Runtime data, never part of the build: without the comment the bundler cannot tell which
  // file this is and traces the whole project into the server output (with a warning per build).
  const file = path.resolve(/* turbopackIgnore: true */ process.cwd(), relativeFile);
  const known = keptInDataDir.get(file);
  if (known) return known;
  try {
    const stored = readFileSync(file, "utf8").trim();
    if (usable(stored)) return keep(file, stored);
  } catch {
    // Not there yet: generated below.
  }
  const value = generate();
  mkdirSync(path.dirname(file), { recursive: true });
  try {
    // "wx": if another process wrote it first, read theirs instead.
    writeFileSync(file, `${value}\n`, { mode: 0o600, flag: "wx" });
    chmodSync(file, 0o600);
    return keep(file, value);
  } catch {
    const stored = readFileSync(file, "utf8").trim();
    if (!usable(stored)) throw new Error(`${relativeFile} holds no usable value: delete it to make a new one`);
    return keep(file, stored);
  }
}

function keep(file: string, value: string): string {
  keptInDataDir.set(file, value);
  return value;
}

/**
 * The secret that signs sessions: AUTH_SECRET, or (when it is unset) one generated once and kept
 * in .data/auth-secret (mode 0600) so a newcomer sets nothing and sessions survive a restart.
 * Production with a real database refuses to start without AUTH_SECRET.
 */
export function authSecret(): string {
  if (env.AUTH_SECRET) return env.AUTH_SECRET;
  if (!isEmbeddedDatabase && env.NODE_ENV === "production") {
    throw new Error("AUTH_SECRET is required in production with DATABASE_URL (generate one: openssl rand -base64 33)");
  }
  return keptValue(
    AUTH_SECRET_FILE,
    () => Buffer.from(crypto.getRandomValues(new Uint8Array(33))).toString("base64url"),
    (stored) => stored.length >= 32,
  );
}

/**
 * The key of the staff TOTP secrets at rest (32 bytes): MFA_ENCRYPTION_KEY, or (when it is unset)
 * one generated once and kept in .data/mfa-encryption-key (mode 0600), as AUTH_SECRET is. Every
 * process of one site must use the same key: production with a real database refuses to work
 * without it (the second step of a staff sign-in and the setup page need it), rather than
 * generate a key no other instance has.
 */
export function mfaEncryptionKey(config: Env = env): Buffer {
  if (config.MFA_ENCRYPTION_KEY) return Buffer.from(config.MFA_ENCRYPTION_KEY, "base64");
  if (config.DATABASE_URL !== undefined && config.NODE_ENV === "production") {
    throw new Error("MFA_ENCRYPTION_KEY is required in production with DATABASE_URL (generate one: openssl rand -base64 32)");
  }
  const key = keptValue(
    MFA_KEY_FILE,
    () => Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString("base64"),
    (stored) => base64Length(stored) === 32,
  );
  return Buffer.from(key, "base64");
}

/**
 * The key the migrator encrypts clear TOTP secrets with. A database server is migrated from
 * anywhere (a laptop, a CI job) and often without NODE_ENV=production: a key generated there
 * would be one the servers do not have, and every staff second factor would stop working. So
 * for DATABASE_URL the migrator takes MFA_ENCRYPTION_KEY only; the embedded database, migrated by
 * the process that serves it, may use the generated key.
 */
export function mfaEncryptionKeyForMigration(config: Env = env): Buffer {
  if (!config.MFA_ENCRYPTION_KEY && config.DATABASE_URL !== undefined) {
    throw new Error(
      "MFA_ENCRYPTION_KEY is required to encrypt the TOTP secrets of the database at DATABASE_URL: set the key its servers use",
    );
  }
  return mfaEncryptionKey(config);
}

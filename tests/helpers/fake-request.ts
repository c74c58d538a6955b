/**
 * A stand-in for the request Next gives server actions and route handlers, for integration
 * tests of code that reads `next/headers` (client IP, Auth.js cookies):
 *
 *   vi.mock("next/headers", async () => (await import("@/tests/helpers/fake-request")).nextHeaders);
 *
 * The cookie jar keeps what Auth.js sets (the session cookie) and sends it back in `headers()`,
 * so sign-in, auth() and sign-out run for real against the test database.
 */
import { PEER_ADDRESS_HEADER } from "@/lib/client-address";

type CookieOptions = {
  expires?: Date | number;
  maxAge?: number;
  httpOnly?: boolean;
  sameSite?: unknown;
  secure?: boolean;
  path?: string;
};

export const fakeRequest = {
  /** The socket's peer (what `next start` records: lib/client-address.ts). */
  ip: "203.0.113.10",
  /** An X-Forwarded-For the client sent itself, if any. */
  forwardedFor: undefined as string | undefined,
  host: "localhost:3000",
  /** The browser's User-Agent, if any. */
  userAgent: undefined as string | undefined,
  proto: "http" as "http" | "https",
  jar: new Map<string, string>(),
  /** The options each cookie was last set with (HttpOnly, SameSite, Secure...). */
  options: new Map<string, CookieOptions | undefined>(),
  /** Tasks given to next/server's after() (mail delivery), not run until runAfterTasks(). */
  after: [] as (() => unknown)[],
};

/** Runs (and forgets) what the request left for after its response, as Next would. */
export async function runAfterTasks(): Promise<void> {
  for (const task of fakeRequest.after.splice(0)) await task();
}

/** A fresh visitor: no cookies, its own address, plain http. */
export function newVisitor(ip: string) {
  fakeRequest.ip = ip;
  fakeRequest.forwardedFor = undefined;
  fakeRequest.userAgent = undefined;
  fakeRequest.proto = "http";
  fakeRequest.jar = new Map();
  fakeRequest.options = new Map();
}

function expired(options?: CookieOptions): boolean {
  if (!options) return false;
  if (options.maxAge !== undefined && options.maxAge <= 0) return true;
  if (options.expires !== undefined) return new Date(options.expires).getTime() <= Date.now();
  return false;
}

const cookieStore = {
  get(name: string) {
    const value = fakeRequest.jar.get(name);
    return value === undefined ? undefined : { name, value };
  },
  getAll() {
    return [...fakeRequest.jar].map(([name, value]) => ({ name, value }));
  },
  has(name: string) {
    return fakeRequest.jar.has(name);
  },
  set(name: string, value: string, options?: CookieOptions) {
    fakeRequest.options.set(name, options);
    if (!value || expired(options)) fakeRequest.jar.delete(name);
    else fakeRequest.jar.set(name, value);
  },
  delete(name: string) {
    fakeRequest.jar.delete(name);
  },
};

export const nextHeaders = {
  headers: async () =>
    new Headers({
      host: fakeRequest.host,
      [PEER_ADDRESS_HEADER]: fakeRequest.ip,
      ...(fakeRequest.forwardedFor ? { "x-forwarded-for": fakeRequest.forwardedFor } : {}),
      ...(fakeRequest.userAgent ? { "user-agent": fakeRequest.userAgent } : {}),
      "x-forwarded-proto": fakeRequest.proto,
      cookie: [...fakeRequest.jar].map(([k, v]) => `${k}=${v}`).join("; "),
    }),
  cookies: async () => cookieStore,
  draftMode: async () => ({ isEnabled: false }),
};

/** The digest Next gives redirect(): 'NEXT_REDIRECT;replace;/customer/auth;307;'. */
export function redirectTarget(error: unknown): string | null {
  const digest = (error as { digest?: unknown } | null)?.digest;
  if (typeof digest !== "string" || !digest.startsWith("NEXT_REDIRECT")) return null;
  return digest.split(";")[2] ?? null;
}

/** Awaits `run` and returns where it redirected, or throws if it did not. */
export async function expectRedirect(run: () => Promise<unknown>): Promise<string> {
  try {
    await run();
  } catch (error) {
    const target = redirectTarget(error);
    if (target) return target;
    throw error;
  }
  throw new Error("expected a redirect");
}

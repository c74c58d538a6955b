/**
 * The demo accounts (db/seed.ts) have passwords printed in the README: anyone who can reach a
 * server that holds them can sign in as its admin. They exist only when asked for (`npm run
 * demo`, or DEMO=1), and a production server that finds them refuses to listen beyond the
 * machine itself. Pure functions: lib/server-start.ts applies them, tests/unit check them.
 */

/** True for a host name or address only this machine can reach. */
export function isLoopbackHost(host: string | undefined): boolean {
  if (!host) return false;
  const h = host.trim().toLowerCase().replace(/^\[(.*)\]$/, "$1");
  if (h === "localhost" || h.endsWith(".localhost")) return true;
  if (h === "::1" || h === "0:0:0:0:0:0:0:1") return true;
  const v4 = h.startsWith("::ffff:") ? h.slice("::ffff:".length) : h;
  return /^127(\.\d{1,3}){3}$/.test(v4);
}

/**
 * The host the server was told to listen on: `next start -H <host>` (or `--hostname`).
 * Undefined means every interface (Next's default), and so does anything else: a standalone
 * `server.js` counts as reachable from outside, the safe side.
 */
export function listenHostOf(argv: readonly string[]): string | undefined {
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === "-H" || arg === "--hostname") return argv[i + 1];
    if (arg.startsWith("--hostname=")) return arg.slice("--hostname=".length);
    if (/^-H./.test(arg)) return arg.slice(2);
  }
  return undefined;
}

export type DemoStartDecision =
  | { action: "start" }
  | { action: "warn"; message: string }
  | { action: "refuse"; message: string };

/**
 * Whether a server that found `demoAccounts` may start. Production listening beyond loopback:
 * refused (the README's passwords would open the admin area to anyone). Production on loopback
 * (`npm run demo`, the end-to-end tests) or development: started, with a warning.
 */
export function demoStartDecision(input: {
  production: boolean;
  demoAccounts: readonly string[];
  host: string | undefined;
}): DemoStartDecision {
  if (input.demoAccounts.length === 0) return { action: "start" };
  const accounts = input.demoAccounts.join(", ");
  if (input.production && !isLoopbackHost(input.host)) {
    return {
      action: "refuse",
      message:
        `Refusing to start: the database holds the demo accounts (${accounts}), whose passwords ` +
        `are public, and this production server listens on ${input.host ?? "every interface"}. ` +
        `Delete those accounts, or run the demo on this machine only (next start -H 127.0.0.1).`,
    };
  }
  return {
    action: "warn",
    message: `Demo accounts present (${accounts}): their passwords are public. Never expose this server.`,
  };
}

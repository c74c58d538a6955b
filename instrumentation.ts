/**
 * Runs once when a server process starts. It makes the page cache (lib/cache/cache-handler.mjs)
 * Next's for the process, records each request's socket peer for the rate
 * limits (lib/client-address.ts: Next does not pass it on when a client sends X-Forwarded-For),
 * then opens the database before the first request: in the embedded mode that migrates and
 * seeds PGlite and prints the demo accounts; with DATABASE_URL it checks the connection, so a
 * wrong URL fails at start naming the variable.
 */
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { registerPageCache } = await import("./lib/cache/register");
  await registerPageCache();
  const { recordSocketPeer } = await import("./lib/client-address");
  await recordSocketPeer();
  const { startServer } = await import("./lib/server-start");
  await startServer();
}

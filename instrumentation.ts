/**
 * Runs once when a server process starts. It opens the database before the first request: in
 * the embedded mode that migrates and seeds PGlite and prints the demo accounts; with
 * DATABASE_URL it checks the connection, so a wrong URL fails at start naming the variable.
 */
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { startServer } = await import("./lib/server-start");
  await startServer();
}

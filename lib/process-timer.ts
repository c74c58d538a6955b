/**
 * Work a server process repeats on a clock (the outbox's retries, the scheduled jobs). One timer
 * per name and process, kept on globalThis: instrumentation and the route bundles have separate
 * module copies. A run still going when the next is due is not started a second time, and the
 * timers never keep the process alive.
 */
const globalForTimers = globalThis as unknown as { __processTimers?: Set<string> };

/** Runs `run` every `everyMs`, the first time `firstAfterMs` after the start; once per name. */
export function startProcessTimer(
  name: string,
  { everyMs, firstAfterMs }: { everyMs: number; firstAfterMs: number },
  run: () => Promise<void>,
): void {
  const started = (globalForTimers.__processTimers ??= new Set());
  if (started.has(name)) return;
  started.add(name);
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      await run();
    } finally {
      running = false;
    }
  };
  setInterval(() => void tick(), everyMs).unref?.();
  setTimeout(() => void tick(), firstAfterMs).unref?.();
}

import "server-only";

import pino from "pino";

import { env } from "@/lib/env";

/**
 * The structured log: one JSON object per line on stdout, for whatever collects the host's
 * output. pino writes synchronously from this process (no transport thread), so a line is out
 * before the request that caused it answers, and the same code runs under `next start`, the
 * cluster and the tests. The threshold is LOG_LEVEL.
 */
export const logger = pino({
  level: env.LOG_LEVEL,
  base: undefined,
  timestamp: pino.stdTimeFunctions.isoTime,
  formatters: { level: (label) => ({ level: label }) },
});

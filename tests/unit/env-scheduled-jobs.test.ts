/**
 * Who runs the scheduled jobs (SCHEDULED_JOBS) and the secret of the route that runs them on
 * request (CRON_SECRET), as lib/env.ts reads them: the timer by default and the route off; an
 * external scheduler only with a secret it can send, and no secret short enough to guess.
 */
import { describe, expect, it } from "vitest";

import { parseEnv } from "@/lib/env";

const SECRET = "a-cron-secret-of-32-characters!!";

describe("SCHEDULED_JOBS and CRON_SECRET", () => {
  it("run the jobs on the in-process timer, with the route off, when neither is set", () => {
    const env = parseEnv({});
    expect(env.SCHEDULED_JOBS).toBe("timer");
    expect(env.CRON_SECRET).toBeUndefined();
    expect(parseEnv({ CRON_SECRET: "  " }).CRON_SECRET).toBeUndefined();
  });

  it("take an outside scheduler with its secret, and the secret beside the timer", () => {
    expect(parseEnv({ SCHEDULED_JOBS: "external", CRON_SECRET: SECRET })).toMatchObject({
      SCHEDULED_JOBS: "external",
      CRON_SECRET: SECRET,
    });
    expect(parseEnv({ CRON_SECRET: ` ${SECRET} ` })).toMatchObject({
      SCHEDULED_JOBS: "timer",
      CRON_SECRET: SECRET,
    });
  });

  it("refuse an outside scheduler without a secret: nothing would run the jobs", () => {
    expect(() => parseEnv({ SCHEDULED_JOBS: "external" })).toThrow(
      /CRON_SECRET: CRON_SECRET is required with SCHEDULED_JOBS=external/,
    );
  });

  it("refuse a secret under 16 characters and an unknown scheduler, naming each", () => {
    expect(() => parseEnv({ CRON_SECRET: "short-secret" })).toThrow(
      /CRON_SECRET: CRON_SECRET must be at least 16 characters/,
    );
    expect(() => parseEnv({ SCHEDULED_JOBS: "cron", CRON_SECRET: SECRET })).toThrow(
      /SCHEDULED_JOBS: SCHEDULED_JOBS must be "timer" or "external"/,
    );
  });
});

import { createHash, timingSafeEqual } from "node:crypto";

import { env } from "@/lib/env";
import { logger } from "@/lib/logger";
import { plainResponse } from "@/lib/plain-response";
import { runScheduledJobs } from "@/lib/scheduled-jobs";

/**
 * The scheduled jobs run once, on request: for a host where no server process lives on to run
 * them on a timer (Vercel Cron calls it by vercel.json; a Node host may call it from a crontab).
 * GET, as Vercel Cron sends it, or POST; either with `Authorization: Bearer <CRON_SECRET>`.
 * - CRON_SECRET unset: 404 to everyone, the route is off (the in-process timer runs the jobs).
 * - No bearer secret, or another one: 401.
 * - Otherwise every job runs once and the answer is JSON, each job's counts
 *   (`{ ok, jobs: { lapse_unpaid_options: { lapsed: 1 }, deliver_mail: { sent: 2, failed: 0 }, … } }`),
 *   200, or 500 when a job failed (`"failed"` in its place; the error is in the log).
 * Two calls at once, or a call beside a server's timer, change each row once: every job claims
 * its rows under their locks (docs/decisions/0210-jobs-run-by-route-or-timer.md).
 * Order: authenticate (404/401), act; there is nothing to validate, the request carries no input.
 */
export const dynamic = "force-dynamic";
/** Seconds a run may take on Vercel: the jobs work in bounded batches, well within it. */
export const maxDuration = 60;

const digest = (value: string) => createHash("sha256").update(value, "utf8").digest();

/** The bearer token of the Authorization header ('Bearer <token>', the scheme in any case). */
function bearerOf(request: Request): string | null {
  const match = /^bearer +(.+)$/i.exec(request.headers.get("authorization") ?? "");
  return match ? match[1]!.trim() : null;
}

/**
 * Whether the request carries the secret, compared in constant time: both sides are hashed first,
 * so the comparison neither stops at the first differing byte nor tells the secret's length.
 */
function carriesSecret(request: Request, secret: string): boolean {
  const given = bearerOf(request);
  return given !== null && timingSafeEqual(digest(given), digest(secret));
}

async function run(request: Request): Promise<Response> {
  const secret = env.CRON_SECRET;
  if (!secret) return plainResponse(404, "Not found.");
  if (!carriesSecret(request, secret)) {
    const refused = plainResponse(401, "Unauthorized.");
    refused.headers.set("www-authenticate", 'Bearer realm="jobs"');
    return refused;
  }
  const report = await runScheduledJobs();
  logger.info({ event: "scheduled_jobs_run", trigger: "route", ...report });
  return Response.json(report, {
    status: report.ok ? 200 : 500,
    headers: { "cache-control": "no-store" },
  });
}

export async function GET(request: Request): Promise<Response> {
  return run(request);
}

export async function POST(request: Request): Promise<Response> {
  return run(request);
}

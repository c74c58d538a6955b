import "server-only";

import type { z } from "zod";

import { env } from "@/lib/env";
import { logger } from "@/lib/logger";
import { checkRateLimit } from "@/lib/rate-limit";

import { type Reseller, resellerByKey } from "./data/resellers";
import type { Capabilities } from "./octo";
import {
  bearerKey,
  hashApiKey,
  OctoError,
  requestedCapabilities,
  SUPPORTED_CAPABILITIES,
} from "./rules";

/**
 * The OCTO routes' shared steps: the key (401 without one, 403 for an unknown or revoked one),
 * the key's rate limit, the capabilities asked for, the body read against its schema (400
 * BAD_REQUEST), and every refusal answered in OCTO's shape. Order: authenticate, limit, validate,
 * act.
 */

/** A key's requests: enough for a reseller's sync and sales, not for a scrape loop gone wild. */
const KEY_LIMITS = { perMinute: 600, perHour: 20_000 };

export type OctoContext<P> = {
  request: Request;
  reseller: Reseller;
  caps: Capabilities;
  params: P;
};

const JSON_HEADERS = { "cache-control": "no-store" };

function octoJson(body: unknown, status: number, capabilities: string[] = []): Response {
  return Response.json(body, {
    status,
    headers: {
      ...JSON_HEADERS,
      ...(capabilities.length ? { "Octo-Capabilities": capabilities.join(", ") } : {}),
    },
  });
}

/** The OCTO endpoint's base URL, as the supplier answer names it. */
export const octoEndpoint = () => `${env.SITE_URL}/octo`;

/** A route handler of the OCTO API: `act` answers the JSON body of a success (200). */
export function octoRoute<P = Record<string, never>>(
  act: (context: OctoContext<P>) => Promise<unknown>,
) {
  return async (request: Request, route?: { params?: Promise<P> }): Promise<Response> => {
    try {
      const key = bearerKey(request.headers.get("authorization"));
      if (!key) throw new OctoError("UNAUTHORIZED");
      const reseller = await resellerByKey(key);
      if (!reseller) throw new OctoError("FORBIDDEN");
      const limit = await checkRateLimit("octo-key", [hashApiKey(key)], KEY_LIMITS);
      if (!limit.allowed) {
        const response = octoJson(
          { error: "TOO_MANY_REQUESTS", errorMessage: "Too many requests with this key" },
          429,
        );
        response.headers.set("retry-after", String(limit.retryAfterSeconds));
        return response;
      }
      const asked = requestedCapabilities(request.headers.get("octo-capabilities"));
      const used = SUPPORTED_CAPABILITIES.filter((c) => asked.has(c));
      const caps = { pricing: asked.has("octo/pricing"), content: asked.has("octo/content") };
      const params = ((await route?.params) ?? {}) as P;
      const body = await act({ request, reseller, caps, params });
      return octoJson(body, 200, used);
    } catch (error) {
      if (error instanceof OctoError) return octoJson(error.body, error.status);
      logger.error({
        event: "octo_failed",
        path: new URL(request.url).pathname,
        error: String(error),
      });
      return octoJson(
        {
          error: "INTERNAL_SERVER_ERROR",
          errorMessage: "There was an unrecoverable error, please try again",
        },
        500,
      );
    }
  };
}

/** The request's JSON body read against `schema`, else BAD_REQUEST naming the first problem. */
export async function readBody<S extends z.ZodType>(
  request: Request,
  schema: S,
): Promise<z.infer<S>> {
  let json: unknown;
  try {
    const text = await request.text();
    json = text.trim() === "" ? {} : JSON.parse(text);
  } catch {
    throw new OctoError("BAD_REQUEST", { message: "The request body is not valid JSON" });
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.length ? `${issue.path.join(".")}: ` : "";
    throw new OctoError("BAD_REQUEST", { message: `${where}${issue?.message ?? "invalid body"}` });
  }
  return parsed.data;
}

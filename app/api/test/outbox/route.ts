import type { NextRequest } from "next/server";

import { latestOutboxMail } from "@/lib/dal/test-outbox";
import { e2eOutboxEnabled } from "@/lib/env";

/**
 * GET /api/test/outbox?to=<email>[&template=<name>]: the newest outbox mail to an address, as
 * JSON. Only for the Playwright web server (E2E_OUTBOX=1, embedded database); 404 everywhere
 * else, so a real deployment never serves it.
 */
export async function GET(request: NextRequest) {
  const notFound = () => new Response("Not Found", { status: 404 });
  if (!e2eOutboxEnabled) return notFound();
  const to = request.nextUrl.searchParams.get("to") ?? "";
  const template = request.nextUrl.searchParams.get("template") ?? undefined;
  if (!to || to.length > 254 || (template && !/^[a-z0-9-]{1,50}$/.test(template))) {
    return Response.json({ error: "to (an email) is required" }, { status: 400 });
  }
  const mail = await latestOutboxMail(to, template);
  if (!mail) return notFound();
  return Response.json(mail, { headers: { "Cache-Control": "no-store" } });
}

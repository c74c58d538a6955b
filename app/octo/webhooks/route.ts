import { listWebhooks, registerWebhook, WebhookRefused } from "@/lib/resellers/data/webhooks";
import { octoRoute, readBody } from "@/lib/resellers/http";
import { OctoError } from "@/lib/resellers/rules";
import { webhookSchema } from "@/lib/resellers/schemas";

/**
 * /octo/webhooks (OCTO's webhooks capability), the caller's own webhooks only.
 * - POST { event, url, retryOnError?, headers? }: registers one; the capabilities the call asks
 *   for (Octo-Capabilities) shape its bodies. The answer carries its signing `secret`, once.
 *   A URL that is not a public address (unless the settings allow it): 400 BAD_REQUEST.
 * - GET: the caller's webhooks (never their secrets).
 */
export const dynamic = "force-dynamic";

export const POST = octoRoute(async ({ request, reseller, caps }) => {
  const body = await readBody(request, webhookSchema);
  try {
    const { webhook, secret } = await registerWebhook(reseller.id, {
      event: body.event,
      url: body.url,
      headers: body.headers,
      retryOnError: body.retryOnError,
      capabilities: [
        ...(caps.pricing ? ["octo/pricing"] : []),
        ...(caps.content ? ["octo/content"] : []),
      ],
    });
    return { ...webhook, secret };
  } catch (error) {
    if (error instanceof WebhookRefused)
      throw new OctoError("BAD_REQUEST", { message: error.message });
    throw error;
  }
});

export const GET = octoRoute(async ({ reseller }) =>
  (await listWebhooks(reseller.id)).map(({ createdAt: _, ...webhook }) => webhook),
);

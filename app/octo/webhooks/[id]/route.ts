import { removeWebhook } from "@/lib/resellers/data/webhooks";
import { octoRoute } from "@/lib/resellers/http";
import { OctoError } from "@/lib/resellers/rules";

/**
 * DELETE /octo/webhooks/:id (OCTO's webhooks capability): removes one of the caller's webhooks
 * and answers it; its deliveries not yet made are dropped. Another reseller's id, like an unknown
 * one: 400 BAD_REQUEST.
 */
export const dynamic = "force-dynamic";

export const DELETE = octoRoute<{ id: string }>(async ({ reseller, params }) => {
  const removed = await removeWebhook(reseller.id, params.id);
  if (!removed)
    throw new OctoError("BAD_REQUEST", { message: "The webhook id was missing or invalid" });
  return removed;
});

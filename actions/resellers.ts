"use server";

import { adminAction } from "@/lib/action";
import { DomainError } from "@/lib/errors";
import { formatMoney } from "@/lib/payments/ledger";
import {
  addWebhookForAdmin,
  createResellerForAdmin,
  issueApiKeyForAdmin,
  removeWebhookForAdmin,
  resendDeliveryForAdmin,
  revokeApiKeysForAdmin,
  setTourNetPrice,
} from "@/lib/resellers/data/admin";
import { ResellerNameTaken } from "@/lib/resellers/data/resellers";
import { WebhookRefused } from "@/lib/resellers/data/webhooks";
import {
  addWebhookSchema,
  clearTourNetPriceSchema,
  createResellerSchema,
  issueKeySchema,
  removeWebhookSchema,
  resendDeliverySchema,
  revokeKeySchema,
  tourNetPriceSchema,
} from "@/lib/resellers/schemas";

/**
 * /admin/resellers and a reseller's screen, admins only (staff get 'Access Denied'): create a
 * reseller of the OCTO API, issue it another key, revoke keys; on its screen, its net price per
 * tour, its webhooks and a delivery sent again. A new key or webhook secret is in the answer once
 * (`data.key`, `data.secret`), never again.
 */

const forbidden = { title: "Access Denied", message: "Only administrators can manage resellers." };
const notFound = { title: "Reseller Not Found", message: "This reseller no longer exists." };
const revalidate = ["/admin/resellers"] as const;

export const createResellerAction = adminAction(
  createResellerSchema,
  async (data) => {
    try {
      const { reseller, key } = await createResellerForAdmin(data);
      return {
        title: "Reseller Created",
        message: `${reseller.name} can call the OCTO API with its key. Copy it now: it is shown once.`,
        data: { key },
      };
    } catch (error) {
      if (!(error instanceof ResellerNameTaken)) throw error;
      return {
        status: "invalid" as const,
        fieldErrors: { name: ["A reseller with this name exists already"] },
        values: { name: data.name, commissionPercent: String(data.commissionPercent) },
        message: "A reseller with this name exists already",
        title: "Reseller Not Created",
      };
    }
  },
  {
    name: "createReseller",
    failure: { title: "Error", message: "Failed to create the reseller." },
    errors: { forbidden },
    revalidate,
  },
);

export const issueResellerKeyAction = adminAction(
  issueKeySchema,
  async (data) => {
    const key = await issueApiKeyForAdmin(data.name);
    return {
      title: "Key Issued",
      message: `A new key of ${data.name}. Copy it now: it is shown once.`,
      data: { key },
    };
  },
  {
    name: "issueResellerKey",
    failure: { title: "Error", message: "Failed to issue a key." },
    errors: { forbidden, not_found: notFound },
    revalidate,
  },
);

export const revokeResellerKeyAction = adminAction(
  revokeKeySchema,
  async (data) => {
    const revoked = await revokeApiKeysForAdmin(data.name, data.prefix);
    if (revoked === 0) throw new DomainError("not_found");
    return {
      title: "Key Revoked",
      message: `${data.prefix}… of ${data.name} is refused from now on.`,
    };
  },
  {
    name: "revokeResellerKey",
    failure: { title: "Error", message: "Failed to revoke the key." },
    errors: {
      forbidden,
      not_found: { title: "Key Not Found", message: "This key is already revoked." },
    },
    revalidate,
  },
);

/* A reseller's screen (/admin/resellers/<id>) */

const screen = ["/admin/resellers/[id]", "page"] as const;
const resellerGone = {
  title: "Reseller Not Found",
  message: "This reseller or tour no longer exists.",
};

export const setTourNetPriceAction = adminAction(
  tourNetPriceSchema,
  async (data) => {
    const { tour } = await setTourNetPrice(data);
    return {
      title: "Net Price Saved",
      message: `${tour}: ${formatMoney(data.netMinor, "USD")} a seat from now on. Seats already sold keep their price.`,
    };
  },
  {
    name: "setTourNetPrice",
    failure: { title: "Error", message: "Failed to save the net price." },
    errors: { forbidden, not_found: resellerGone },
    revalidate: [screen],
  },
);

export const clearTourNetPriceAction = adminAction(
  clearTourNetPriceSchema,
  async (data) => {
    const { tour } = await setTourNetPrice({ ...data, netMinor: null });
    return {
      title: "Net Price Cleared",
      message: `${tour} is priced by the reseller's commission again.`,
    };
  },
  {
    name: "clearTourNetPrice",
    failure: { title: "Error", message: "Failed to clear the net price." },
    errors: { forbidden, not_found: resellerGone },
    revalidate: [screen],
  },
);

export const addWebhookAction = adminAction(
  addWebhookSchema,
  async (data) => {
    try {
      const { secret } = await addWebhookForAdmin(data);
      return {
        title: "Webhook Added",
        message: "Copy its signing secret now: it is shown once.",
        data: { secret },
      };
    } catch (error) {
      if (!(error instanceof WebhookRefused)) throw error;
      return {
        status: "invalid" as const,
        fieldErrors: { url: [error.message] },
        values: { resellerId: data.resellerId, event: data.event, url: data.url },
        message: error.message,
        title: "Webhook Not Added",
      };
    }
  },
  {
    name: "addResellerWebhook",
    failure: { title: "Error", message: "Failed to add the webhook." },
    errors: { forbidden, not_found: notFound },
    revalidate: [screen],
  },
);

export const removeWebhookAction = adminAction(
  removeWebhookSchema,
  async (data) => {
    await removeWebhookForAdmin(data);
    return { title: "Webhook Removed", message: "Its deliveries not yet made are dropped." };
  },
  {
    name: "removeResellerWebhook",
    failure: { title: "Error", message: "Failed to remove the webhook." },
    errors: {
      forbidden,
      not_found: { title: "Webhook Not Found", message: "This webhook is already removed." },
    },
    revalidate: [screen],
  },
);

export const resendDeliveryAction = adminAction(
  resendDeliverySchema,
  async (data) => {
    await resendDeliveryForAdmin(data);
    return {
      title: "Delivery Queued",
      message: "It is sent again with the next run of the scheduled jobs, within minutes.",
    };
  },
  {
    name: "resendWebhookDelivery",
    failure: { title: "Error", message: "Failed to resend the delivery." },
    errors: {
      forbidden,
      not_found: { title: "Delivery Not Found", message: "This delivery no longer exists." },
    },
    revalidate: [screen],
  },
);

"use server";

import { adminAction } from "@/lib/action";
import { DomainError } from "@/lib/errors";
import {
  createReseller,
  issueApiKey,
  ResellerNameTaken,
  revokeApiKeys,
} from "@/lib/resellers/data/resellers";
import { createResellerSchema, issueKeySchema, revokeKeySchema } from "@/lib/resellers/schemas";

/**
 * /admin/resellers, admins only (staff get 'Access Denied'): create a reseller of the OCTO API,
 * issue it another key, revoke keys. A new key is in the answer once (`data.key`), never again:
 * only its hash is stored.
 */

const forbidden = { title: "Access Denied", message: "Only administrators can manage resellers." };
const notFound = { title: "Reseller Not Found", message: "This reseller no longer exists." };
const revalidate = ["/admin/resellers"] as const;

export const createResellerAction = adminAction(
  createResellerSchema,
  async (data) => {
    try {
      const { reseller, key } = await createReseller(data);
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
    const key = await issueApiKey(data.name);
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
    const revoked = await revokeApiKeys(data.name, data.prefix);
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

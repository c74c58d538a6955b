"use server";

import { adminAction } from "@/lib/action";
import { createTariff, updateTariff } from "@/lib/parks/data/tariffs";
import { PARK_FEE_LABELS, RESIDENCY_LABELS } from "@/lib/parks/rules";
import { tariffSchema, updateTariffSchema } from "@/lib/parks/schemas";

/** /admin/tariffs: add and edit park fee tariff rows. Admins only (staff get 'Access Denied'). */

const forbidden = { title: "Access Denied", message: "Only administrators can change tariffs." };
const notFound = { title: "Tariff Not Found", message: "This tariff row no longer exists." };
const revalidate = ["/admin/tariffs"] as const;

export const createTariffAction = adminAction(
  tariffSchema,
  async (data) => {
    const row = await createTariff(data);
    return {
      title: "Tariff Added",
      message: `${PARK_FEE_LABELS[row.fee]}, ${RESIDENCY_LABELS[row.residency]}, from ${row.effectiveFrom}.`,
    };
  },
  {
    name: "createTariff",
    failure: { title: "Error", message: "Failed to add the tariff." },
    errors: { forbidden },
    revalidate,
  },
);

export const updateTariffAction = adminAction(
  updateTariffSchema,
  async (data) => {
    const row = await updateTariff(data);
    return {
      title: "Tariff Updated",
      message: `${PARK_FEE_LABELS[row.fee]}, ${RESIDENCY_LABELS[row.residency]} has been saved.`,
    };
  },
  {
    name: "updateTariff",
    failure: { title: "Error", message: "Failed to update the tariff." },
    errors: { forbidden, not_found: notFound },
    revalidate,
  },
);

import type { Metadata } from "next";
import { notFound } from "next/navigation";

import {
  DeliveryLog,
  ResellerSummary,
  ResellerWebhooks,
  TourNetPrices,
} from "@/components/admin/resellers/reseller-screen";
import { Screen } from "@/components/shared/page-header";
import { DomainError } from "@/lib/errors";
import { getResellerForAdmin } from "@/lib/resellers/data/admin";

export const metadata: Metadata = { title: "Reseller" };

/**
 * /admin/resellers/<id> (admins only; the read checks): one reseller's net price per tour, its
 * webhooks and their delivery log.
 */
export default async function ResellerPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const screen = await getResellerForAdmin(id).catch((error: unknown) => {
    if (error instanceof DomainError && error.code === "not_found") notFound();
    throw error;
  });
  return (
    <Screen
      title={screen.reseller.name}
      description="A reseller selling our departures over the OCTO API: its prices, webhooks and what was sent to them."
    >
      <ResellerSummary screen={screen} />
      <TourNetPrices screen={screen} />
      <ResellerWebhooks screen={screen} />
      <DeliveryLog screen={screen} />
    </Screen>
  );
}

import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";

import { ManifestBookings, ManifestHeader } from "@/components/admin/manifest/manifest-view";
import { FileText } from "@/components/icons";
import { Screen } from "@/components/shared/page-header";
import { Button } from "@/components/ui/button";
import { getManifest } from "@/lib/departures/data/manifest";

export const metadata: Metadata = { title: "Manifest" };

/**
 * /admin/departures/<id>: the departure's manifest (every live booking with its travellers, the
 * guide, the payment state), its CSV and the guide's printable day sheet.
 */
export default async function DepartureManifestPage({
  params,
}: {
  params: Promise<{ id: string }>;
}) {
  const { id } = await params;
  const manifest = await getManifest(id);
  if (!manifest) notFound();
  const { departure } = manifest;
  return (
    <Screen
      title={departure.tourTitle}
      description="Manifest: the travellers of every booking on this departure."
      actions={
        <>
          <Button asChild variant="outline" className="bg-card">
            {/* A file, not a page: no client navigation or prefetch. */}
            <a href={`/admin/departures/${departure.id}/manifest.csv`} download>
              <FileText aria-hidden="true" />
              Download CSV
            </a>
          </Button>
          <Button asChild>
            <Link href={`/admin/departures/${departure.id}/day-sheet`} prefetch={false}>
              Print day sheet
            </Link>
          </Button>
        </>
      }
    >
      <ManifestHeader departure={departure} />
      <ManifestBookings bookings={manifest.bookings} />
    </Screen>
  );
}

import type { Metadata } from "next";
import { notFound } from "next/navigation";

import { DaySheetView } from "@/components/admin/manifest/day-sheet-view";
import { getDaySheet } from "@/lib/departures/data/manifest";

export const metadata: Metadata = { title: "Day sheet" };

/**
 * /admin/departures/<id>/day-sheet: the guide's printable sheet of the departure (tour, dates,
 * guide, meeting notes, travellers with their notes, each booking's contact phone). No prices and
 * no payment data.
 */
export default async function DaySheetPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const sheet = await getDaySheet(id);
  if (!sheet) notFound();
  return <DaySheetView sheet={sheet} />;
}

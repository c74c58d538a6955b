import { ToursTableSkeleton } from "@/components/admin/tours/tours-table-skeleton";

export default function Loading() {
  return <ToursTableSkeleton />;
}

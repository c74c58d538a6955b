import { Skeleton } from "@/components/ui/skeleton";

/** The loading state of a customer page: three stat cards and one panel below them. */
export function StatsSkeleton({
  label,
  panelClassName,
}: {
  label: string;
  panelClassName: string;
}) {
  return (
    <div role="status" className="grid grid-cols-1 gap-6" aria-busy="true" aria-label={label}>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-3">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="h-28 rounded-2xl" />
        ))}
      </div>
      <Skeleton className={panelClassName} />
    </div>
  );
}

import { Skeleton } from "@/components/ui/skeleton";

/** A99: three skeleton rows while the tours load. */
export function ToursTableSkeleton() {
  return (
    <div className="grid grid-cols-1 gap-6" aria-busy="true" aria-label="Loading tours">
      <Skeleton className="h-9 w-64" />
      <Skeleton className="h-10 w-full max-w-md" />
      <div className="grid gap-2 rounded-2xl border border-border/70 bg-card p-4">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="h-12 rounded-lg" />
        ))}
      </div>
    </div>
  );
}

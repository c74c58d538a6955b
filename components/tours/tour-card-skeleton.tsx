import { Skeleton } from "@/components/ui/skeleton";

/** Placeholder of a TourCard while the catalogue streams in. */
export function TourCardSkeleton() {
  return (
    <div
      className="flex flex-col overflow-hidden rounded-2xl border border-border/70 bg-card shadow-sm"
      aria-hidden="true"
    >
      <Skeleton className="aspect-[4/3] rounded-none" />
      <div className="space-y-4 p-6">
        <Skeleton className="h-6 w-3/4" />
        <Skeleton className="h-4 w-1/2" />
        <Skeleton className="h-4 w-full" />
        <Skeleton className="h-4 w-5/6" />
        <Skeleton className="h-10 w-full rounded-full" />
      </div>
    </div>
  );
}

/** The three skeleton cards shown while a tour grid loads. */
export function TourGridSkeleton({ count = 3 }: { count?: number }) {
  return (
    <div
      role="status"
      aria-label="Loading tours"
      className="grid gap-8 sm:grid-cols-2 lg:grid-cols-3"
    >
      {Array.from({ length: count }, (_, i) => (
        <TourCardSkeleton key={i} />
      ))}
    </div>
  );
}

import { Skeleton } from "@/components/ui/skeleton";

/** Email Preferences while loading. */
export function PreferencesSkeleton() {
  return (
    <div
      role="status"
      className="grid grid-cols-1 gap-6"
      aria-busy="true"
      aria-label="Loading your preferences"
    >
      <div className="flex items-end justify-between gap-4">
        <div className="grid gap-2">
          <h1 className="font-display text-2xl font-bold text-forest-deep sm:text-3xl">
            Email Preferences
          </h1>
          <Skeleton className="h-4 w-56" />
        </div>
        <Skeleton className="h-9 w-36" />
      </div>
      <Skeleton className="h-20 rounded-2xl" />
      <div className="grid gap-4 rounded-2xl border border-border/70 bg-card p-6">
        {[0, 1, 2, 3, 4].map((i) => (
          <div key={i} className="flex items-center justify-between gap-4">
            <div className="grid flex-1 gap-2">
              <Skeleton className="h-4 w-40" />
              <Skeleton className="h-3 w-3/4" />
            </div>
            <Skeleton className="h-5 w-9 rounded-full" />
          </div>
        ))}
      </div>
      <Skeleton className="h-40 rounded-2xl" />
    </div>
  );
}

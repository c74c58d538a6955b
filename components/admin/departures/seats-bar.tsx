import { cn } from "@/lib/utils";

/**
 * Capacity at a glance: a bar of the seats sold (and held) against the capacity, beside the
 * figures. The bar is decoration; the text says the same for everyone.
 */
export function SeatsBar({
  taken,
  held = 0,
  capacity,
  className,
}: {
  taken: number;
  held?: number;
  capacity: number;
  className?: string;
}) {
  const pct = (n: number) => (capacity > 0 ? Math.min(100, Math.max(0, (n / capacity) * 100)) : 0);
  const full = taken + held >= capacity;
  return (
    <span
      aria-hidden="true"
      data-testid="seats-bar"
      className={cn("flex h-2 w-28 overflow-hidden rounded-full bg-muted", className)}
    >
      <span
        className={cn("h-full", full ? "bg-terracotta" : "bg-forest")}
        style={{ width: `${pct(taken)}%` }}
      />
      {held > 0 ? (
        <span className="h-full bg-amber-400" style={{ width: `${pct(held)}%` }} />
      ) : null}
    </span>
  );
}

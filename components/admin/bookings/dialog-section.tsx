import type { ReactNode } from "react";

import { cn } from "@/lib/utils";

/** A titled block of the Edit dialog. */
export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="grid gap-3 rounded-xl border border-border/70 p-4">
      <h3 className="text-xs font-semibold tracking-wide text-forest-deep uppercase">{title}</h3>
      {children}
    </section>
  );
}

/** A label over its value, in the Edit dialog and on a departure's pages. */
export function Detail({
  label,
  value,
  className,
}: {
  label: string;
  value: ReactNode;
  className?: string;
}) {
  return (
    <div className={cn("min-w-0", className)}>
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="text-sm font-medium break-words">{value}</dd>
    </div>
  );
}

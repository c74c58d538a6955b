import Link from "next/link";

import { ArrowRight, type Icon } from "@/components/icons";

/** A figure with its label (dashboard, messages). */
export function StatCard({
  label,
  value,
  hint,
  icon: Icon,
  link,
}: {
  label: string;
  value: React.ReactNode;
  hint?: string;
  icon: Icon;
  /** A link under the hint to the list the figure counts. */
  link?: { href: string; label: string };
}) {
  return (
    <div
      role="group"
      aria-label={label}
      className="flex items-start justify-between gap-3 rounded-2xl border border-border/70 bg-card p-5 shadow-sm"
    >
      <div className="min-w-0">
        <p className="text-sm font-medium text-muted-foreground">{label}</p>
        <p data-slot="stat-value" className="mt-1 font-display text-3xl font-bold text-forest-deep">
          {value}
        </p>
        {hint ? <p className="mt-1 text-xs text-muted-foreground">{hint}</p> : null}
        {link ? (
          <Link
            href={link.href}
            className="mt-2 inline-flex items-center gap-1 text-sm font-medium text-primary underline-offset-4 hover:underline"
          >
            {link.label}
            <ArrowRight className="size-3.5" aria-hidden="true" />
          </Link>
        ) : null}
      </div>
      <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-secondary text-primary">
        <Icon className="size-5" aria-hidden="true" />
      </span>
    </div>
  );
}

import type { Icon } from "@/components/icons";

/** A figure with its label (dashboard, messages). */
export function StatCard({
  label,
  value,
  hint,
  icon: Icon,
}: {
  label: string;
  value: React.ReactNode;
  hint?: string;
  icon: Icon;
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
      </div>
      <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-secondary text-primary">
        <Icon className="size-5" aria-hidden="true" />
      </span>
    </div>
  );
}

import type { ReactNode } from "react";

/** The pay pages' frame: one card in the middle of the page, a heading and what follows. */
export function PayCard({
  title,
  eyebrow,
  children,
}: {
  title: string;
  eyebrow?: string;
  children: ReactNode;
}) {
  return (
    <section className="container-page flex justify-center py-12 sm:py-20">
      <div className="w-full max-w-xl rounded-2xl border border-border/70 bg-card p-6 shadow-sm sm:p-8">
        {eyebrow ? (
          <p className="mb-2 text-sm font-semibold tracking-[0.18em] text-terracotta-text uppercase">
            {eyebrow}
          </p>
        ) : null}
        <h1 className="font-display text-3xl font-bold text-forest-deep">{title}</h1>
        {children}
      </div>
    </section>
  );
}

/** A line of a summary: a label and its value. */
export function PayRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-[8.5rem_minmax(0,1fr)] gap-3 py-1.5 text-sm">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="font-medium break-words text-foreground">{children}</dd>
    </div>
  );
}

import type { ReactNode } from "react";

import type { Icon } from "@/components/icons";
import { cn } from "@/lib/utils";

/** The colours of a result's mark: paid, still waiting, or not paid. */
export type PayTone = "good" | "waiting" | "bad";

const MARK_TONES: Record<PayTone, string> = {
  good: "bg-secondary text-primary ring-primary/10",
  waiting: "bg-savanna-soft text-terracotta-text ring-savanna/20",
  bad: "bg-destructive/10 text-destructive ring-destructive/10",
};

/**
 * The pay pages' frame: one card in the middle of the page, a heading and what follows; a result
 * shows its mark (a tick, a clock, a cross) above the heading, `banner` is a band across the
 * card's top (the demo checkout's notice) and `footer` one at its foot (the accepted methods).
 */
export function PayCard({
  title,
  eyebrow,
  mark,
  banner,
  footer,
  children,
}: {
  title: string;
  eyebrow?: ReactNode;
  mark?: { icon: Icon; tone: PayTone };
  banner?: ReactNode;
  footer?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section className="container-page flex justify-center py-8 sm:py-16">
      <div className="w-full max-w-xl overflow-hidden rounded-2xl border border-border/70 bg-card shadow-sm">
        {banner}
        <div className="p-5 sm:p-8">
          {mark ? (
            <span
              className={cn(
                "mt-1 mb-5 ml-1 grid size-12 place-items-center rounded-full ring-4",
                MARK_TONES[mark.tone],
              )}
            >
              <mark.icon className="size-6" aria-hidden="true" />
            </span>
          ) : null}
          {eyebrow ? (
            <p className="mb-2 flex items-center gap-1.5 text-xs font-semibold tracking-[0.18em] text-terracotta-text uppercase">
              {eyebrow}
            </p>
          ) : null}
          <h1 className="font-display text-2xl font-bold text-balance text-forest-deep sm:text-3xl">
            {title}
          </h1>
          {children}
        </div>
        {footer ? (
          <div className="border-t border-border/70 bg-muted/50 px-5 py-4 sm:px-8">{footer}</div>
        ) : null}
      </div>
    </section>
  );
}

/**
 * A line of a summary, as on a receipt: the label on the left, the value on the right (on a line
 * of its own when both do not fit). Inside a `<dl>`.
 */
export function PayRow({
  label,
  children,
  strong = false,
}: {
  label: string;
  children: ReactNode;
  /** The line that matters most (what is due): larger and darker. */
  strong?: boolean;
}) {
  return (
    <div className="flex flex-wrap items-baseline justify-between gap-x-6 gap-y-0.5 py-2.5 text-sm">
      <dt className="text-muted-foreground">{label}</dt>
      <dd
        className={cn(
          "ml-auto min-w-0 text-right font-medium break-words text-foreground tabular-nums",
          strong && "text-base font-semibold text-forest-deep",
        )}
      >
        {children}
      </dd>
    </div>
  );
}

import { cn } from "@/lib/utils";

/** Eyebrow, heading and lead paragraph that open a page section. */
export function SectionHeading({
  id,
  eyebrow,
  title,
  children,
  align = "center",
  className,
}: {
  id?: string;
  eyebrow?: string;
  title: string;
  children?: React.ReactNode;
  align?: "center" | "left";
  className?: string;
}) {
  return (
    <div className={cn("max-w-2xl", align === "center" && "mx-auto text-center", className)}>
      {eyebrow ? (
        <p className="mb-3 text-sm font-semibold tracking-[0.18em] text-terracotta-text uppercase">
          {eyebrow}
        </p>
      ) : null}
      <h2 id={id} className="font-display text-3xl font-bold text-forest-deep sm:text-4xl">
        {title}
      </h2>
      {children ? (
        <div className="mt-4 text-lg leading-relaxed text-muted-foreground">{children}</div>
      ) : null}
    </div>
  );
}

/** Header band at the top of an inner page (tours, about, contact, legal). */
export function PageHero({
  eyebrow,
  title,
  children,
}: {
  eyebrow?: string;
  title: string;
  children?: React.ReactNode;
}) {
  return (
    <section className="relative overflow-hidden bg-forest-deep text-white">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-0 bg-[radial-gradient(ellipse_at_top_right,rgba(224,165,38,0.28),transparent_55%),radial-gradient(ellipse_at_bottom_left,rgba(31,107,74,0.9),transparent_60%)]"
      />
      <svg
        aria-hidden="true"
        viewBox="0 0 1440 120"
        preserveAspectRatio="none"
        className="absolute inset-x-0 bottom-0 h-12 w-full text-background sm:h-16"
      >
        <path
          fill="currentColor"
          d="M0 80c180-40 360-60 540-40s360 60 540 50 270-40 360-50v120H0z"
        />
      </svg>
      <div className="relative container-page pt-16 pb-24 text-center sm:pt-20 sm:pb-28">
        {eyebrow ? (
          <p className="mb-4 text-sm font-semibold tracking-[0.2em] text-savanna uppercase">
            {eyebrow}
          </p>
        ) : null}
        <h1 className="mx-auto max-w-3xl font-display text-4xl font-bold sm:text-5xl lg:text-6xl">
          {title}
        </h1>
        {children ? (
          <div className="mx-auto mt-5 max-w-2xl text-lg leading-relaxed text-white/85">
            {children}
          </div>
        ) : null}
      </div>
    </section>
  );
}

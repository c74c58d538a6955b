const STATS = [
  { value: "500+", label: "Happy Travellers" },
  { value: "15", label: "Years Experience" },
  { value: "12", label: "Tour Packages" },
  { value: "4.9", label: "Rating" },
] as const;

/** Static figures under the hero. */
export function HomeStats() {
  return (
    <section aria-label="Breathe Uganda in numbers" className="relative z-10 -mt-12 sm:-mt-16">
      <div className="container-page">
        <dl className="grid grid-cols-2 overflow-hidden rounded-2xl border border-border/70 bg-card shadow-xl shadow-forest-deep/10 lg:grid-cols-4">
          {STATS.map((stat, i) => (
            <div
              key={stat.label}
              className={[
                "flex flex-col-reverse items-center gap-1 px-4 py-7 text-center sm:py-9",
                i % 2 === 1 ? "border-l border-border/70" : "",
                i >= 2 ? "border-t border-border/70 lg:border-t-0" : "",
                i === 2 ? "lg:border-l" : "",
              ].join(" ")}
            >
              <dt className="text-sm font-medium text-muted-foreground sm:text-base">
                {stat.label}
              </dt>
              <dd className="font-display text-4xl font-bold text-primary sm:text-5xl">
                {stat.value}
              </dd>
            </div>
          ))}
        </dl>
      </div>
    </section>
  );
}

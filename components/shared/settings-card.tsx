/** A card of the account pages (profile, email preferences): a titled section. */
export function SettingsCard({
  id,
  title,
  icon,
  children,
}: {
  id: string;
  title: string;
  icon?: React.ReactNode;
  children: React.ReactNode;
}) {
  return (
    <section
      aria-labelledby={id}
      className="rounded-2xl border border-border/70 bg-card p-5 shadow-sm sm:p-6"
    >
      <h2
        id={id}
        className="mb-4 flex items-center gap-2 font-display text-xl font-bold text-forest-deep"
      >
        {icon}
        {title}
      </h2>
      {children}
    </section>
  );
}

/** A titled block of the Edit dialog. */
export function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="grid gap-3 rounded-xl border border-border/70 p-4">
      <h3 className="text-xs font-semibold tracking-wide text-forest-deep uppercase">{title}</h3>
      {children}
    </section>
  );
}

import type { ReactNode } from "react";

import { SectionHeading } from "./section-heading";

/** A band of a page: the centred section heading (eyebrow, title, lead) and what follows it. */
export function PageSection({
  headingId,
  eyebrow,
  title,
  intro,
  className = "py-20 sm:py-24",
  children,
}: {
  headingId: string;
  eyebrow: string;
  title: string;
  intro?: ReactNode;
  /** Background and vertical padding. */
  className?: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={headingId} className={className}>
      <div className="container-page">
        <SectionHeading id={headingId} eyebrow={eyebrow} title={title}>
          {intro}
        </SectionHeading>
        {children}
      </div>
    </section>
  );
}

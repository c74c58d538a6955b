import type { ComponentType, ReactNode } from "react";

import type { IconProps } from "@/components/icons";

const ICON_TONES = {
  primary: "bg-primary text-primary-foreground",
  savanna: "bg-savanna-soft text-forest-deep",
} as const;

/**
 * A card of a grid (a list item): an icon in a rounded square, a title and a text. Used by the
 * about values, the home page's reasons and the contact cards.
 */
export function IconCard({
  icon: Icon,
  title,
  children,
  headingLevel: Heading = "h3",
  tone = "savanna",
  className = "border-border/60 p-7",
}: {
  icon: ComponentType<IconProps>;
  title: string;
  children: ReactNode;
  headingLevel?: "h2" | "h3";
  tone?: keyof typeof ICON_TONES;
  /** Border colour and padding. */
  className?: string;
}) {
  return (
    <li
      className={`rounded-2xl border ${className} bg-card shadow-sm transition-all duration-300 hover:-translate-y-1 hover:shadow-lg`}
    >
      <span
        className={`inline-flex size-12 items-center justify-center rounded-xl ${ICON_TONES[tone]}`}
      >
        <Icon className="size-6" aria-hidden="true" />
      </span>
      <Heading className="mt-5 font-display text-xl font-bold text-forest-deep">{title}</Heading>
      {children}
    </li>
  );
}

/** The text of an IconCard. */
export function IconCardText({ children }: { children: ReactNode }) {
  return <p className="mt-2 text-sm leading-relaxed text-muted-foreground">{children}</p>;
}

/** Four IconCards in a responsive grid, one for each { icon, title, text }. */
export function IconCardGrid({
  items,
  tone,
}: {
  items: readonly { icon: ComponentType<IconProps>; title: string; text: string }[];
  tone?: keyof typeof ICON_TONES;
}) {
  return (
    <ul className="mt-14 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
      {items.map(({ icon, title, text }) => (
        <IconCard key={title} icon={icon} title={title} tone={tone}>
          <IconCardText>{text}</IconCardText>
        </IconCard>
      ))}
    </ul>
  );
}

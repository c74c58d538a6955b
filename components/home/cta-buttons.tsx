import type { ComponentType, ReactNode } from "react";

import { ArrowRight, type IconProps } from "@/components/icons";
import { LinkButton } from "@/components/site/link-button";
import { cn } from "@/lib/utils";

/** The main call to action on a dark green section: a large accent pill with an arrow. */
export function AccentCta({ href, children }: { href: string; children: ReactNode }) {
  return (
    <LinkButton
      href={href}
      icon={ArrowRight}
      iconEnd
      size="lg"
      variant="accent"
      className="h-13 rounded-full px-8 text-base font-semibold"
    >
      {children}
    </LinkButton>
  );
}

/** The second call to action beside AccentCta: a white outline pill; `glass` frosts it. */
export function OutlineCta({
  href,
  icon,
  glass = false,
  children,
}: {
  href: string;
  icon?: ComponentType<IconProps>;
  glass?: boolean;
  children: ReactNode;
}) {
  return (
    <LinkButton
      href={href}
      icon={icon}
      size="lg"
      variant="outline"
      className={cn(
        "h-13 rounded-full border-white/60 px-8 text-base font-semibold text-white hover:bg-white hover:text-forest-deep",
        glass ? "bg-white/5 backdrop-blur" : "bg-transparent",
      )}
    >
      {children}
    </LinkButton>
  );
}

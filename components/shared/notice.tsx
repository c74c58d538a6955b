import type { ComponentType, ReactNode } from "react";

import type { IconProps } from "@/components/icons";
import { cn } from "@/lib/utils";

const TONES = {
  alert: "border-destructive/40 bg-destructive/10 font-medium text-destructive",
  status: "border-savanna/60 bg-savanna-soft/60 text-forest-deep",
};

/**
 * A line that stands out on a settings screen, led by its icon: an alert (something failed) or a
 * status (something waits), announced as its role says.
 */
export function Notice({
  role,
  icon: Glyph,
  children,
}: {
  role: keyof typeof TONES;
  icon: ComponentType<IconProps>;
  children: ReactNode;
}) {
  return (
    <p
      role={role}
      className={cn("flex items-start gap-2 rounded-xl border p-4 text-sm", TONES[role])}
    >
      <Glyph className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      {children}
    </p>
  );
}

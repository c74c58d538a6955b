import type { ReactNode } from "react";

/**
 * 'Offered' before a row's switch where no column heading says what the switch is (a card, a
 * lodge's heading): off, the row leaves the choices of new proposals.
 */
export function Offered({ children }: { children: ReactNode }) {
  return (
    <span className="inline-flex items-center gap-2 text-sm text-muted-foreground">
      <span aria-hidden="true">Offered</span>
      {children}
    </span>
  );
}

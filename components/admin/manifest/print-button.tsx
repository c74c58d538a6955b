"use client";

import { Button } from "@/components/ui/button";

/** Opens the browser's print dialog (hidden on paper). */
export function PrintButton() {
  return (
    <Button type="button" className="day-sheet-screen-only" onClick={() => window.print()}>
      Print
    </Button>
  );
}

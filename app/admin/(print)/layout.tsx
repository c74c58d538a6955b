import "./day-sheet.css";

import type { Metadata } from "next";

export const metadata: Metadata = {
  title: { template: "%s | Admin | Breathe Uganda", default: "Admin | Breathe Uganda" },
  robots: { index: false, follow: false },
};

/**
 * Printable staff pages (the guide's day sheet): no sidebar or header, so the page prints as it
 * shows. Each page checks the caller through the DAL (requireStaff), like the panel's pages.
 */
export default function AdminPrintLayout({ children }: { children: React.ReactNode }) {
  return (
    <main
      id="main-content"
      className="day-sheet-root mx-auto w-full max-w-4xl bg-background px-4 py-6 sm:px-8"
    >
      {children}
    </main>
  );
}

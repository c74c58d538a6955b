import type { Metadata } from "next";

import { Logo } from "./logo";
import { NotFoundContent } from "./not-found-content";

export const areaNotFoundMetadata: Metadata = {
  title: "Page Not Found",
  description: "The page you're looking for doesn't exist or has been moved.",
};

/**
 * 404 of the customer and admin areas (a notFound() there; unknown public paths land in
 * app/(site)/[...missing] with the full chrome). Kept small on purpose: Next sends this boundary
 * with every page of the area, so the public chrome is not repeated here.
 */
export function AreaNotFound() {
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="border-b border-border/70 bg-background">
        <div className="container-page flex h-16 items-center">
          <Logo />
        </div>
      </header>
      <main id="main-content" className="flex-1">
        <NotFoundContent />
      </main>
    </div>
  );
}

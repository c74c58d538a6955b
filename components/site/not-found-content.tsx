import Link from "next/link";

import { ArrowLeft, Compass } from "@/components/icons";
import { Button } from "@/components/ui/button";

/** The body of the 404 page. */
export function NotFoundContent() {
  return (
    <section className="container-page flex flex-col items-center py-24 text-center sm:py-32">
      <span className="inline-flex size-20 items-center justify-center rounded-full bg-savanna-soft text-forest-deep">
        <Compass className="size-10" aria-hidden="true" />
      </span>
      <p className="mt-8 font-display text-7xl font-bold text-primary sm:text-8xl">404</p>
      <h1 className="mt-4 font-display text-3xl font-bold text-forest-deep sm:text-4xl">
        Page Not Found
      </h1>
      <p className="mt-4 max-w-md text-lg text-muted-foreground">
        The page you&apos;re looking for doesn&apos;t exist or has been moved.
      </p>
      <Button asChild size="lg" className="mt-10 rounded-full px-8">
        <Link href="/">
          <ArrowLeft aria-hidden="true" />
          Return to Home
        </Link>
      </Button>
    </section>
  );
}

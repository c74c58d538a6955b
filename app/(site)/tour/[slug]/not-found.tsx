import type { Metadata } from "next";
import Link from "next/link";

import { ArrowLeft, Compass } from "@/components/icons";
import { Button } from "@/components/ui/button";

export const metadata: Metadata = {
  title: "Tour Not Found",
  description: "The tour you're looking for doesn't exist.",
};

export default function TourNotFound() {
  return (
    <section className="container-page flex flex-col items-center py-24 text-center sm:py-32">
      <span className="inline-flex size-20 items-center justify-center rounded-full bg-savanna-soft text-forest-deep">
        <Compass className="size-10" aria-hidden="true" />
      </span>
      <h1 className="mt-8 font-display text-4xl font-bold text-forest-deep sm:text-5xl">
        Tour Not Found
      </h1>
      <p className="mt-4 max-w-md text-lg text-muted-foreground">
        The tour you&apos;re looking for doesn&apos;t exist.
      </p>
      <Button asChild size="lg" className="mt-10 rounded-full px-8">
        <Link href="/tours">
          <ArrowLeft aria-hidden="true" />
          Browse All Tours
        </Link>
      </Button>
    </section>
  );
}

import { Compass } from "@/components/icons";
import { LinkButton } from "@/components/site/link-button";

/** 'Can't find what you're looking for?': the custom-trip call to action under the catalogue. */
export function CustomTripCta() {
  return (
    <section
      aria-labelledby="custom-trip-heading"
      className="relative overflow-hidden rounded-3xl bg-savanna-soft px-6 py-12 sm:px-12 sm:py-14"
    >
      <div className="relative flex flex-col items-start gap-8 lg:flex-row lg:items-center lg:justify-between">
        <div className="flex gap-5">
          <span className="hidden size-14 shrink-0 items-center justify-center rounded-2xl bg-forest-deep text-savanna sm:inline-flex">
            <Compass className="size-7" aria-hidden="true" />
          </span>
          <div className="max-w-2xl">
            <h2
              id="custom-trip-heading"
              className="font-display text-2xl font-bold text-forest-deep sm:text-3xl"
            >
              Can&apos;t find what you&apos;re looking for?
            </h2>
            <p className="mt-3 text-lg leading-relaxed text-forest-deep/85">
              We design custom trips around your dates, interests and budget: honeymoons, family
              holidays, birding expeditions or a gorilla trek added to your business visit.
            </p>
          </div>
        </div>
        <div className="flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
          <LinkButton href="/contact" size="lg" className="rounded-full px-7">
            Contact Us
          </LinkButton>
          <LinkButton
            href="/booking"
            size="lg"
            variant="outline"
            className="rounded-full border-forest-deep/30 bg-transparent px-7 text-forest-deep"
          >
            Plan a Custom Trip
          </LinkButton>
        </div>
      </div>
    </section>
  );
}

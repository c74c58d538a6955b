import { AccentCta, OutlineCta } from "@/components/home/cta-buttons";
import { Star } from "@/components/icons";
import { ServerImage } from "@/components/site/server-image";

/** The full-bleed home hero: landscape artwork, the tagline and the two main calls to action. */
export function HomeHero() {
  return (
    <section className="relative isolate flex min-h-[600px] items-center overflow-hidden bg-forest-deep md:min-h-[640px] lg:min-h-[720px]">
      <ServerImage
        src="/images/hero.svg"
        alt="Misty green hills of Uganda at sunrise"
        fill
        preload
        unoptimized
        sizes="100vw"
        className="-z-10 object-cover"
      />
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 bg-gradient-to-r from-forest-deep/95 via-forest-deep/75 to-forest-deep/25"
      />
      <div
        aria-hidden="true"
        className="absolute inset-x-0 bottom-0 -z-10 h-40 bg-gradient-to-t from-forest-deep/70 to-transparent"
      />

      <div className="container-page py-20 sm:py-24">
        <div className="max-w-3xl text-white">
          <p className="mb-6 inline-flex items-center gap-2 rounded-full border border-white/25 bg-white/10 px-4 py-1.5 text-sm font-medium backdrop-blur">
            <Star className="size-4 fill-savanna text-savanna" aria-hidden="true" />
            Rated 4.9 by travellers since 2009
          </p>
          <h1 className="font-display text-5xl leading-[1.05] font-bold sm:text-6xl lg:text-7xl">
            Feel Africa. <span className="block text-savanna">Breathe Uganda.</span>
          </h1>
          <p className="mt-6 max-w-xl text-lg leading-relaxed text-white/90 sm:text-xl">
            Track mountain gorillas in Bwindi, raft the source of the Nile and wake up beside crater
            lakes, on journeys crafted by our Kampala team.
          </p>
          <div className="mt-10 flex flex-col gap-4 sm:flex-row">
            <AccentCta href="/tours">Explore Tours</AccentCta>
            <OutlineCta href="/booking" glass>
              Book Your Adventure
            </OutlineCta>
          </div>
        </div>
      </div>
    </section>
  );
}

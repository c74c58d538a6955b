import { MessageCircle } from "@/components/icons";

import { AccentCta, OutlineCta } from "./cta-buttons";

/** The call to action that closes a page. */
export function ClosingCta({
  title = "Ready to feel Africa?",
  text = "Tell us when you would like to travel and what you dream of seeing. We will shape the trip around you and reply within 24 hours.",
}: {
  title?: string;
  text?: string;
}) {
  return (
    <section aria-labelledby="closing-cta-heading" className="py-20 sm:py-24">
      <div className="container-page">
        <div className="relative overflow-hidden rounded-3xl bg-forest-deep px-6 py-14 text-center text-white shadow-xl sm:px-12 sm:py-20">
          <div
            aria-hidden="true"
            className="pointer-events-none absolute inset-0 bg-[radial-gradient(circle_at_85%_15%,rgba(224,165,38,0.35),transparent_45%),radial-gradient(circle_at_10%_90%,rgba(194,86,43,0.35),transparent_45%)]"
          />
          <div className="relative mx-auto max-w-2xl">
            <h2 id="closing-cta-heading" className="font-display text-3xl font-bold sm:text-5xl">
              {title}
            </h2>
            <p className="mt-5 text-lg leading-relaxed text-white/85">{text}</p>
            <div className="mt-10 flex flex-col justify-center gap-4 sm:flex-row">
              <AccentCta href="/booking">Start Planning</AccentCta>
              <OutlineCta href="/contact" icon={MessageCircle}>
                Talk to an Expert
              </OutlineCta>
            </div>
          </div>
        </div>
      </div>
    </section>
  );
}

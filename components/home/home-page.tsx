import { ClosingCta } from "@/components/home/closing-cta";
import { FeaturedTours } from "@/components/home/featured-tours";
import { HomeHero } from "@/components/home/home-hero";
import { HomeStats } from "@/components/home/home-stats";
import { WhyChooseUs } from "@/components/home/why-choose-us";
import { LinkButton } from "@/components/site/link-button";
import { pageMetadata } from "@/components/site/page-metadata";
import { PageSection } from "@/components/site/page-section";
import { site } from "@/lib/site";

export const homeMetadata = pageMetadata({
  title: `${site.name} | ${site.tagline}`,
  absoluteTitle: true,
  description: site.description,
  path: "/",
  imageAlt: "Misty green hills of Uganda at sunrise",
});

/**
 * The home page (served from the full-route cache: app/(site)/cached/[page]). The featured tours
 * are awaited, not streamed behind a loading skeleton: in a cached page they are already in the
 * document, and a Suspense fallback would only flash (React reveals streamed content no sooner
 * than 300 ms after the first paint).
 */
export function HomePage() {
  return (
    <>
      <HomeHero />
      <HomeStats />

      <PageSection
        headingId="featured-heading"
        eyebrow="Featured Tours"
        title="Our most loved journeys"
        intro="Hand-picked adventures that show Uganda at its wildest and warmest."
      >
        <div className="mt-14">
          <FeaturedTours />
        </div>
        <div className="mt-12 text-center">
          <LinkButton
            href="/tours"
            variant="outline"
            size="lg"
            className="rounded-full border-primary/40 px-8 text-primary"
          >
            View All Tours
          </LinkButton>
        </div>
      </PageSection>

      <WhyChooseUs />
      <ClosingCta />
    </>
  );
}

import { AboutImpact, AboutStory, AboutTeam, AboutValues } from "@/components/about/about-content";
import { ClosingCta } from "@/components/home/closing-cta";
import { pageMetadata } from "@/components/site/page-metadata";
import { PageHero } from "@/components/site/section-heading";

export const metadata = pageMetadata({
  title: "About Us",
  description:
    "Breathe Uganda is a Kampala tour operator founded in 2009: local guides, responsible travel and tailor-made journeys across Uganda.",
  path: "/about",
  image: "/images/about.svg",
  imageAlt: "A safari vehicle on the Ugandan savanna at sunset",
});

export default function AboutPage() {
  return (
    <>
      <PageHero eyebrow="About Us" title="Sharing the Pearl of Africa since 2009">
        A Kampala-based team of guides and planners who turn travel dreams into journeys you will
        never forget.
      </PageHero>
      <AboutStory />
      <AboutValues />
      <AboutTeam />
      <AboutImpact />
      <ClosingCta title="Come and breathe Uganda with us" />
    </>
  );
}

import { Compass, Headset, Leaf, Route } from "@/components/icons";
import { IconCardGrid } from "@/components/site/icon-card";
import { PageSection } from "@/components/site/page-section";
import { yearsInBusiness } from "@/lib/site";

const REASONS = [
  {
    icon: Compass,
    title: "Local Expert Guides",
    text: "Ugandan guides who grew up beside these parks, speak the local languages and know every trail, tracker and lodge.",
  },
  {
    icon: Leaf,
    title: "Responsible Travel",
    text: "We work with community lodges and conservation partners, so your trip supports the people and wildlife you meet.",
  },
  {
    icon: Route,
    title: "Tailor-Made Trips",
    text: "Every itinerary can be adapted to your dates, pace and budget, from family holidays to once-in-a-lifetime treks.",
  },
  {
    icon: Headset,
    title: "24-Hour Response",
    text: "Ask us anything: a real person from our Kampala office replies to every enquiry and booking within 24 hours.",
  },
] as const;

/** Four reasons to travel with the operator. */
export function WhyChooseUs() {
  return (
    <PageSection
      headingId="why-heading"
      eyebrow="Why Breathe Uganda"
      title="Travel with people who call Uganda home"
      intro={`${yearsInBusiness()} years of guiding, planning and caring for our guests, from the first email to the drive back to Entebbe.`}
      className="bg-secondary/60 py-20 sm:py-24"
    >
      <IconCardGrid items={REASONS} />
    </PageSection>
  );
}

import { Award, HandHeart, Leaf, ShieldCheck } from "@/components/icons";
import { IconCardGrid } from "@/components/site/icon-card";
import { PageSection } from "@/components/site/page-section";
import { SectionHeading } from "@/components/site/section-heading";
import { ServerImage } from "@/components/site/server-image";
import { FOUNDED_YEAR, yearsInBusiness } from "@/lib/site";

const VALUES = [
  {
    icon: Award,
    title: "Authentic Experiences",
    text: "Real encounters, not staged shows: we take you to the forests, markets and villages we know as locals.",
  },
  {
    icon: Leaf,
    title: "Conservation First",
    text: "Part of every gorilla permit funds the parks, and we follow the Uganda Wildlife Authority's rules to the letter.",
  },
  {
    icon: HandHeart,
    title: "Community Impact",
    text: "We hire local guides, stay in community-run lodges and support schools near the places we visit.",
  },
  {
    icon: ShieldCheck,
    title: "Safety & Care",
    text: "Experienced drivers, well-kept 4x4 vehicles, first-aid trained guides and a team on call around the clock.",
  },
] as const;

const TEAM = [
  {
    name: "Daniel Mugisha",
    role: "Founder & Managing Director",
    bio: "Started Breathe Uganda in 2009 after a decade guiding in Bwindi and Queen Elizabeth.",
  },
  {
    name: "Grace Nakato",
    role: "Head of Operations",
    bio: "Plans every itinerary, permit and lodge booking so each day of your trip runs smoothly.",
  },
  {
    name: "Joseph Okello",
    role: "Senior Safari Guide",
    bio: "Birder, tracker and storyteller with more than 300 gorilla treks behind him.",
  },
  {
    name: "Sarah Atim",
    role: "Guest Experience Manager",
    bio: "Your first contact in Kampala: she answers every enquiry and looks after you on the road.",
  },
] as const;

const IMPACT = [
  { value: "15", label: "Years guiding in Uganda" },
  { value: "1,500+", label: `Travellers hosted since ${FOUNDED_YEAR}` },
  { value: "500+", label: "Gorilla treks guided" },
  { value: "40+", label: "Community partners" },
] as const;

function initials(name: string): string {
  return name
    .split(/\s+/)
    .map((part) => part[0] ?? "")
    .join("")
    .slice(0, 2)
    .toUpperCase();
}

export function AboutStory() {
  return (
    <section aria-labelledby="story-heading" className="py-20 sm:py-24">
      <div className="container-page grid items-center gap-12 lg:grid-cols-2 lg:gap-16">
        <div className="relative aspect-[4/3] overflow-hidden rounded-3xl bg-muted shadow-xl shadow-forest-deep/10">
          <ServerImage
            src="/images/about.svg"
            alt="A safari vehicle crossing the Ugandan savanna at sunset, with giraffes and acacia trees"
            fill
            unoptimized
            loading="eager"
            sizes="(min-width: 1024px) 600px, 100vw"
            className="object-cover"
          />
        </div>
        <div>
          <SectionHeading
            id="story-heading"
            eyebrow="Our Story"
            title={`Born in Kampala in ${FOUNDED_YEAR}`}
            align="left"
          />
          <div className="mt-6 space-y-4 text-lg leading-relaxed text-foreground/85">
            <p>
              Breathe Uganda began with one Land Cruiser, two guides and a simple idea: show
              visitors the Uganda we grew up in, the misty forests, the thundering Nile and the
              warmth of its people, and do it in a way that gives back.
            </p>
            <p>
              {yearsInBusiness()} years later we are a Kampala team of planners, drivers and guides
              who have welcomed more than 500 happy travellers on gorilla treks, savanna safaris,
              crater-lake retreats and cultural journeys, and we still answer every message
              ourselves.
            </p>
            <p>Feel Africa. Breathe Uganda. It is not just our tagline: it is how we travel.</p>
          </div>
        </div>
      </div>
    </section>
  );
}

export function AboutValues() {
  return (
    <PageSection
      headingId="values-heading"
      eyebrow="Our Values"
      title="What guides every journey"
      className="bg-secondary/60 py-20 sm:py-24"
    >
      <IconCardGrid items={VALUES} tone="primary" />
    </PageSection>
  );
}

export function AboutTeam() {
  return (
    <PageSection
      headingId="team-heading"
      eyebrow="Our Team"
      title="The people behind your trip"
      intro="Ugandans who love their country and can't wait to show it to you."
    >
      <ul className="mt-14 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {TEAM.map((person) => (
          <li
            key={person.name}
            className="rounded-2xl border border-border/60 bg-card p-7 text-center shadow-sm"
          >
            <span
              aria-hidden="true"
              className="mx-auto inline-flex size-24 items-center justify-center rounded-full bg-gradient-to-br from-primary to-forest-deep font-display text-3xl font-bold text-savanna ring-4 ring-savanna-soft"
            >
              {initials(person.name)}
            </span>
            <h3 className="mt-5 font-display text-xl font-bold text-forest-deep">{person.name}</h3>
            <p className="mt-1 text-sm font-semibold text-terracotta-text">{person.role}</p>
            <p className="mt-3 text-sm leading-relaxed text-muted-foreground">{person.bio}</p>
          </li>
        ))}
      </ul>
    </PageSection>
  );
}

export function AboutImpact() {
  return (
    <section aria-labelledby="impact-heading" className="bg-forest-deep py-20 text-white sm:py-24">
      <div className="container-page">
        <div className="mx-auto max-w-2xl text-center">
          <p className="mb-3 text-sm font-semibold tracking-[0.18em] text-savanna uppercase">
            Our Impact
          </p>
          <h2 id="impact-heading" className="font-display text-3xl font-bold sm:text-4xl">
            {yearsInBusiness()} years of journeys that matter
          </h2>
        </div>
        <dl className="mt-14 grid grid-cols-2 gap-6 lg:grid-cols-4">
          {IMPACT.map((item) => (
            <div
              key={item.label}
              className="flex flex-col-reverse rounded-2xl border border-white/15 bg-white/5 p-6 text-center"
            >
              <dt className="mt-2 text-sm text-white/80">{item.label}</dt>
              <dd className="font-display text-4xl font-bold text-savanna sm:text-5xl">
                {item.value}
              </dd>
            </div>
          ))}
        </dl>
      </div>
    </section>
  );
}

import { Clock, Mail, MapPin, Phone } from "@/components/icons";
import { site } from "@/lib/site";

import { IconCard } from "./icon-card";

/** The four contact cards of /contact: phone, email, address, office hours. */
export function ContactInfoCards() {
  const cards = [
    {
      icon: Phone,
      title: "Call Us",
      lines: [
        <a key="phone" href={site.phoneHref} className="font-semibold text-primary hover:underline">
          {site.phone}
        </a>,
      ],
    },
    {
      icon: Mail,
      title: "Email Us",
      lines: [
        <a
          key="email"
          href={`mailto:${site.email}`}
          className="font-semibold break-all text-primary hover:underline"
        >
          {site.email}
        </a>,
      ],
    },
    {
      icon: MapPin,
      title: "Visit Us",
      lines: [
        <address key="address" className="not-italic">
          {site.address}
        </address>,
      ],
    },
    {
      icon: Clock,
      title: "Office Hours",
      lines: [
        ...site.officeHours.map((h) => <span key={h.days}>{`${h.days} ${h.hours}`}</span>),
        <span key="tz" className="text-sm text-muted-foreground">
          {site.timezoneLabel}
        </span>,
      ],
    },
  ];

  return (
    <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
      {cards.map(({ icon, title, lines }) => (
        <IconCard
          key={title}
          icon={icon}
          title={title}
          headingLevel="h2"
          className="border-border/70 p-6"
        >
          <div className="mt-2 flex flex-col gap-1 text-foreground/85">{lines}</div>
        </IconCard>
      ))}
    </ul>
  );
}

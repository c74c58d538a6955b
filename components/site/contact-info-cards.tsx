import { Clock, Mail, MapPin, Phone } from "@/components/icons";
import { site } from "@/lib/site";

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
      {cards.map(({ icon: Icon, title, lines }) => (
        <li
          key={title}
          className="rounded-2xl border border-border/70 bg-card p-6 shadow-sm transition-all duration-300 hover:-translate-y-1 hover:shadow-lg"
        >
          <span className="inline-flex size-12 items-center justify-center rounded-xl bg-savanna-soft text-forest-deep">
            <Icon className="size-6" aria-hidden="true" />
          </span>
          <h2 className="mt-5 font-display text-xl font-bold text-forest-deep">{title}</h2>
          <div className="mt-2 flex flex-col gap-1 text-foreground/85">{lines}</div>
        </li>
      ))}
    </ul>
  );
}

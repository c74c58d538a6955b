import { Clock, Mail, Phone } from "@/components/icons";
import { asciiHtml } from "@/lib/ascii-html";
import { site } from "@/lib/site";

/** The contact strip above the navigation, on wide screens only. */
export function TopBar() {
  const weekdays = site.officeHours[0];
  return (
    <section
      aria-label="Contact details"
      className="hidden bg-forest-deep text-sm text-white/90 md:block"
    >
      <div className="container-page flex h-10 items-center justify-between gap-6">
        <div className="flex items-center gap-6">
          <a href={site.phoneHref} className="inline-flex items-center gap-2 hover:text-white">
            <Phone className="size-4 text-savanna" aria-hidden="true" />
            {site.phone}
          </a>
          <a
            href={`mailto:${site.email}`}
            className="inline-flex items-center gap-2 hover:text-white"
          >
            <Mail className="size-4 text-savanna" aria-hidden="true" />
            {site.email}
          </a>
        </div>
        {weekdays ? (
          <p className="hidden items-center gap-2 lg:inline-flex">
            <Clock className="size-4 text-savanna" aria-hidden="true" />
            <span
              dangerouslySetInnerHTML={asciiHtml(
                `${weekdays.days} ${weekdays.hours} · ${site.timezoneLabel}`,
              )}
            />
          </p>
        ) : null}
      </div>
    </section>
  );
}

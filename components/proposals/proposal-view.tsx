import type { ReactNode } from "react";

import {
  CalendarDays,
  Check,
  Clock,
  FileText,
  MapPin,
  Plane,
  Route,
  ShieldCheck,
  Star,
  Users,
  X,
} from "@/components/icons";
import { AcceptedMethods } from "@/components/pay/accepted-methods";
import { LinkButton } from "@/components/site/link-button";
import { formatDay, formatDayTime, formatTripDates, formatTripDay } from "@/lib/dates";
import { MEAL_PLAN_LABELS } from "@/lib/library/rules";
import { formatMoney } from "@/lib/payments/ledger";
import type {
  ProposalDayView,
  ProposalLineView,
  TravellerProposal,
} from "@/lib/proposals/data/traveller";
import { cn } from "@/lib/utils";

import { AcceptProposalForm } from "./accept-proposal-form";
import { RouteLine } from "./route-line";

const usd = (minor: number) => formatMoney(minor, "USD");
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** The party in words: '2 adults, 1 child'. */
function partyWords(p: { adults: number; children: number }) {
  return [
    plural(p.adults, "adult"),
    ...(p.children > 0 ? [plural(p.children, "child", "children")] : []),
  ].join(", ");
}

/**
 * A proposal as its traveller reads it (/proposal/<token>): the trip at a glance, the standing of
 * the offer, the days one by one with their lodge, activities and transport, the route, the
 * lodges, what is included, and the price card with the acceptance form (while the offer is open).
 */
export function ProposalView({
  proposal: p,
  token,
  pdfHref,
}: {
  proposal: TravellerProposal;
  token: string;
  pdfHref: string;
}) {
  const nights = Math.max(0, p.days.length - 1);
  return (
    <article className="pb-16">
      <header className="relative overflow-hidden bg-forest-deep text-white">
        <div
          aria-hidden="true"
          className="absolute inset-0 bg-[radial-gradient(circle_at_85%_15%,rgba(224,165,38,0.28),transparent_55%),radial-gradient(circle_at_10%_90%,rgba(31,107,74,0.9),transparent_60%)]"
        />
        <div className="relative container-page py-10 sm:py-16">
          <p className="text-xs font-semibold tracking-[0.2em] text-savanna uppercase">
            Tailor-made safari · {p.reference} · Version {p.number}
          </p>
          <h1 className="mt-3 max-w-3xl font-display text-3xl leading-tight font-bold text-balance sm:text-5xl">
            {p.title}
          </h1>
          <p className="mt-3 text-lg text-white/85">Prepared for {p.leadName}</p>
          <ul className="mt-6 flex flex-wrap gap-2 text-sm">
            <HeroFact icon={CalendarDays}>{formatTripDates(p.startDate, p.endDate)}</HeroFact>
            <HeroFact icon={Clock}>
              {plural(p.days.length, "day")}
              {nights > 0 ? `, ${plural(nights, "night")}` : ""}
            </HeroFact>
            <HeroFact icon={Users}>{partyWords(p)}</HeroFact>
          </ul>
          {p.summary ? (
            <p className="mt-6 max-w-2xl leading-relaxed text-pretty text-white/90">{p.summary}</p>
          ) : null}
        </div>
      </header>

      <div className="container-page mt-6 grid gap-4 sm:mt-10">
        <Standing proposal={p} />
        <PriceAtAGlance proposal={p} />
      </div>

      <div className="container-page mt-6 grid gap-8 lg:mt-10 lg:grid-cols-[minmax(0,1fr)_380px] lg:items-start">
        <div className="grid min-w-0 gap-10">
          <section aria-labelledby="days-heading">
            <SectionTitle id="days-heading" icon={CalendarDays}>
              Your safari, day by day
            </SectionTitle>
            <ol className="mt-5 grid gap-0">
              {p.days.map((day, index) => (
                <Day key={day.day} day={day} lodges={p.lodges} last={index === p.days.length - 1} />
              ))}
            </ol>
          </section>

          {p.route ? (
            <section aria-labelledby="route-heading">
              <SectionTitle id="route-heading" icon={Route}>
                Your route
              </SectionTitle>
              <div className="mt-4 max-w-xl">
                <RouteLine map={p.route} title={`The route of ${p.title}`} />
              </div>
            </section>
          ) : null}

          {p.lodges.length > 0 ? (
            <section aria-labelledby="lodges-heading">
              <SectionTitle id="lodges-heading" icon={Star}>
                Where you will stay
              </SectionTitle>
              <ul className="mt-4 grid gap-5 sm:grid-cols-2">
                {p.lodges.map((lodge) => {
                  const picture = lodge.pictures[0];
                  return (
                    <li
                      key={lodge.id}
                      className="overflow-hidden rounded-2xl border border-border/70 bg-card shadow-sm"
                    >
                      {picture ? (
                        // eslint-disable-next-line @next/next/no-img-element -- stored pictures come with their own srcset
                        <img
                          src={picture.src}
                          srcSet={picture.srcSet ?? undefined}
                          sizes={picture.sizes ?? undefined}
                          width={picture.width ?? undefined}
                          height={picture.height ?? undefined}
                          alt={`${lodge.name}, ${lodge.park}`}
                          loading="lazy"
                          decoding="async"
                          className="aspect-[4/3] w-full bg-muted object-cover"
                        />
                      ) : null}
                      <div className="p-4">
                        <h3 className="font-display text-lg font-bold text-forest-deep">
                          {lodge.name}
                        </h3>
                        <p className="mt-0.5 flex items-center gap-1 text-sm text-muted-foreground">
                          <MapPin className="size-3.5" aria-hidden="true" />
                          {lodge.park}
                        </p>
                        {lodge.description ? (
                          <p className="mt-2 line-clamp-4 text-sm leading-relaxed text-foreground/80">
                            {lodge.description}
                          </p>
                        ) : null}
                      </div>
                    </li>
                  );
                })}
              </ul>
            </section>
          ) : null}

          {p.inclusions.length > 0 || p.exclusions.length > 0 ? (
            <section aria-labelledby="included-heading" className="grid gap-5 sm:grid-cols-2">
              <h2 id="included-heading" className="sr-only">
                What is included
              </h2>
              <ListCard title="Included" items={p.inclusions} icon={Check} tone="good" />
              <ListCard title="Not included" items={p.exclusions} icon={X} tone="muted" />
            </section>
          ) : null}
        </div>

        <aside
          id="price"
          aria-labelledby="price-heading"
          className="scroll-mt-24 lg:sticky lg:top-24"
        >
          <PriceCard proposal={p} token={token} pdfHref={pdfHref} />
        </aside>
      </div>
    </article>
  );
}

/**
 * On a phone the price card comes after the days: the total and the deposit are told at the top
 * too, with a way down to the card.
 */
function PriceAtAGlance({ proposal: p }: { proposal: TravellerProposal }) {
  return (
    <div className="flex items-center justify-between gap-4 rounded-2xl border border-border/70 bg-card px-4 py-3 shadow-sm lg:hidden">
      <div>
        <p className="text-xs text-muted-foreground">Total for {partyWords(p)}</p>
        <p className="font-display text-2xl font-bold text-forest-deep tabular-nums">
          {usd(p.totalMinor)}
        </p>
        <p className="text-xs text-muted-foreground">
          Deposit {usd(p.depositMinor)} ({p.depositPercent}%)
        </p>
      </div>
      <a
        href={p.standing === "accepted" && p.payPath ? p.payPath : "#price"}
        className="shrink-0 rounded-full bg-primary px-4 py-2.5 text-sm font-semibold text-primary-foreground shadow-sm hover:bg-forest-deep"
      >
        {p.standing === "open" ? "Accept" : p.payPath ? "Pay deposit" : "See price"}
      </a>
    </div>
  );
}

function HeroFact({ icon: Icon, children }: { icon: typeof Users; children: ReactNode }) {
  return (
    <li className="flex items-center gap-1.5 rounded-full bg-white/10 px-3 py-1.5 ring-1 ring-white/20 backdrop-blur">
      <Icon className="size-4 text-savanna" aria-hidden="true" />
      {children}
    </li>
  );
}

function SectionTitle({
  id,
  icon: Icon,
  children,
}: {
  id: string;
  icon: typeof Users;
  children: ReactNode;
}) {
  return (
    <h2
      id={id}
      className="flex items-center gap-2 font-display text-2xl font-bold text-forest-deep"
    >
      <Icon className="size-5 text-terracotta-text" aria-hidden="true" />
      {children}
    </h2>
  );
}

/** Where the offer stands: until when it holds, lapsed, replaced, or accepted. */
function Standing({ proposal: p }: { proposal: TravellerProposal }) {
  const box = "flex items-start gap-3 rounded-2xl border px-4 py-3 text-sm sm:px-5";
  switch (p.standing) {
    case "open":
      return (
        <p className={cn(box, "border-savanna/40 bg-savanna-soft/60 text-forest-deep")}>
          <Clock className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <span>
            This offer holds until <strong>{formatTripDay(p.optionDate)}</strong>. Accept it by then
            to secure the lodges and permits at this price.
          </span>
        </p>
      );
    case "lapsed":
      return (
        <p role="status" className={cn(box, "border-destructive/30 bg-destructive/5")}>
          <Clock className="mt-0.5 size-4 shrink-0 text-destructive" aria-hidden="true" />
          <span>
            <strong>This proposal lapsed on {formatTripDay(p.optionDate)}.</strong> Lodges and
            permits are no longer held: contact us and we will gladly prepare a new one.
          </span>
        </p>
      );
    case "superseded":
      return (
        <p role="status" className={cn(box, "border-primary/30 bg-secondary/60")}>
          <FileText className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
          <span>
            <strong>
              A newer version{p.newerNumber ? ` (version ${p.newerNumber})` : ""} of this proposal
              was sent to you.
            </strong>{" "}
            This one can no longer be accepted: please open the link in our latest email.
          </span>
        </p>
      );
    case "accepted":
      return (
        <p role="status" className={cn(box, "border-primary/30 bg-secondary/60")}>
          <Check className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
          <span>
            <strong>Accepted</strong>
            {p.acceptedByName ? ` by ${p.acceptedByName}` : ""}
            {p.acceptedAt ? ` on ${formatDayTime(p.acceptedAt)}` : ""}. Your safari is booked.
          </span>
        </p>
      );
  }
}

const LINE_ICONS: Record<ProposalLineView["kind"], typeof Users> = {
  stay: Star,
  activity: Route,
  vehicle: MapPin,
  transfer: Plane,
  other: Check,
};

function Day({
  day,
  lodges,
  last,
}: {
  day: ProposalDayView;
  lodges: TravellerProposal["lodges"];
  last: boolean;
}) {
  return (
    <li className="relative grid grid-cols-[2.75rem_minmax(0,1fr)] gap-3 sm:grid-cols-[3.5rem_minmax(0,1fr)] sm:gap-5">
      <div className="flex flex-col items-center">
        <span className="grid size-11 shrink-0 place-items-center rounded-full bg-forest-deep font-display text-sm font-bold text-white shadow-sm sm:size-14 sm:text-base">
          <span className="sr-only">Day </span>
          {day.day}
        </span>
        {last ? null : <span aria-hidden="true" className="w-px grow bg-border" />}
      </div>
      <div className={cn("min-w-0", last ? "pb-2" : "pb-8")}>
        <p className="text-xs font-semibold tracking-wide text-terracotta-text uppercase">
          {formatTripDay(day.date)}
        </p>
        <h3 className="mt-1 font-display text-xl leading-snug font-bold text-forest-deep">
          {day.title}
        </h3>
        <p className="mt-1 flex items-center gap-1 text-sm text-muted-foreground">
          <MapPin className="size-3.5" aria-hidden="true" />
          {day.place}
        </p>
        {day.notes ? (
          <p className="mt-3 leading-relaxed whitespace-pre-line text-foreground/85">{day.notes}</p>
        ) : null}
        {day.lines.length > 0 ? (
          <ul className="mt-4 grid gap-2">
            {day.lines.map((line, i) => {
              const Icon = LINE_ICONS[line.kind];
              const lodge = line.lodgeId ? lodges.find((l) => l.id === line.lodgeId) : undefined;
              const picture = lodge?.pictures[0];
              return (
                <li
                  key={i}
                  className="flex items-center gap-3 rounded-xl border border-border/70 bg-card p-3 text-sm"
                >
                  {picture ? (
                    // eslint-disable-next-line @next/next/no-img-element -- stored pictures come with their own srcset
                    <img
                      src={picture.src}
                      srcSet={picture.srcSet ?? undefined}
                      sizes="64px"
                      alt=""
                      loading="lazy"
                      decoding="async"
                      className="size-14 shrink-0 rounded-lg bg-muted object-cover"
                    />
                  ) : (
                    <span className="grid size-9 shrink-0 place-items-center rounded-full bg-secondary text-primary">
                      <Icon className="size-4" aria-hidden="true" />
                    </span>
                  )}
                  <span className="min-w-0">
                    <span className="block font-medium break-words text-foreground">
                      {lodge ? lodge.name : line.description}
                    </span>
                    <span className="block text-muted-foreground">{lineDetail(line, !!lodge)}</span>
                  </span>
                </li>
              );
            })}
          </ul>
        ) : null}
      </div>
    </li>
  );
}

/** A line's second row: a stay's room and meal plan and nights, a permit, a vehicle's days. */
function lineDetail(line: ProposalLineView, named: boolean): string {
  switch (line.kind) {
    case "stay":
      return [
        named ? (line.room ?? line.description) : null,
        line.mealPlan ? MEAL_PLAN_LABELS[line.mealPlan] : null,
        plural(line.quantity, "night"),
      ]
        .filter(Boolean)
        .join(" · ");
    case "activity":
      return line.needsPermit ? "Activity · permit included" : "Activity";
    case "vehicle":
      return `Transport · ${plural(line.quantity, "day")}`;
    case "transfer":
      return "Transfer";
    default:
      return line.quantity > 1 ? `x ${line.quantity}` : "Included";
  }
}

function ListCard({
  title,
  items,
  icon: Icon,
  tone,
}: {
  title: string;
  items: string[];
  icon: typeof Users;
  tone: "good" | "muted";
}) {
  return (
    <div className="rounded-2xl border border-border/70 bg-card p-5">
      <h3 className="font-display text-lg font-bold text-forest-deep">{title}</h3>
      {items.length === 0 ? (
        <p className="mt-3 text-sm text-muted-foreground">Nothing listed.</p>
      ) : (
        <ul className="mt-3 grid gap-2 text-sm">
          {items.map((item) => (
            <li key={item} className="flex items-start gap-2">
              <Icon
                className={cn(
                  "mt-0.5 size-4 shrink-0",
                  tone === "good" ? "text-primary" : "text-muted-foreground",
                )}
                aria-hidden="true"
              />
              <span>{item}</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function Row({
  label,
  children,
  strong,
}: {
  label: ReactNode;
  children: ReactNode;
  strong?: boolean;
}) {
  return (
    <div className={cn("flex items-baseline justify-between gap-4 py-1.5", strong && "pt-3")}>
      <dt className={cn(strong ? "font-semibold text-foreground" : "text-muted-foreground")}>
        {label}
      </dt>
      <dd
        className={cn(
          "text-right tabular-nums",
          strong ? "font-display text-2xl font-bold text-forest-deep" : "font-medium",
        )}
      >
        {children}
      </dd>
    </div>
  );
}

/** The price per person and in all, the deposit and balance, and the way to accept. */
function PriceCard({
  proposal: p,
  token,
  pdfHref,
}: {
  proposal: TravellerProposal;
  token: string;
  pdfHref: string;
}) {
  return (
    <div className="overflow-hidden rounded-2xl border border-border/70 bg-card shadow-md">
      <div className="p-5 sm:p-6">
        <h2 id="price-heading" className="font-display text-xl font-bold text-forest-deep">
          Your price
        </h2>
        <dl className="mt-3 divide-y divide-border/60 text-sm">
          <Row label={`Per adult x ${p.adults}`}>{usd(p.pricePerAdultMinor)}</Row>
          {p.children > 0 ? (
            <Row label={`Per child x ${p.children}`}>{usd(p.pricePerChildMinor)}</Row>
          ) : null}
          {p.singleRooms > 0 ? (
            <Row label={`Single supplement x ${p.singleRooms}`}>{usd(p.singleSupplementMinor)}</Row>
          ) : null}
          <Row label="Total" strong>
            {usd(p.totalMinor)}
          </Row>
        </dl>
        {p.parkFeesMinor > 0 ? (
          <p className="mt-2 text-xs leading-relaxed text-muted-foreground">
            Includes {usd(p.parkFeesMinor)} of Uganda Wildlife Authority park fees and permits at
            face value, never marked up.
          </p>
        ) : null}
        <dl className="mt-4 rounded-xl bg-muted/60 px-4 py-2 text-sm">
          <Row label={`Deposit (${p.depositPercent}%)`}>{usd(p.depositMinor)}</Row>
          <Row label="Balance">
            {usd(Math.max(0, p.totalMinor - p.depositMinor))}
            {p.balanceDueOn ? (
              <span className="block text-xs font-normal text-muted-foreground">
                due by {formatDay(p.balanceDueOn)}
              </span>
            ) : null}
          </Row>
        </dl>

        <div className="mt-5">
          {p.standing === "open" ? (
            <AcceptProposalForm
              token={token}
              leadName={p.leadName}
              depositLabel={`Accept and pay ${usd(p.depositMinor)}`}
            />
          ) : p.standing === "accepted" && p.payPath ? (
            <LinkButton
              href={p.payPath}
              icon={ShieldCheck}
              size="lg"
              className="h-12 w-full rounded-full text-base font-semibold"
            >
              Pay your deposit
            </LinkButton>
          ) : null}
        </div>
        <a
          href={pdfHref}
          className="mt-4 flex items-center justify-center gap-2 text-sm font-medium text-primary underline-offset-4 hover:underline"
        >
          <FileText className="size-4" aria-hidden="true" />
          Download this proposal (PDF)
        </a>
      </div>
      <div className="border-t border-border/70 bg-muted/50 px-5 py-4 sm:px-6">
        <AcceptedMethods />
      </div>
    </div>
  );
}

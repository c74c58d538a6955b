import Link from "next/link";

import { Clock, Gauge, MapPin, Users } from "@/components/icons";
import { Badge } from "@/components/ui/badge";
import {
  Breadcrumb,
  BreadcrumbItem,
  BreadcrumbLink,
  BreadcrumbList,
  BreadcrumbPage,
  BreadcrumbSeparator,
} from "@/components/ui/breadcrumb";
import { durationText, publicDifficulty, type TourDetail } from "@/lib/tours";

import { TourImage } from "./tour-image";

/** Breadcrumb, picture, title and key facts at the top of a tour page. */
export function TourDetailHero({ tour }: { tour: TourDetail }) {
  const facts = [
    { icon: Clock, label: "Duration", value: durationText(tour.durationLabel, tour.durationDays) },
    { icon: Users, label: "Group size", value: tour.groupSize },
    { icon: Gauge, label: "Difficulty", value: publicDifficulty(tour.difficulty) },
  ].filter((f): f is { icon: typeof Clock; label: string; value: string } => Boolean(f.value));

  return (
    <section className="relative isolate overflow-hidden bg-forest-deep text-white">
      <TourImage
        src={tour.imageUrl}
        alt={`${tour.title}${tour.location ? `, ${tour.location}` : ""}`}
        sizes="100vw"
        preload
        className="-z-10"
      />
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 bg-gradient-to-t from-forest-deep via-forest-deep/70 to-forest-deep/30"
      />

      <div className="container-page flex min-h-[420px] flex-col justify-between gap-16 pt-6 pb-10 sm:min-h-[480px] lg:min-h-[540px] lg:pb-14">
        <Breadcrumb>
          <BreadcrumbList className="text-white/85">
            <BreadcrumbItem>
              <BreadcrumbLink asChild className="hover:text-white">
                <Link href="/">Home</Link>
              </BreadcrumbLink>
            </BreadcrumbItem>
            <BreadcrumbSeparator />
            <BreadcrumbItem>
              <BreadcrumbLink asChild className="hover:text-white">
                <Link href="/tours">Tours</Link>
              </BreadcrumbLink>
            </BreadcrumbItem>
            <BreadcrumbSeparator />
            <BreadcrumbItem>
              <BreadcrumbPage className="font-medium text-white">{tour.title}</BreadcrumbPage>
            </BreadcrumbItem>
          </BreadcrumbList>
        </Breadcrumb>

        <div className="max-w-4xl">
          <Badge variant="accent" className="rounded-full px-3 py-1 text-sm font-semibold">
            {tour.category}
          </Badge>
          <h1 className="mt-4 font-display text-4xl leading-tight font-bold sm:text-5xl lg:text-6xl">
            {tour.title}
          </h1>
          {tour.location ? (
            <p className="mt-4 flex items-center gap-2 text-lg text-white/90">
              <MapPin className="size-5 shrink-0 text-savanna" aria-hidden="true" />
              {tour.location}
            </p>
          ) : null}
          <dl className="mt-8 flex flex-wrap gap-3">
            {facts.map(({ icon: Icon, label, value }) => (
              <div
                key={label}
                className="rounded-2xl border border-white/20 bg-white/10 px-4 py-3 backdrop-blur"
              >
                <dt className="flex items-center gap-2 text-xs tracking-wide text-white/80 uppercase">
                  <Icon className="size-4 text-savanna" aria-hidden="true" />
                  {label}
                </dt>
                <dd className="mt-1 pl-6 font-semibold">{value}</dd>
              </div>
            ))}
          </dl>
        </div>
      </div>
    </section>
  );
}

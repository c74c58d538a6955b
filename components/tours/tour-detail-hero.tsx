import Link from "next/link";
import { Fragment } from "react";

import { Clock, Gauge, Users } from "@/components/icons";
import { Badge } from "@/components/ui/badge";
import {
  Breadcrumb,
  BreadcrumbItem,
  BreadcrumbLink,
  BreadcrumbList,
  BreadcrumbPage,
  BreadcrumbSeparator,
} from "@/components/ui/breadcrumb";
import { durationText, publicDifficulty, type TourDetail } from "@/lib/tours/rules";

import { type Fact, FactList } from "./fact-list";
import { TourImage } from "./tour-image";
import { TourLocation } from "./tour-location";

const CRUMBS = [
  { href: "/", label: "Home" },
  { href: "/tours", label: "Tours" },
] as const;

/** Breadcrumb, picture, title and key facts at the top of a tour page. */
export function TourDetailHero({ tour }: { tour: TourDetail }) {
  const facts = [
    { icon: Clock, label: "Duration", value: durationText(tour.durationLabel, tour.durationDays) },
    { icon: Users, label: "Group size", value: tour.groupSize },
    { icon: Gauge, label: "Difficulty", value: publicDifficulty(tour.difficulty) },
  ].flatMap(({ value, ...fact }): Fact[] => (value ? [{ ...fact, value }] : []));

  return (
    <section className="relative isolate overflow-hidden bg-forest-deep text-white">
      <TourImage
        src={tour.imageUrl}
        picture={tour.thumbnail}
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
            {CRUMBS.map((crumb) => (
              <Fragment key={crumb.href}>
                <BreadcrumbItem>
                  <BreadcrumbLink asChild className="hover:text-white">
                    <Link href={crumb.href}>{crumb.label}</Link>
                  </BreadcrumbLink>
                </BreadcrumbItem>
                <BreadcrumbSeparator />
              </Fragment>
            ))}
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
          <TourLocation
            location={tour.location}
            className="mt-4 flex items-center gap-2 text-lg text-white/90"
            iconClassName="size-5 shrink-0 text-savanna"
          />
          <FactList facts={facts} variant="hero" className="mt-8 flex flex-wrap gap-3" />
        </div>
      </div>
    </section>
  );
}

import { MapPin } from "@/components/icons";

/** A tour's place with a map pin; nothing when the tour has none. */
export function TourLocation({
  location,
  className,
  iconClassName,
}: {
  location: string | null;
  className: string;
  iconClassName: string;
}) {
  if (!location) return null;
  return (
    <p className={className}>
      <MapPin className={iconClassName} aria-hidden="true" />
      {location}
    </p>
  );
}

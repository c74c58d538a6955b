import Image from "next/image";

import { cn } from "@/lib/utils";

const FALLBACK = "/images/hero.svg";

/** A tour picture filling its (positioned) parent. Vector artwork is served as is. */
export function TourImage({
  src,
  alt,
  sizes,
  priority = false,
  className,
}: {
  src: string | null;
  alt: string;
  sizes: string;
  priority?: boolean;
  className?: string;
}) {
  const url = src ?? FALLBACK;
  return (
    <Image
      src={url}
      alt={alt}
      fill
      sizes={sizes}
      priority={priority}
      // Vector artwork needs no resizing; uploaded photos on another host are shown as stored.
      unoptimized={url.endsWith(".svg") || /^https?:\/\//.test(url)}
      className={cn("object-cover", className)}
    />
  );
}

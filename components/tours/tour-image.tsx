import { ServerImage } from "@/components/site/server-image";
import { cn } from "@/lib/utils";

const FALLBACK = "/images/hero.svg";

/** A tour picture filling its (positioned) parent. Vector artwork is served as is. */
export function TourImage({
  src,
  alt,
  sizes,
  preload = false,
  eager = false,
  className,
}: {
  src: string | null;
  alt: string;
  sizes: string;
  /** The page's LCP image: preloaded from the <head>. */
  preload?: boolean;
  /** Above the fold but not the LCP: loaded without waiting for layout. */
  eager?: boolean;
  className?: string;
}) {
  const url = src ?? FALLBACK;
  return (
    <ServerImage
      src={url}
      alt={alt}
      fill
      sizes={sizes}
      preload={preload}
      loading={preload ? undefined : eager ? "eager" : "lazy"}
      // Vector artwork needs no resizing; uploaded photos on another host are shown as stored.
      unoptimized={url.endsWith(".svg") || /^https?:\/\//.test(url)}
      className={cn("object-cover", className)}
    />
  );
}

import { preload as preloadResource } from "react-dom";

import { ServerImage } from "@/components/site/server-image";
import { storedPictureSources } from "@/lib/storage";
import type { StoredPicture } from "@/lib/storage/picture";
import { cn } from "@/lib/utils";

const FALLBACK = "/images/hero.svg";

/**
 * A tour picture filling its (positioned) parent: an uploaded picture from its stored WebP widths
 * (already sized for phones: no re-encoding on the way), else the seed artwork, served as is.
 */
export function TourImage({
  src,
  picture = null,
  alt,
  sizes,
  preload = false,
  eager = false,
  className,
}: {
  src: string | null;
  /** An uploaded picture; wins over `src`. */
  picture?: StoredPicture | null;
  alt: string;
  sizes: string;
  /** The page's LCP image: preloaded from the <head>. */
  preload?: boolean;
  /** Above the fold but not the LCP: loaded without waiting for layout. */
  eager?: boolean;
  className?: string;
}) {
  const loading = preload || eager ? "eager" : "lazy";
  if (picture) {
    const { src: stored, srcSet, width, height } = storedPictureSources(picture, sizes);
    if (preload) {
      preloadResource(stored, {
        as: "image",
        imageSrcSet: srcSet,
        imageSizes: sizes,
        fetchPriority: "high",
      });
    }
    return (
      // eslint-disable-next-line @next/next/no-img-element -- the stored widths are the srcset
      <img
        src={stored}
        srcSet={srcSet}
        sizes={sizes}
        width={width}
        height={height}
        alt={alt}
        loading={loading}
        decoding="async"
        fetchPriority={preload ? "high" : undefined}
        className={cn("absolute inset-0 size-full object-cover", className)}
      />
    );
  }
  const url = src ?? FALLBACK;
  return (
    <ServerImage
      src={url}
      alt={alt}
      fill
      sizes={sizes}
      preload={preload}
      loading={preload ? undefined : loading}
      // Vector artwork needs no resizing; uploaded photos on another host are shown as stored.
      unoptimized={url.endsWith(".svg") || /^https?:\/\//.test(url)}
      className={cn("object-cover", className)}
    />
  );
}

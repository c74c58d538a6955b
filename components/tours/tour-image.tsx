import { preload as preloadResource } from "react-dom";

import { serverImageAttributes } from "@/components/site/server-image";
import { storedPictureSources } from "@/lib/storage";
import type { StoredPicture } from "@/lib/storage/picture";
import { cn } from "@/lib/utils";

const FALLBACK = "/images/hero.svg";

type TourImageOptions = {
  src: string | null;
  /** An uploaded picture; wins over `src`. */
  picture?: StoredPicture | null;
  alt: string;
  sizes: string;
  /** The page's LCP image: preloaded from the <head>. */
  preload?: boolean;
  /** Above the fold but not the LCP: loaded without waiting for layout. */
  eager?: boolean;
};

/**
 * A tour picture filling its (positioned) parent: an uploaded picture from its stored WebP widths
 * (already sized for phones: no re-encoding on the way), else the seed artwork, served as is.
 */
export function TourImage({ className, ...options }: TourImageOptions & { className?: string }) {
  const attributes = tourImageAttributes(options);
  return (
    // eslint-disable-next-line @next/next/no-img-element, jsx-a11y/alt-text -- the stored widths or next/image's <img>, alt included
    <img
      {...attributes}
      // A stored picture has no fill styles of its own; next/image's do the same with `style`.
      className={cn(
        options.picture ? "absolute inset-0 size-full object-cover" : "object-cover",
        className,
      )}
    />
  );
}

/**
 * The attributes of a tour picture's <img> but its class, for TourImage and for the cards' client
 * markup, which each give their own.
 */
export function tourImageAttributes({
  src,
  picture = null,
  alt,
  sizes,
  preload = false,
  eager = false,
}: TourImageOptions): React.ComponentProps<"img"> {
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
    return {
      src: stored,
      srcSet,
      sizes,
      width,
      height,
      alt,
      loading,
      decoding: "async",
      ...(preload ? { fetchPriority: "high" } : {}),
    };
  }
  const url = src ?? FALLBACK;
  return serverImageAttributes({
    src: url,
    alt,
    fill: true,
    sizes,
    preload,
    loading: preload ? undefined : loading,
    // Vector artwork needs no resizing; uploaded photos on another host are shown as stored.
    unoptimized: url.endsWith(".svg") || /^https?:\/\//.test(url),
  });
}

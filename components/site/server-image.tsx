import { getImageProps, type ImageProps } from "next/image";
import { preload as preloadResource } from "react-dom";

export type ServerImageProps = Omit<ImageProps, "priority">;

/**
 * next/image rendered on the server: the same <img> (srcset, sizes, lazy loading, fill styles)
 * from `getImageProps`, without the client component, whose JavaScript every public page would
 * otherwise download to show pictures that never change after the first paint.
 * `preload` marks the page's LCP image: preloaded from the <head> with a high fetch priority.
 */
export function ServerImage(props: ServerImageProps) {
  // eslint-disable-next-line @next/next/no-img-element, jsx-a11y/alt-text -- next/image's own <img>, alt included
  return <img {...serverImageAttributes(props)} />;
}

/** The attributes of ServerImage's <img>, for a client component to render (a tour card). */
export function serverImageAttributes({
  preload = false,
  ...rest
}: ServerImageProps): React.ComponentProps<"img"> {
  const { props } = withoutUndefined(getImageProps({ ...rest, preload }));
  if (preload) {
    preloadResource(props.src, {
      as: "image",
      imageSrcSet: props.srcSet,
      imageSizes: props.sizes,
      fetchPriority: "high",
    });
  }
  return { ...props, alt: rest.alt, ...(preload ? { fetchPriority: "high" } : {}) };
}

/**
 * getImageProps' result without its unset entries (objectFit, objectPosition, fetchPriority...):
 * each would be sent as "$undefined" in the RSC payload of every picture of a page.
 */
function withoutUndefined<T extends { props: { style?: object } }>(image: T): T {
  const defined = <O extends object>(o: O) =>
    Object.fromEntries(Object.entries(o).filter(([, value]) => value !== undefined)) as O;
  const props = defined(image.props);
  return { ...image, props: props.style ? { ...props, style: defined(props.style) } : props };
}

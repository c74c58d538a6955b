import { Suspense, type ReactNode } from "react";

/**
 * A dialog or panel a list's URL opens (?edit=id, ?media=id): nothing without its id, else read
 * and rendered apart from the list, in a Suspense of its own that shows nothing while it loads.
 */
export function OpenedByUrl({
  id,
  children,
}: {
  id: string | null;
  children: (id: string) => ReactNode;
}) {
  return id ? <Suspense fallback={null}>{children(id)}</Suspense> : null;
}

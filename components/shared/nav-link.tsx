import Link from "next/link";

import { cn } from "@/lib/utils";

/**
 * A link of a navigation bar that says whether it is the page shown (`aria-current`), with the
 * look of the current link or of the others.
 */
export function NavLink({
  current,
  className,
  currentClassName,
  idleClassName,
  ...props
}: React.ComponentProps<typeof Link> & {
  current: boolean;
  currentClassName: string;
  idleClassName: string;
}) {
  return (
    <Link
      aria-current={current ? "page" : undefined}
      className={cn(className, current ? currentClassName : idleClassName)}
      {...props}
    />
  );
}

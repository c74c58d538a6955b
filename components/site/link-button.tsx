import Link from "next/link";
import type { ComponentProps, ComponentType, ReactNode } from "react";

import type { IconProps } from "@/components/icons";
import { Button } from "@/components/ui/button";

type LinkButtonProps = Omit<ComponentProps<typeof Button>, "asChild" | "children"> & {
  href: string;
  children: ReactNode;
  /** Drawn before the label, or after it with `iconEnd`; hidden from assistive technology. */
  icon?: ComponentType<IconProps>;
  iconEnd?: boolean;
};

/** A Button that is a link (Button asChild around next/link), with an optional icon. */
export function LinkButton({ href, children, icon: Icon, iconEnd, ...props }: LinkButtonProps) {
  const icon = Icon ? <Icon aria-hidden="true" /> : null;
  return (
    <Button asChild {...props}>
      <Link href={href}>
        {iconEnd ? null : icon}
        {children}
        {iconEnd ? icon : null}
      </Link>
    </Button>
  );
}

import type { ComponentType, ReactNode } from "react";

import { Mail, Phone, type IconProps } from "@/components/icons";
import { site } from "@/lib/site";

const ITEM = "flex items-center gap-3";
const ICON = "size-4 shrink-0 text-savanna";

/** One line of a contact list: an icon (hidden from assistive technology) and its content. */
export function ContactItem({
  icon: Icon,
  className = ITEM,
  iconClassName = ICON,
  children,
}: {
  icon: ComponentType<IconProps>;
  className?: string;
  iconClassName?: string;
  children: ReactNode;
}) {
  return (
    <li className={className}>
      <Icon className={iconClassName} aria-hidden="true" />
      {children}
    </li>
  );
}

/**
 * The office's phone and email as a list on a dark background (the footer, the booking help
 * asides), with room for a line before and after them.
 */
export function ContactList({
  className,
  itemClassName = ITEM,
  iconClassName = ICON,
  linkClassName = "text-white/90 hover:text-savanna",
  before,
  after,
}: {
  className: string;
  itemClassName?: string;
  iconClassName?: string;
  linkClassName?: string;
  before?: ReactNode;
  after?: ReactNode;
}) {
  return (
    <ul className={className}>
      {before}
      <ContactItem icon={Phone} className={itemClassName} iconClassName={iconClassName}>
        <a href={site.phoneHref} className={linkClassName}>
          {site.phone}
        </a>
      </ContactItem>
      <ContactItem icon={Mail} className={itemClassName} iconClassName={iconClassName}>
        <a href={`mailto:${site.email}`} className={`break-all ${linkClassName}`}>
          {site.email}
        </a>
      </ContactItem>
      {after}
    </ul>
  );
}

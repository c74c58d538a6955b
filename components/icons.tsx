import type { ComponentType, SVGProps } from "react";

/**
 * The icons of the server-rendered pages: lucide icons drawn from one sprite, public/icons.svg,
 * which the browser downloads and caches once. Each icon is a short `<svg><use/></svg>` instead
 * of its full path data, which the HTML and the RSC payload of a page would otherwise both carry
 * for every occurrence (/tours shows a hundred icons).
 *
 * The sprite is generated from this module's exports by `npm run icons`
 * (scripts/icon-sprite.ts); a unit test fails when it is out of date. The `.icon` class in
 * app/theme.css gives lucide's size and stroke style; utilities (size-4, fill-*) override it.
 * Interactive primitives (components/ui) keep lucide-react.
 */

export type IconProps = Omit<SVGProps<SVGSVGElement>, "children">;
export type Icon = ComponentType<IconProps> & { lucideName: string; spriteId: string };

export const ICON_SPRITE_URL = "/icons.svg";

/** `MapPin` -> `map-pin`, `MessageSquareText` -> `message-square-text`. */
export function spriteIdOf(lucideName: string) {
  return lucideName
    .replace(/([a-z0-9])([A-Z])/g, "$1-$2")
    .replace(/([A-Z])([A-Z][a-z])/g, "$1-$2")
    .toLowerCase();
}

function spriteIcon(lucideName: string): Icon {
  const spriteId = spriteIdOf(lucideName);
  function SpriteIcon({ className, ...props }: IconProps) {
    const labelled = props["aria-label"] !== undefined || props["aria-labelledby"] !== undefined;
    return (
      <svg
        aria-hidden={labelled ? undefined : true}
        {...props}
        className={className ? `icon ${className}` : "icon"}
      >
        <use href={`${ICON_SPRITE_URL}#${spriteId}`} />
      </svg>
    );
  }
  SpriteIcon.displayName = lucideName;
  return Object.assign(SpriteIcon, { lucideName, spriteId });
}

export const ArrowLeft = spriteIcon("ArrowLeft");
export const ArrowRight = spriteIcon("ArrowRight");
export const Award = spriteIcon("Award");
export const CalendarDays = spriteIcon("CalendarDays");
export const CalendarPlus = spriteIcon("CalendarPlus");
export const Check = spriteIcon("Check");
export const ChevronLeft = spriteIcon("ChevronLeft");
export const ChevronRight = spriteIcon("ChevronRight");
export const Clock = spriteIcon("Clock");
export const Compass = spriteIcon("Compass");
export const Cookie = spriteIcon("Cookie");
export const CreditCard = spriteIcon("CreditCard");
export const FileText = spriteIcon("FileText");
export const Gauge = spriteIcon("Gauge");
export const HandHeart = spriteIcon("HandHeart");
export const Headset = spriteIcon("Headset");
export const Inbox = spriteIcon("Inbox");
export const LayoutDashboard = spriteIcon("LayoutDashboard");
export const Leaf = spriteIcon("Leaf");
export const Mail = spriteIcon("Mail");
export const MapPin = spriteIcon("MapPin");
export const Menu = spriteIcon("Menu");
export const MessageCircle = spriteIcon("MessageCircle");
export const MessageSquare = spriteIcon("MessageSquare");
export const MessageSquareText = spriteIcon("MessageSquareText");
export const Phone = spriteIcon("Phone");
export const Plane = spriteIcon("Plane");
export const Plus = spriteIcon("Plus");
export const Route = spriteIcon("Route");
export const Search = spriteIcon("Search");
export const SearchX = spriteIcon("SearchX");
export const ShieldCheck = spriteIcon("ShieldCheck");
export const Star = spriteIcon("Star");
export const UserRound = spriteIcon("UserRound");
export const Users = spriteIcon("Users");
export const X = spriteIcon("X");

import {
  LayoutDashboard,
  type LucideIcon,
  Mail,
  MessageSquare,
  Plane,
  Route,
  UsersRound,
} from "lucide-react";

export type AdminNavItem = { href: string; label: string; icon: LucideIcon };

/** The admin area's sections (the sidebar rail and the phone drawer). */
export const ADMIN_NAV: AdminNavItem[] = [
  { href: "/admin", label: "Dashboard", icon: LayoutDashboard },
  { href: "/admin/bookings", label: "Bookings", icon: Plane },
  { href: "/admin/messages", label: "Messages", icon: MessageSquare },
  { href: "/admin/newsletter", label: "Newsletter", icon: Mail },
  { href: "/admin/tours", label: "Tours", icon: Route },
  { href: "/admin/guides", label: "Guides", icon: UsersRound },
];

/** The current section: /admin itself only for the dashboard, a prefix for the others. */
export function isCurrentSection(href: string, pathname: string): boolean {
  return href === "/admin"
    ? pathname === href
    : pathname === href || pathname.startsWith(`${href}/`);
}

import {
  BedDouble,
  CalendarDays,
  FileText,
  Handshake,
  History,
  LayoutDashboard,
  Mail,
  MessageSquare,
  Plane,
  Route,
  Stamp,
  Ticket,
  UsersRound,
  Wallet,
} from "lucide-react";

import type { SectionNavItem } from "@/components/shared/section-nav";
import type { AdminRole } from "@/lib/domain";

/** A section of the admin area; `adminOnly`: shown to the role `admin` alone. */
export type AdminNavItem = SectionNavItem & { adminOnly?: true };

/** The admin area's sections (the sidebar rail and the phone drawer). */
export const ADMIN_NAV: AdminNavItem[] = [
  { href: "/admin", label: "Dashboard", icon: LayoutDashboard },
  { href: "/admin/bookings", label: "Bookings", icon: Plane },
  { href: "/admin/payments", label: "Payments", icon: Wallet },
  { href: "/admin/proposals", label: "Proposals", icon: FileText },
  { href: "/admin/library", label: "Library", icon: BedDouble },
  { href: "/admin/messages", label: "Messages", icon: MessageSquare },
  { href: "/admin/newsletter", label: "Newsletter", icon: Mail },
  { href: "/admin/tours", label: "Tours", icon: Route },
  { href: "/admin/departures", label: "Departures", icon: CalendarDays },
  { href: "/admin/guides", label: "Guides", icon: UsersRound },
  { href: "/admin/permits", label: "Permits", icon: Stamp },
  { href: "/admin/tariffs", label: "Tariffs", icon: Ticket },
  { href: "/admin/resellers", label: "Resellers", icon: Handshake, adminOnly: true },
  { href: "/admin/activity", label: "Activity", icon: History, adminOnly: true },
];

/** The sections a role may open: staff get no link to a screen that would refuse them. */
export const adminNavFor = (role: AdminRole): AdminNavItem[] =>
  ADMIN_NAV.filter((item) => !item.adminOnly || role === "admin");

/** What the admin chrome (top bar, rail, phone menu) shows besides the sections. */
export type AdminChromeProps = {
  /** The signed-in staff member, with the account links. */
  identity: React.ReactNode;
  /** A number to show beside a section (e.g. customer threads waiting for staff), by href. */
  counts?: Partial<Record<string, number>>;
  /** The signed-in staff member's role: which sections are shown. */
  role: AdminRole;
};

import { LayoutDashboard, Mail, MessageSquare, Plane, Route, UsersRound } from "lucide-react";

import type { SectionNavItem } from "@/components/shared/section-nav";

/** The admin area's sections (the sidebar rail and the phone drawer). */
export const ADMIN_NAV: SectionNavItem[] = [
  { href: "/admin", label: "Dashboard", icon: LayoutDashboard },
  { href: "/admin/bookings", label: "Bookings", icon: Plane },
  { href: "/admin/messages", label: "Messages", icon: MessageSquare },
  { href: "/admin/newsletter", label: "Newsletter", icon: Mail },
  { href: "/admin/tours", label: "Tours", icon: Route },
  { href: "/admin/guides", label: "Guides", icon: UsersRound },
];

/** What the admin chrome (top bar, rail, phone menu) shows besides the sections. */
export type AdminChromeProps = {
  /** The signed-in staff member, with the account links. */
  identity: React.ReactNode;
  /** A number to show beside a section (e.g. customer threads waiting for staff), by href. */
  counts?: Partial<Record<string, number>>;
};

import {
  CalendarPlus,
  LayoutDashboard,
  Mail,
  MessageSquare,
  Plane,
  UserRound,
} from "@/components/icons";
import type { SectionNavItem } from "@/components/shared/section-nav";

/** The customer area's sections (sidebar and mobile menu). */
export const CUSTOMER_NAV: SectionNavItem[] = [
  { href: "/customer", label: "Dashboard", icon: LayoutDashboard },
  { href: "/customer/bookings", label: "My Bookings", icon: Plane },
  { href: "/customer/new-booking", label: "Book New Trip", icon: CalendarPlus },
  { href: "/customer/messages", label: "Messages", icon: MessageSquare },
  { href: "/customer/profile", label: "Profile Settings", icon: UserRound },
  { href: "/customer/preferences", label: "Email Preferences", icon: Mail },
];

import {
  CalendarPlus,
  LayoutDashboard,
  type Icon,
  Mail,
  MessageSquare,
  Plane,
  UserRound,
} from "@/components/icons";

export type CustomerNavItem = { href: string; label: string; icon: Icon };

/** The customer area's sections (sidebar and mobile menu). */
export const CUSTOMER_NAV: CustomerNavItem[] = [
  { href: "/customer", label: "Dashboard", icon: LayoutDashboard },
  { href: "/customer/bookings", label: "My Bookings", icon: Plane },
  { href: "/customer/new-booking", label: "Book New Trip", icon: CalendarPlus },
  { href: "/customer/messages", label: "Messages", icon: MessageSquare },
  { href: "/customer/profile", label: "Profile Settings", icon: UserRound },
  { href: "/customer/preferences", label: "Email Preferences", icon: Mail },
];

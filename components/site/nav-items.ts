/** The public navigation, shared by the desktop bar and the mobile menu. */
export const NAV_ITEMS = [
  { href: "/", label: "Home" },
  { href: "/tours", label: "Tours" },
  { href: "/about", label: "About" },
  { href: "/contact", label: "Contact" },
  { href: "/customer/auth", label: "My Account" },
] as const;

/**
 * How a link relates to the current path: 'page' when it is the page itself, 'section' when the
 * page lives under it (a tour detail under Tours, the customer area under My Account), else null.
 */
export function navMatch(href: string, pathname: string): "page" | "section" | null {
  if (pathname === href) return "page";
  if (href === "/") return null;
  if (href === "/tours" && pathname.startsWith("/tour/")) return "section";
  if (href === "/customer/auth" && pathname.startsWith("/customer")) return "section";
  if (pathname.startsWith(`${href}/`)) return "section";
  return null;
}

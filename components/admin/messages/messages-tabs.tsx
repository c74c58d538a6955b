import Link from "next/link";

import { Mail, MessageSquareText } from "@/components/icons";
import type { MessageTab } from "@/lib/admin-messages";
import { cn } from "@/lib/utils";

/**
 * 'Contact Messages' and 'Customer Messages' (A78): links, so the tab is in the URL and a view
 * can be bookmarked. The customer tab shows how many threads wait for staff.
 */
export function MessagesTabs({ tab, unread }: { tab: MessageTab; unread: number }) {
  const tabs = [
    { value: "contacts" as const, label: "Contact Messages", href: "/admin/messages", icon: Mail },
    {
      value: "customers" as const,
      label: "Customer Messages",
      href: "/admin/messages?tab=customers",
      icon: MessageSquareText,
    },
  ];
  return (
    <nav
      aria-label="Message types"
      className="flex w-full gap-1 rounded-xl bg-secondary/70 p-1 sm:w-fit"
    >
      {tabs.map((t) => {
        const current = t.value === tab;
        const Icon = t.icon;
        return (
          <Link
            key={t.value}
            href={t.href}
            aria-current={current ? "page" : undefined}
            className={cn(
              "inline-flex flex-1 items-center justify-center gap-2 rounded-lg px-3 py-2 text-sm font-medium whitespace-nowrap transition-colors sm:flex-none sm:px-4",
              current
                ? "bg-card text-forest-deep shadow-sm"
                : "text-muted-foreground hover:bg-card/60 hover:text-forest-deep",
            )}
          >
            <Icon className="size-4" aria-hidden="true" />
            {t.label}
            {t.value === "customers" && unread > 0 ? (
              <span className="rounded-full bg-primary px-1.5 text-xs font-semibold text-primary-foreground">
                <span className="sr-only">, unread: </span>
                {unread}
              </span>
            ) : null}
          </Link>
        );
      })}
    </nav>
  );
}

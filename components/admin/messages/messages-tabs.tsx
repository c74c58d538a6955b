import { ListTabs } from "@/components/admin/list/list-tabs";
import { Mail, MessageSquareText } from "@/components/icons";
import type { MessageTab } from "@/lib/messages/list-query";

/**
 * 'Contact Messages' and 'Customer Messages', so the tab is in the URL and a view can be
 * bookmarked. The customer tab shows how many threads wait for staff.
 */
export function MessagesTabs({ tab, unread }: { tab: MessageTab; unread: number }) {
  return (
    <ListTabs
      label="Message types"
      className="w-full sm:w-fit"
      tabs={[
        {
          href: "/admin/messages",
          label: "Contact Messages",
          current: tab === "contacts",
          icon: Mail,
        },
        {
          href: "/admin/messages?tab=customers",
          current: tab === "customers",
          icon: MessageSquareText,
          label: (
            <>
              Customer Messages
              {unread > 0 ? (
                <span className="rounded-full bg-primary px-1.5 text-xs font-semibold text-primary-foreground">
                  <span className="sr-only">, unread: </span>
                  {unread}
                </span>
              ) : null}
            </>
          ),
        },
      ]}
    />
  );
}

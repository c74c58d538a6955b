import Link from "next/link";

import { ListFrame } from "@/components/admin/list/list-states";
import { When } from "@/components/admin/list/row-time";
import { listPages } from "@/components/lists/list-pager";
import { EmptyState } from "@/components/shared/empty-state";
import { StatusBadge } from "@/components/shared/status-badge";
import { Inbox } from "@/components/icons";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { messagePreview, type MessagesQuery, THREADS_PAGE_SIZE } from "@/lib/messages/list-query";
import type { StaffThreadSummary } from "@/lib/messages/data/staff-inbox";
import { listHref, type Page } from "@/lib/list-query";
import { cn } from "@/lib/utils";

const threadHref = (query: MessagesQuery, extra: { page?: number; thread?: string }) =>
  listHref("/admin/messages", {
    tab: "customers",
    page: extra.page ?? query.page,
    thread: extra.thread,
  });

/** Customer threads: those with messages staff have not read first, then newest activity. */
export function ThreadsList({
  query,
  result,
}: {
  query: MessagesQuery;
  result: Page<StaffThreadSummary>;
}) {
  return (
    <ListFrame
      result={result}
      pages={listPages("Customer conversation pages", "conversations", THREADS_PAGE_SIZE)}
      href={(page) => threadHref(query, { page })}
      empty={<EmptyState icon={Inbox} title="No customer messages yet" />}
    >
      <ul className="grid grid-cols-1 gap-3" aria-label="Customer conversations">
        {result.items.map((th) => (
          <li
            key={th.threadId}
            className={cn(
              "grid gap-2 rounded-2xl border bg-card p-4 shadow-sm sm:p-5",
              th.unread > 0 ? "border-primary/40 ring-1 ring-primary/15" : "border-border/70",
            )}
          >
            <div className="flex flex-col gap-2 sm:flex-row sm:items-start sm:justify-between">
              <div className="min-w-0">
                <p className="flex flex-wrap items-center gap-2">
                  <span className="font-semibold break-words text-forest-deep">{th.subject}</span>
                  {th.unread > 0 ? (
                    <Badge className="bg-primary">{`${th.unread} unread`}</Badge>
                  ) : th.lastFromAdmin ? (
                    <StatusBadge tone="good">Replied</StatusBadge>
                  ) : null}
                </p>
                <p className="text-sm break-words text-muted-foreground">
                  {th.customerName ? `${th.customerName} · ` : ""}
                  {th.customerEmail}
                </p>
              </div>
              <p className="shrink-0 text-xs text-muted-foreground">
                <When at={th.lastAt} />
                {` · ${th.messageCount} ${th.messageCount === 1 ? "message" : "messages"}`}
              </p>
            </div>
            <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
              <p className="text-sm break-words">
                <span className="font-medium text-forest-deep">
                  {th.lastFromAdmin ? "Support Team: " : "Customer: "}
                </span>
                {messagePreview(th.lastMessage)}
              </p>
              <Button
                asChild
                variant="outline"
                size="sm"
                className="shrink-0 self-start bg-card sm:self-auto"
              >
                <Link
                  href={threadHref(query, { page: result.page, thread: th.threadId })}
                  scroll={false}
                  prefetch={false}
                >
                  View Thread
                  <span className="sr-only">: {th.subject}</span>
                </Link>
              </Button>
            </div>
          </li>
        ))}
      </ul>
    </ListFrame>
  );
}

import Link from "next/link";
import { formatDayTime } from "@/lib/dates";

import { Inbox } from "@/components/icons";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { listHref, type MessagesQuery, messagePreview, THREADS_PAGE_SIZE } from "@/lib/admin-messages";
import { listThreadsForStaff } from "@/lib/dal/admin-messages";
import { loggedRead } from "@/lib/logged-read";
import { cn } from "@/lib/utils";

import { ListPager } from "@/components/lists/list-pager";

const threadHref = (query: MessagesQuery, extra: { page?: number; thread?: string }) =>
  listHref("/admin/messages", {
    tab: "customers",
    page: extra.page ?? query.page,
    thread: extra.thread,
  });

/** Customer threads (A78): those with messages staff have not read first, then newest activity. */
export async function ThreadsList({ query }: { query: MessagesQuery }) {
  const result = await loggedRead(
    "admin customer threads",
    () => listThreadsForStaff({ page: query.page }),
    { items: [], total: 0, page: 1, pageCount: 1 },
  );

  if (result.items.length === 0) {
    return (
      <div className="grid justify-items-center gap-2 rounded-2xl border border-dashed border-border bg-card p-10 text-center">
        <Inbox className="size-9 text-muted-foreground" aria-hidden="true" />
        <p className="font-semibold text-forest-deep">No customer messages yet</p>
      </div>
    );
  }

  return (
    <div className="grid grid-cols-1 gap-4">
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
                    <Badge
                      variant="outline"
                      className="border-transparent bg-emerald-100 text-emerald-900"
                    >
                      Replied
                    </Badge>
                  ) : null}
                </p>
                <p className="text-sm break-words text-muted-foreground">
                  {th.customerName ? `${th.customerName} · ` : ""}
                  {th.customerEmail}
                </p>
              </div>
              <p className="shrink-0 text-xs text-muted-foreground">
                <time dateTime={th.lastAt}>{formatDayTime(th.lastAt)}</time>
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
                >
                  View Thread
                  <span className="sr-only">: {th.subject}</span>
                </Link>
              </Button>
            </div>
          </li>
        ))}
      </ul>
      <ListPager
        label="Customer conversation pages"
        page={result.page}
        pageCount={result.pageCount}
        total={result.total}
        pageSize={THREADS_PAGE_SIZE}
        shown={result.items.length}
        href={(page) => threadHref(query, { page })}
      />
    </div>
  );
}

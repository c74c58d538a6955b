import { Headset, Inbox, MessageSquare, UserRound } from "@/components/icons";
import { EmptyState } from "@/components/shared/empty-state";
import { formatDayTime } from "@/lib/dates";
import { SUPPORT_AUTHOR, groupThreads, messageStats } from "@/lib/messages/threads";
import { Badge } from "@/components/ui/badge";
import { listMyMessages } from "@/lib/messages/data/customer-threads";
import { loggedRead } from "@/lib/logged-read";

import { NewMessageDialog } from "./new-message-dialog";
import { StatCard } from "@/components/shared/stat-card";
import { StatsSkeleton } from "./stats-skeleton";
import { ThreadDialog } from "./thread-dialog";

const PREVIEW = 100;
const preview = (text: string) => (text.length > PREVIEW ? `${text.slice(0, PREVIEW)}...` : text);

/** Stat cards and the threads (newest activity first) with their unread support replies. */
export async function MessagesBoard() {
  const messages = await loggedRead("customer messages", listMyMessages, []);
  const stats = messageStats(messages);
  const threads = groupThreads(messages);
  return (
    <>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-3">
        <StatCard label="Total Messages" value={stats.total} icon={MessageSquare} />
        <StatCard label="From Support" value={stats.fromSupport} icon={Headset} />
        <StatCard label="My Messages" value={stats.mine} icon={UserRound} />
      </div>
      <section
        aria-labelledby="threads-heading"
        className="rounded-2xl border border-border/70 bg-card p-5 shadow-sm sm:p-6"
      >
        <h2 id="threads-heading" className="mb-4 font-display text-xl font-bold text-forest-deep">
          Conversations
        </h2>
        {threads.length === 0 ? (
          <EmptyState
            look="panel"
            icon={Inbox}
            title="No messages yet"
            action={<NewMessageDialog label="Send your first message" />}
          >
            Have a question about a trip, permits or payments? Our support team is here to help.
          </EmptyState>
        ) : (
          <ul className="grid grid-cols-1 gap-3">
            {threads.map((t) => (
              <li
                key={t.threadId}
                className="flex flex-col gap-3 rounded-xl border border-border/70 bg-background/60 p-4 sm:flex-row sm:items-start sm:justify-between"
              >
                <div className="min-w-0">
                  <p className="flex flex-wrap items-center gap-2">
                    <span className="font-semibold break-words text-foreground">
                      {t.summary.subject}
                    </span>
                    {t.unread > 0 ? (
                      <Badge className="bg-terracotta text-white">
                        {t.unread} new {t.unread === 1 ? "reply" : "replies"}
                      </Badge>
                    ) : null}
                  </p>
                  <p className="mt-1 text-sm break-words text-muted-foreground">
                    <span className="font-medium text-foreground">
                      {t.summary.isFromAdmin ? SUPPORT_AUTHOR : "You"}:
                    </span>{" "}
                    {preview(t.summary.message)}
                  </p>
                  <p className="mt-1 text-xs text-muted-foreground">
                    {formatDayTime(t.summary.createdAt)} · {t.messages.length}{" "}
                    {t.messages.length === 1 ? "message" : "messages"}
                  </p>
                </div>
                <ThreadDialog thread={t} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}

export function MessagesBoardSkeleton() {
  return <StatsSkeleton label="Loading messages" panelClassName="h-56 rounded-2xl" />;
}

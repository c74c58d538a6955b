import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { Suspense } from "react";

import { ContactsTable } from "@/components/admin/messages/contacts-table";
import { ListSearch } from "@/components/admin/messages/list-search";
import { MessagesTabs } from "@/components/admin/messages/messages-tabs";
import { StaffThreadDialog } from "@/components/admin/messages/staff-thread-dialog";
import { ThreadsList } from "@/components/admin/messages/threads-list";
import { PageHeader } from "@/components/shared/page-header";
import { Skeleton } from "@/components/ui/skeleton";
import { parseMessagesQuery } from "@/lib/admin-messages";
import { countUnreadThreadsForStaff, getThreadForStaff } from "@/lib/dal/admin-messages";
import { loggedRead } from "@/lib/logged-read";

export const metadata: Metadata = { title: "Messages" };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/** ?thread=<id> opens one customer thread; an unknown id is not found. */
async function ThreadDeepLink({ id }: { id: string }) {
  const thread = await getThreadForStaff(id);
  if (!thread) notFound();
  return <StaffThreadDialog key={`${thread.threadId}:${thread.messages.length}`} thread={thread} />;
}

function ListSkeleton() {
  return (
    <div className="grid grid-cols-1 gap-3" aria-busy="true" aria-label="Loading messages">
      <Skeleton className="h-5 w-40" />
      {[0, 1, 2].map((i) => (
        <Skeleton key={i} className="h-24 rounded-2xl" />
      ))}
    </div>
  );
}

/** Admin Messages (A68-A82): the contact form's messages and the customers' support threads. */
export default async function AdminMessagesPage({ searchParams }: { searchParams: SearchParams }) {
  const query = parseMessagesQuery(await searchParams);
  const unread = await loggedRead("unread customer threads", countUnreadThreadsForStaff, 0);
  return (
    <div className="grid grid-cols-1 gap-6">
      <PageHeader
        title="Messages"
        description="Contact form messages and customer conversations. We promise a reply within 24 hours."
      />
      <MessagesTabs tab={query.tab} unread={unread} />
      {query.tab === "contacts" ? (
        <>
          <ListSearch
            q={query.q}
            id="contacts-search"
            label="Search contact messages"
            placeholder="Search by name, email, subject or message"
          />
          <Suspense key={`${query.q}|${query.page}`} fallback={<ListSkeleton />}>
            <ContactsTable query={query} />
          </Suspense>
        </>
      ) : (
        <>
          <Suspense key={`threads|${query.page}`} fallback={<ListSkeleton />}>
            <ThreadsList query={query} />
          </Suspense>
          {query.thread ? <ThreadDeepLink id={query.thread} /> : null}
        </>
      )}
    </div>
  );
}

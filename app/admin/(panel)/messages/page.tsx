import type { Metadata } from "next";
import { Suspense } from "react";

import { ListSkeleton } from "@/components/admin/list/list-states";
import { MessagesTabs } from "@/components/admin/messages/messages-tabs";
import { ListSearch } from "@/components/lists/list-search";
import { Screen } from "@/components/shared/page-header";
import { parseMessagesQuery } from "@/lib/messages/list-query";
import { countUnreadThreadsForStaff } from "@/lib/messages/data/staff-inbox";
import type { SearchParams } from "@/lib/list-query";
import { loggedRead } from "@/lib/logged-read";

import { ContactsList, CustomerThreadsList, ThreadDeepLink } from "./list";

export const metadata: Metadata = { title: "Messages" };

/** /admin/messages: the contact form's messages and the customers' support threads. */
export default async function AdminMessagesPage({ searchParams }: { searchParams: SearchParams }) {
  const query = parseMessagesQuery(await searchParams);
  const unread = await loggedRead("unread customer threads", countUnreadThreadsForStaff, 0);
  return (
    <Screen
      title="Messages"
      description="Contact form messages and customer conversations. We promise a reply within 24 hours."
    >
      <MessagesTabs tab={query.tab} unread={unread} />
      {query.tab === "contacts" ? (
        <>
          <ListSearch
            id="contacts-search"
            label="Search contact messages"
            placeholder="Search by name, email, subject or message"
          />
          <Suspense
            key={`${query.q}|${query.page}`}
            fallback={<ListSkeleton label="Loading messages" />}
          >
            <ContactsList query={query} />
          </Suspense>
        </>
      ) : (
        <>
          <Suspense
            key={`threads|${query.page}`}
            fallback={<ListSkeleton label="Loading messages" />}
          >
            <CustomerThreadsList query={query} />
          </Suspense>
          {query.thread ? <ThreadDeepLink id={query.thread} /> : null}
        </>
      )}
    </Screen>
  );
}

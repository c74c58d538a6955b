import type { Metadata } from "next";
import { NuqsAdapter } from "nuqs/adapters/next/app";
import { Suspense } from "react";

import { AccountCard } from "@/components/customer/account-card";
import { CustomerNav } from "@/components/customer/customer-nav";
import { HeaderActions } from "@/components/customer/header-actions";
import { MobileMenu } from "@/components/customer/mobile-menu";
import { NoticeToast } from "@/components/customer/notice-toast";
import { Logo } from "@/components/site/logo";
import { SkipLink } from "@/components/site/skip-link";
import { displayName, layoutGreeting } from "@/lib/accounts/labels";
import { countMyUnreadReplies } from "@/lib/messages/data/customer-threads";
import { loggedRead } from "@/lib/logged-read";
import { getAdminRole, requireCustomer } from "@/lib/session";

export const metadata: Metadata = {
  title: { template: "%s | My Account | Breathe Uganda", default: "My Account | Breathe Uganda" },
  robots: { index: false },
};

/** The customer area: header (Browse Tours, New Trip, Admin for staff, Sign Out), greeting, sidebar. */
export default async function CustomerAreaLayout({ children }: { children: React.ReactNode }) {
  const me = await requireCustomer();
  const [role, unread] = await Promise.all([
    getAdminRole(),
    loggedRead("unread support replies", countMyUnreadReplies, 0),
  ]);
  const account = (
    <AccountCard name={displayName({ name: me.name, email: me.email })} email={me.email} />
  );

  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      <header className="sticky top-0 z-40 border-b border-border/70 bg-card/95 backdrop-blur supports-[backdrop-filter]:bg-card/85">
        <div className="container-page flex h-16 items-center justify-between gap-3">
          <Logo />
          <HeaderActions isAdmin={role !== null} className="hidden items-center md:flex" />
          <MobileMenu
            unread={unread}
            account={account}
            actions={
              <HeaderActions
                isAdmin={role !== null}
                className="flex-col items-stretch [&>*]:justify-start"
              />
            }
          />
        </div>
        <div className="border-t border-border/60 bg-secondary/60">
          <p className="container-page truncate py-2 text-sm font-medium text-secondary-foreground">
            {layoutGreeting(me.name, me.createdAt)}
          </p>
        </div>
      </header>

      <div className="container-page grid flex-1 grid-cols-1 gap-8 py-6 md:grid-cols-[15rem_minmax(0,1fr)] md:py-8 lg:grid-cols-[16rem_minmax(0,1fr)]">
        <aside className="hidden md:block" aria-label="Account">
          <div className="sticky top-32 grid min-w-0 grid-cols-1 gap-5 rounded-2xl border border-border/70 bg-card p-4 shadow-sm">
            <div className="min-w-0 px-1 pt-1">{account}</div>
            <CustomerNav unread={unread} />
          </div>
        </aside>
        <main id="main-content" className="min-w-0">
          <NuqsAdapter>{children}</NuqsAdapter>
        </main>
      </div>
      <Suspense>
        <NoticeToast />
      </Suspense>
    </div>
  );
}

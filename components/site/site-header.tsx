import { Logo } from "./logo";
import { MainNav } from "./main-nav";

/** The sticky navigation bar of the public pages. */
export function SiteHeader() {
  return (
    <header className="sticky top-0 z-40 border-b border-border/70 bg-background/90 backdrop-blur supports-[backdrop-filter]:bg-background/80">
      <div className="relative">
        <div className="container-page flex h-16 items-center justify-between gap-2 min-[380px]:gap-3 sm:gap-4 md:h-20">
          <Logo />
          <MainNav />
        </div>
      </div>
    </header>
  );
}

import type { ComponentProps, ReactNode } from "react";

import { Button } from "@/components/ui/button";
import { site, whatsappInquiryText, whatsappLink } from "@/lib/site";

import { WhatsAppIcon } from "./social-icons";

/** A button that opens a WhatsApp chat with `text` already typed, in a new tab. */
export function WhatsAppChat({
  text,
  iconClassName = "size-5",
  children,
  ...button
}: {
  text: string;
  iconClassName?: string;
  children: ReactNode;
} & Omit<ComponentProps<typeof Button>, "asChild" | "children">) {
  return (
    <Button asChild {...button}>
      <a href={whatsappLink(text)} target="_blank" rel="noopener noreferrer">
        <WhatsAppIcon className={iconClassName} />
        {children}
      </a>
    </Button>
  );
}

/** The floating chat button on every public page: a plain external link, no client code. */
export function WhatsAppButton() {
  return (
    <aside aria-label="Quick chat">
      <a
        href={whatsappLink(whatsappInquiryText)}
        target="_blank"
        rel="noopener noreferrer"
        aria-label="Chat with us on WhatsApp"
        title={`Chat with ${site.name} on WhatsApp`}
        className="fixed right-4 bottom-4 z-40 inline-flex size-14 items-center justify-center rounded-full bg-[#1a7f4b] text-white shadow-lg ring-4 shadow-forest-deep/30 ring-white/70 transition-transform hover:scale-105 focus-visible:ring-savanna focus-visible:outline-none sm:right-6 sm:bottom-6"
      >
        <WhatsAppIcon className="size-7" />
      </a>
    </aside>
  );
}

"use client";

import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";

/**
 * The footer newsletter form. It renders the fields only: the server action that subscribes the
 * address arrives with the public-forms work, which will replace the submit handler below.
 */
export function NewsletterForm() {
  return (
    <form className="flex flex-col gap-2 sm:flex-row" onSubmit={(e) => e.preventDefault()}>
      <Input
        type="email"
        name="email"
        required
        autoComplete="email"
        placeholder="Enter your email"
        aria-label="Email address for our newsletter"
        className="h-11 rounded-full border-white/25 bg-white/10 px-4 text-white placeholder:text-white/70 focus-visible:border-savanna focus-visible:ring-savanna/40"
      />
      <Button type="submit" variant="accent" className="h-11 rounded-full px-6 font-semibold">
        Subscribe
      </Button>
    </form>
  );
}

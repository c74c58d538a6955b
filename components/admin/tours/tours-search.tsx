import { Search } from "@/components/icons";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";

/** A94: the search box, a plain GET form (works before the page's scripts load). */
export function ToursSearch({ q }: { q: string }) {
  return (
    <form role="search" action="/admin/tours" className="relative w-full max-w-md">
      <Label htmlFor="tours-search" className="sr-only">
        Search tours
      </Label>
      <Search
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
        aria-hidden="true"
      />
      <Input
        id="tours-search"
        type="search"
        name="q"
        defaultValue={q}
        maxLength={100}
        placeholder="Search tours by title or slug"
        className="h-10 bg-card pl-9"
      />
    </form>
  );
}

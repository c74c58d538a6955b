import { notFound } from "next/navigation";
import { connection } from "next/server";

type Props = {
  params: Promise<{ missing: string[] }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

// Any path no route matches lands here: log it, then show the 404 page (app/not-found.tsx),
// which Next renders without telling it the path. A path that is not valid percent-encoding is
// rewritten here as /malformed-url?path=… (next.config.ts), so it gets this page instead of a 500.
export default async function MissingPage({ params, searchParams }: Props) {
  await connection();
  const { missing } = await params;
  let path = `/${missing.join("/")}`;
  if (path === "/malformed-url") {
    const original = (await searchParams).path;
    if (typeof original === "string") path = `/${original}`;
  }
  console.warn(JSON.stringify({ event: "not_found", path: path.slice(0, 500) }));
  notFound();
}

import { notFound } from "next/navigation";
import { connection } from "next/server";

// Any path no route matches lands here: log it, then show the 404 page (app/not-found.tsx),
// which Next renders without telling it the path.
export default async function MissingPage({ params }: { params: Promise<{ missing: string[] }> }) {
  await connection();
  const { missing } = await params;
  const path = `/${missing.join("/")}`.slice(0, 500);
  console.warn(JSON.stringify({ event: "not_found", path }));
  notFound();
}

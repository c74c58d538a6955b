import type { Metadata } from "next";

import { NotFoundContent } from "@/components/site/not-found-content";

const TEXT = "The tour you're looking for doesn't exist.";

export const metadata: Metadata = { title: "Tour Not Found", description: TEXT };

export default function TourNotFound() {
  return (
    <NotFoundContent
      code={null}
      title="Tour Not Found"
      text={TEXT}
      href="/tours"
      linkLabel="Browse All Tours"
    />
  );
}

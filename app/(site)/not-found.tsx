import type { Metadata } from "next";

import { NotFoundContent } from "@/components/site/not-found-content";

export const metadata: Metadata = {
  title: "Page Not Found",
  description: "The page you're looking for doesn't exist or has been moved.",
};

/** 404 inside the public layout (unknown paths land in [...missing]): the chrome is already there. */
export default function SiteNotFound() {
  return <NotFoundContent />;
}

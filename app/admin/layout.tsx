import "./admin.css";

import { RootDocument, rootMetadata, rootViewport } from "@/components/site/root-document";

export const metadata = rootMetadata;
export const viewport = rootViewport;

/** The admin's pages (sign-in and the panel): their document and stylesheet. */
export default function AdminRootLayout({ children }: { children: React.ReactNode }) {
  return <RootDocument>{children}</RootDocument>;
}

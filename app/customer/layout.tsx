import "./account.css";

import { RootDocument, rootMetadata, rootViewport } from "@/components/site/root-document";

export const metadata = rootMetadata;
export const viewport = rootViewport;

/** The customer's pages (sign-in, reset, the account area): their document and stylesheet. */
export default function CustomerRootLayout({ children }: { children: React.ReactNode }) {
  return <RootDocument>{children}</RootDocument>;
}

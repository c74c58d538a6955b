// The captured page with its links on the site drawn as next/link (bench/floor/dom-page.jsx).
import Link from "next/link";

import { DomPage, domPageNames } from "../../../dom-page";

export const dynamicParams = false;
export const generateStaticParams = domPageNames;

export default async function Page({ params }) {
  return <DomPage name={(await params).name} Link={Link} />;
}

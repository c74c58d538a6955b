// The captured page with plain links and no client component (bench/floor/dom-page.jsx).
import { DomPage, domPageNames } from "../../../dom-page";

export const dynamicParams = false;
export const generateStaticParams = domPageNames;

export default async function Page({ params }) {
  return <DomPage name={(await params).name} />;
}

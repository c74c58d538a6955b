// A public page of the site, drawn by the floor: the same elements, attributes, text and
// stylesheet, from dom-pages.json (written by bench/dom-floor.ts before it builds this copy of
// the floor), as server components only. /dom/<name> has no client component and no script of
// the site: what the stack itself costs a phone for that page's DOM and CSS. /dom-links/<name>
// draws the site's links as next/link, as the site must for client-side navigation: that page
// plus what the framework's Link costs.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";

import { createElement } from "react";

function pages() {
  const file = path.join(process.cwd(), "dom-pages.json");
  return existsSync(file) ? JSON.parse(readFileSync(file, "utf8")) : {};
}

export function domPageNames() {
  return Object.keys(pages()).map((name) => ({ name }));
}

// HTML attribute names React spells otherwise.
const PROPS = {
  class: "className",
  for: "htmlFor",
  tabindex: "tabIndex",
  fetchpriority: "fetchPriority",
  srcset: "srcSet",
  crossorigin: "crossOrigin",
  readonly: "readOnly",
  maxlength: "maxLength",
  minlength: "minLength",
  autocomplete: "autoComplete",
  enterkeyhint: "enterKeyHint",
  inputmode: "inputMode",
  colspan: "colSpan",
  rowspan: "rowSpan",
};
const BOOLEAN = new Set([
  "hidden",
  "disabled",
  "checked",
  "required",
  "open",
  "novalidate",
  "inert",
  "selected",
  "multiple",
]);
const VOID = new Set([
  "area",
  "br",
  "col",
  "embed",
  "hr",
  "img",
  "input",
  "link",
  "meta",
  "source",
  "track",
  "wbr",
]);

function style(css) {
  const out = {};
  for (const declaration of css.split(";")) {
    const colon = declaration.indexOf(":");
    if (colon < 0) continue;
    const name = declaration.slice(0, colon).trim();
    out[name.startsWith("--") ? name : name.replace(/-([a-z])/g, (_, c) => c.toUpperCase())] =
      declaration.slice(colon + 1).trim();
  }
  return out;
}

function element(node, key, Link) {
  if (typeof node === "string") return node;
  const [tag, attributes, children] = node;
  const props = { key };
  for (const [name, value] of Object.entries(attributes)) {
    if (name === "style") props.style = style(value);
    else if (name === "value") props.defaultValue = value;
    else if (name === "checked") props.defaultChecked = true;
    else props[PROPS[name] ?? name] = BOOLEAN.has(name) ? true : value;
  }
  if (VOID.has(tag)) return createElement(tag, props);
  const drawn = children.map((child, i) => element(child, i, Link));
  // With `Link`, the site's own links (a path on the site) are drawn as next/link, as the site
  // draws them for its client-side navigation.
  const own = tag === "a" && Link && /^\/(?!\/|images\/)/.test(props.href ?? "");
  return createElement(own ? Link : tag, props, ...drawn);
}

/** The captured page `name`, with `Link` (next/link) for its links on the site when given. */
export function DomPage({ name, Link }) {
  const page = pages()[name];
  return (
    <>
      {page.stylesheets.map((href) => (
        <link key={href} rel="stylesheet" href={href} precedence="default" />
      ))}
      {page.body.map((node, i) => element(node, i, Link))}
    </>
  );
}

/** What a PDF of ours says, for assertions on receipts and invoices (lib/documents). */
import { inflateSync } from "node:zlib";

import { expectToSay } from "./html-text";

/** The text drawn on the pages: each content stream inflated, its hex strings (Tj) decoded. */
export function pdfText(pdf: Uint8Array): string {
  const raw = Buffer.from(pdf);
  const out: string[] = [];
  let at = 0;
  for (;;) {
    const start = raw.indexOf("stream", at);
    if (start < 0) break;
    const body = raw.indexOf("\n", start) + 1;
    const end = raw.indexOf("endstream", body);
    at = end + 9;
    let content: string;
    try {
      content = inflateSync(raw.subarray(body, end)).toString("latin1");
    } catch {
      content = raw.subarray(body, end).toString("latin1");
    }
    for (const [, hex] of content.matchAll(/<([0-9A-Fa-f]*)>\s*Tj/g))
      out.push(Buffer.from(hex!, "hex").toString("latin1"));
  }
  return out.join("\n");
}

/** Fails unless the PDF says every one of `parts`, naming those it does not say. */
export function expectPdfToSay(pdf: Uint8Array, parts: string[]) {
  expectToSay(pdfText(pdf), parts);
}

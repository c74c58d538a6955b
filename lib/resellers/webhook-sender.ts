import "server-only";

import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import http from "node:http";
import https from "node:https";
import type { LookupFunction } from "node:net";
import { isIP } from "node:net";

import { isPrivateAddress } from "./webhooks";

/**
 * One webhook call: a POST of `body` to `url` with `headers`, answered by its status. Redirects
 * are not followed (a 3xx is a failure): a public URL could otherwise send the call inside. Unless
 * `allowPrivate`, the address actually connected to must be public: a name is resolved here and
 * every address it resolves to checked before connecting, so a name that points inside (or is
 * re-pointed there after the webhook was registered) is refused, not called.
 */

/** The reseller's server has this long to answer. */
const TIMEOUT_MS = 10_000;
/** What is read of an answer: its status is all that counts. */
const MAX_ANSWER_BYTES = 64 * 1024;

export class WebhookAddressRefused extends Error {
  constructor(address: string) {
    super(`refused: ${address} is a private address`);
    this.name = "WebhookAddressRefused";
  }
}

/** A resolver that refuses private addresses (node calls it for host names, not IP literals). */
function publicOnlyLookup(): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, "", 0);
      const list = addresses as LookupAddress[];
      const blocked = list.find((a) => isPrivateAddress(a.address));
      if (blocked || list.length === 0) {
        return callback(new WebhookAddressRefused(blocked?.address ?? hostname), "", 0);
      }
      if ((options as { all?: boolean }).all) return callback(null, list as never, 0);
      return callback(null, list[0]!.address, list[0]!.family);
    });
  };
}

export async function postWebhook(input: {
  url: string;
  body: string;
  headers: Record<string, string>;
  allowPrivate: boolean;
  timeoutMs?: number;
}): Promise<{ status: number }> {
  const url = new URL(input.url);
  const host = url.hostname.replace(/^\[|\]$/g, "");
  if (!input.allowPrivate && isIP(host) && isPrivateAddress(host)) {
    throw new WebhookAddressRefused(host);
  }
  const client = url.protocol === "https:" ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.request(
      url,
      {
        method: "POST",
        headers: {
          ...input.headers,
          "content-type": "application/json",
          "content-length": Buffer.byteLength(input.body),
          "user-agent": "BreatheUganda-Webhooks/1",
        },
        timeout: input.timeoutMs ?? TIMEOUT_MS,
        ...(input.allowPrivate ? {} : { lookup: publicOnlyLookup() }),
      },
      (response) => {
        let read = 0;
        response.on("data", (chunk: Buffer) => {
          read += chunk.length;
          if (read > MAX_ANSWER_BYTES) response.destroy();
        });
        const done = () => resolve({ status: response.statusCode ?? 0 });
        response.on("end", done);
        response.on("close", done);
        response.on("error", done);
      },
    );
    request.on("timeout", () => request.destroy(new Error("timed out")));
    request.on("error", reject);
    request.end(input.body);
  });
}

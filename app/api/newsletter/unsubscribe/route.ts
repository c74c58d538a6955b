import { type NextRequest } from "next/server";

import { unsubscribeWithToken } from "@/lib/newsletter/data/subscriptions";
import { escapeHtml } from "@/lib/email/templates";
import { isValidUnsubscribeToken } from "@/lib/newsletter/links";
import { site } from "@/lib/site";
import { unsubscribeParamsSchema } from "@/lib/newsletter/schemas";

/**
 * The newsletter's unsubscribe link: /api/newsletter/unsubscribe?email=…&token=… (token: signed
 * for the email, with an expiry, lib/newsletter/token.ts).
 * - GET (a person clicking the link in the mail): checks the link and shows a confirmation page
 *   whose button POSTs here. GET itself changes nothing: mail scanners prefetch links.
 * - POST (that button, or a mail client's RFC 8058 one-click request with the body
 *   'List-Unsubscribe=One-Click'): sets is_active false and answers 200 with a short page.
 * Order: validate the parameters (400), check the signature (403), act.
 */
export const dynamic = "force-dynamic";

type Check = { ok: true; email: string; token: string } | { ok: false; response: Response };

function page(status: number, title: string, body: string): Response {
  const html = `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} | ${escapeHtml(site.name)}</title>
<style>
  body { margin: 0; min-height: 100vh; display: grid; place-items: center; background: #fbf6ec; color: #17251d;
    font-family: ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif; }
  main { max-width: 32rem; margin: 1.5rem; padding: 2rem; background: #fffdf8; border: 1px solid #e6dcc8; border-radius: 1rem; }
  .brand { font-family: Georgia, serif; font-weight: 700; color: #0f3d2e; text-decoration: none; font-size: 1.25rem; }
  h1 { font-family: Georgia, serif; color: #0f3d2e; font-size: 1.75rem; margin: 1.25rem 0 0.75rem; }
  p { line-height: 1.6; }
  button { font: inherit; font-weight: 600; cursor: pointer; border: 0; border-radius: 999px; padding: 0.75rem 1.5rem;
    background: #1f6b4a; color: #fff; }
  button:focus-visible, a:focus-visible { outline: 3px solid #e0a526; outline-offset: 2px; }
  a { color: #1f6b4a; }
</style>
</head>
<body>
<main>
<a class="brand" href="/">${escapeHtml(site.name)}</a>
<h1>${escapeHtml(title)}</h1>
${body}
</main>
</body>
</html>`;
  return new Response(html, {
    status,
    headers: {
      "content-type": "text/html; charset=utf-8",
      "cache-control": "no-store",
      "referrer-policy": "no-referrer",
    },
  });
}

const backHome = `<p><a href="/">Return to Home</a></p>`;

function check(params: URLSearchParams): Check {
  const parsed = unsubscribeParamsSchema.safeParse({
    email: params.get("email") ?? undefined,
    token: params.get("token") ?? undefined,
  });
  if (!parsed.success) {
    return {
      ok: false,
      response: page(
        400,
        "Invalid unsubscribe link",
        `<p>This link is incomplete. Please use the full link from the email.</p>${backHome}`,
      ),
    };
  }
  if (!isValidUnsubscribeToken(parsed.data.email, parsed.data.token)) {
    return {
      ok: false,
      response: page(
        403,
        "Invalid unsubscribe link",
        `<p>This link is not valid for this address, or it has expired. Please use the link from a recent email.</p>${backHome}`,
      ),
    };
  }
  return { ok: true, email: parsed.data.email, token: parsed.data.token };
}

export async function GET(request: NextRequest) {
  const result = check(request.nextUrl.searchParams);
  if (!result.ok) return result.response;
  const action = `/api/newsletter/unsubscribe?${new URLSearchParams({ email: result.email, token: result.token })}`;
  return page(
    200,
    "Unsubscribe from our newsletter",
    `<p>Stop sending the ${escapeHtml(site.name)} newsletter to <strong>${escapeHtml(result.email)}</strong>?</p>
<form method="post" action="${escapeHtml(action)}">
<input type="hidden" name="List-Unsubscribe" value="One-Click">
<button type="submit">Unsubscribe</button>
</form>
${backHome}`,
  );
}

export async function POST(request: NextRequest) {
  const result = check(request.nextUrl.searchParams);
  if (!result.ok) return result.response;
  try {
    await unsubscribeWithToken(result.email, result.token);
  } catch (error) {
    console.error(JSON.stringify({ event: "newsletter_unsubscribe_failed", error: String(error) }));
    return page(
      500,
      "Something went wrong",
      `<p>We could not unsubscribe you just now. Please try again in a moment.</p>${backHome}`,
    );
  }
  return page(
    200,
    "You have been unsubscribed",
    `<p>You have been unsubscribed. <strong>${escapeHtml(result.email)}</strong> will no longer receive our newsletter.</p>
<p>Changed your mind? You can subscribe again at the bottom of any page.</p>
${backHome}`,
  );
}

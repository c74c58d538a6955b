/**
 * A route handler's short refusal ('Invalid departure.', 'Please sign in.') as plain text, never
 * cached: the file routes answer their 400, 401, 403 and 404 with it.
 */
export const plainResponse = (status: number, text: string) =>
  new Response(text, {
    status,
    headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" },
  });

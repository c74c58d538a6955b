import { STORED_FILE_POLICY } from "@/lib/csp";
import { getLocalStorage } from "@/lib/storage";
import { IMMUTABLE_CACHE_CONTROL } from "@/lib/storage/driver";
import { isStorageKey } from "@/lib/storage/picture";

type Context = { params: Promise<{ key: string[] }> };

const SAFE_HEADERS = {
  "X-Content-Type-Options": "nosniff",
  // A picture is never a document: nothing in it may run, even opened on its own.
  "Content-Security-Policy": STORED_FILE_POLICY,
};

const notFound = () =>
  new Response("Not found", {
    status: 404,
    headers: {
      ...SAFE_HEADERS,
      "Content-Type": "text/plain; charset=utf-8",
      "Cache-Control": "no-store",
    },
  });

/**
 * The local driver's objects (STORAGE_DIR), for everyone: tour pictures are public. Only a valid
 * storage key is looked up (lib/storage/picture.ts: no '..', backslash, NUL or absolute path),
 * the file must lie inside the storage root after resolving symlinks, and its content type comes
 * from the key's extension, never from the request. Keys are versioned, so a year's immutable
 * caching is safe. With S3 configured, browsers read from the bucket and this answers 404.
 */
export async function GET(_request: Request, { params }: Context) {
  const { key: segments } = await params;
  const storage = getLocalStorage();
  const key = segments.join("/");
  if (!storage || !isStorageKey(key)) return notFound();
  const object = await storage.read(key);
  if (!object) return notFound();
  return new Response(new Uint8Array(object.bytes), {
    headers: {
      ...SAFE_HEADERS,
      "Content-Type": object.contentType,
      "Content-Length": String(object.bytes.byteLength),
      "Cache-Control": IMMUTABLE_CACHE_CONTROL,
    },
  });
}

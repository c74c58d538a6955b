import "server-only";

import { requireStaffForRoute } from "@/lib/session";
import { authUrlOf, type Env, env } from "@/lib/env";
import { DomainError } from "@/lib/errors";
import { isUuid } from "@/lib/ids";
import { SemaphoreTimeout } from "@/lib/semaphore";
import {
  MAX_UPLOAD_BYTES,
  MAX_UPLOAD_FILES,
  type Upload,
  UploadRefusedError,
} from "@/lib/storage/images";

/**
 * What the admin picture route handlers share: reading a multipart body with a size limit, the
 * same-origin check, and one JSON answer per outcome. Every answer is
 * `{ title?, message, files?, ... }` (the product's toast texts where it has them); errors are
 * logged here and never shown raw.
 */

export { isUuid };

/** Largest body accepted: a full batch of files at the size limit, plus the form's framing. */
const MAX_BODY_BYTES = MAX_UPLOAD_FILES * MAX_UPLOAD_BYTES + 1024 * 1024;

export const json = (status: number, body: Record<string, unknown>) =>
  Response.json(body, { status, headers: { "Cache-Control": "no-store" } });

/** Thrown for a body that is not a usable upload form (answered 400 or 413). */
export class BadUploadError extends Error {
  constructor(
    readonly status: 400 | 413,
    message: string,
  ) {
    super(message);
    this.name = "BadUploadError";
  }
}

/** The first value of a header a proxy may have appended to ('https, http' → 'https'). */
const firstValue = (value: string | null) => value?.split(",")[0]?.trim() || null;

/**
 * The origins this site answers at, decided as Auth.js decides its own (lib/env.ts authUrlOf):
 * SITE_URL always; AUTH_URL when set; and only where the deployment vouches for its host headers
 * (AUTH_TRUST_HOST without AUTH_URL) the origin they name, X-Forwarded-Proto and
 * X-Forwarded-Host (else Host). Anywhere else those headers are only what the client said.
 */
export function siteOrigins(request: Request, config: Env = env): Set<string> {
  const origins = new Set([new URL(config.SITE_URL).origin]);
  const authUrl = authUrlOf(config);
  if (authUrl) {
    origins.add(new URL(authUrl).origin);
    return origins;
  }
  const headers = request.headers;
  const host = firstValue(headers.get("x-forwarded-host")) ?? headers.get("host");
  const scheme = firstValue(headers.get("x-forwarded-proto")) ?? new URL(request.url).protocol;
  const named = `${scheme.replace(/:$/, "")}://${host}`;
  if (host && URL.canParse(named)) origins.add(new URL(named).origin);
  return origins;
}

/**
 * A request whose Origin is not one of the site's (scheme, host and port): refused, so a page
 * elsewhere cannot post pictures with a staff member's cookies (SameSite=Lax already keeps them
 * off a cross-site POST; this holds even where a browser does not). An opaque origin ('null', a
 * sandboxed frame) is foreign too. The Host header alone never makes an origin ours: a page on a
 * name rebound to this server would send a matching one.
 *
 * A request without Origin is let through: browsers send it with every cross-origin request and
 * with every same-origin POST, PUT and DELETE, so its absence means a client that is not a page
 * in a browser (a script holding the staff session itself), which no other site can steer. The
 * caller's session and role are still checked next to the data.
 */
export function isCrossOrigin(request: Request, config: Env = env): boolean {
  const origin = request.headers.get("origin");
  if (origin === null) return false;
  if (!URL.canParse(origin)) return true;
  return !siteOrigins(request, config).has(new URL(origin).origin);
}

/** The files of `field` in a multipart body of at most MAX_BODY_BYTES, in order. */
export async function readUploads(
  request: Request,
  field: string,
  maxFiles: number,
): Promise<Upload[]> {
  const type = request.headers.get("content-type") ?? "";
  if (!type.toLowerCase().startsWith("multipart/form-data") || !request.body) {
    throw new BadUploadError(400, "Send the images as multipart/form-data.");
  }
  const tooLarge = () =>
    new BadUploadError(413, `Send at most ${maxFiles} images of at most 10 MB each at once.`);
  if (Number(request.headers.get("content-length")) > MAX_BODY_BYTES) throw tooLarge();

  let seen = 0;
  let overLimit = false;
  const limited = request.body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        seen += chunk.byteLength;
        if (seen > MAX_BODY_BYTES) {
          overLimit = true;
          controller.error(new Error("body too large"));
        } else controller.enqueue(chunk);
      },
    }),
  );
  let form: FormData;
  try {
    form = await new Response(limited, { headers: { "content-type": type } }).formData();
  } catch {
    if (overLimit) throw tooLarge();
    throw new BadUploadError(400, "The upload could not be read. Please try again.");
  }

  const files = form.getAll(field).filter((v): v is File => typeof v !== "string");
  if (!files.length) throw new BadUploadError(400, "Choose at least one image.");
  if (files.length > maxFiles) throw tooLarge();
  return Promise.all(
    files.map(async (file) => ({
      name: file.name,
      bytes: new Uint8Array(await file.arrayBuffer()),
    })),
  );
}

/**
 * What an answer calls the row a picture route acts on: the 400 for a malformed id, the 401's
 * sign-in request and the 404 for a missing row or picture. Tours' words are the default.
 */
export type UploadSubject = { unknown: string; signIn: string; missing: string };

export const TOUR_SUBJECT: UploadSubject = {
  unknown: "Unknown tour.",
  signIn: "Please sign in as staff to manage tour images.",
  missing: "This tour or image no longer exists.",
};

export const LODGE_SUBJECT: UploadSubject = {
  unknown: "Unknown lodge.",
  signIn: "Please sign in as staff to manage lodge pictures.",
  missing: "This lodge or picture no longer exists.",
};

type StaffUpload = {
  title: string;
  route: string;
  field: string;
  maxFiles: number;
  subject?: UploadSubject;
};

/**
 * A staff upload to one row (a tour's gallery pictures or thumbnail, a lodge's pictures): a
 * malformed id is a 400 and a cross-site request a 403, before anything else; the caller must be
 * staff, checked before the body is read (a stranger's upload is never buffered); then `store`
 * keeps the files of `field` (its data module loads the row: 404). Whatever is thrown is answered
 * as errorResponse says, under the failure toast's `title`.
 */
export async function staffUpload(
  request: Request,
  params: Promise<{ id: string }>,
  upload: StaffUpload,
  store: (id: string, uploads: Upload[]) => Promise<Response>,
): Promise<Response> {
  const { id } = await params;
  const { title, subject = TOUR_SUBJECT } = upload;
  if (!isUuid(id)) return json(400, { title, message: subject.unknown });
  if (isCrossOrigin(request)) return json(403, { title, message: "Cross-site upload refused." });
  try {
    await requireStaffForRoute();
    return await store(id, await readUploads(request, upload.field, upload.maxFiles));
  } catch (error) {
    return errorResponse(error, title, upload.route, subject);
  }
}

/** A staff upload to one tour (gallery pictures, thumbnail): staffUpload in tours' words. */
export async function staffTourUpload(
  request: Request,
  params: Promise<{ id: string }>,
  upload: Omit<StaffUpload, "subject">,
  store: (id: string, uploads: Upload[]) => Promise<Response>,
): Promise<Response> {
  return staffUpload(request, params, { ...upload, subject: TOUR_SUBJECT }, store);
}

/** The answer for anything a picture route throws. `title` is the failure toast's title. */
export function errorResponse(
  error: unknown,
  title: string,
  route: string,
  subject: UploadSubject = TOUR_SUBJECT,
): Response {
  if (error instanceof DomainError) {
    if (error.code === "unauthenticated") {
      return json(401, { title, message: subject.signIn });
    }
    if (error.code === "forbidden") {
      return json(403, { title, message: "You don't have admin privileges" });
    }
    if (error.code === "not_found") {
      return json(404, { title, message: subject.missing });
    }
  }
  if (error instanceof BadUploadError) return json(error.status, { title, message: error.message });
  if (error instanceof UploadRefusedError) {
    return json(422, { title, message: error.message, files: error.refusals });
  }
  if (error instanceof SemaphoreTimeout) {
    return json(503, {
      title,
      message: "Other images are being processed. Please try again in a minute.",
    });
  }
  console.error(JSON.stringify({ event: "route_failed", route, error: String(error) }));
  return json(500, { title, message: "The images could not be stored. Please try again." });
}

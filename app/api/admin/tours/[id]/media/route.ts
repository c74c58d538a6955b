import { addTourMedia, deleteTourMedia } from "@/lib/tours/data/media";
import { MAX_UPLOAD_FILES } from "@/lib/storage/images";
import { isMediaBaseKey } from "@/lib/storage/picture";
import { errorResponse, isCrossOrigin, isUuid, json, staffTourUpload } from "@/lib/upload-route";

type Context = { params: Promise<{ id: string }> };

/**
 * Staff add pictures to a tour's gallery: multipart/form-data with one or more `files` (at most
 * 10, each at most 10 MB and 40 megapixels; JPEG, PNG, WebP or AVIF by their bytes). All are
 * checked before any is stored; one refused file refuses the request (422, naming each file).
 * A route handler, not a server action: server actions take 1 MB bodies.
 */
export async function POST(request: Request, { params }: Context) {
  return staffTourUpload(
    request,
    params,
    {
      title: "Error uploading images",
      route: "media#POST",
      field: "files",
      maxFiles: MAX_UPLOAD_FILES,
    },
    async (id, uploads) => {
      const added = await addTourMedia(id, uploads);
      return json(201, {
        title: "Images uploaded",
        message: `${added.length} image(s) added successfully.`,
        media: added,
      });
    },
  );
}

/**
 * Staff remove one gallery picture: `?key=tours/{tourId}/media/{timestamp}-{random}` (or the
 * older `{slug}/media/…` of a picture stored before keys carried the tour's id).
 */
export async function DELETE(request: Request, { params }: Context) {
  const { id } = await params;
  const key = new URL(request.url).searchParams.get("key") ?? "";
  const title = "Error deleting image";
  if (!isUuid(id) || !isMediaBaseKey(key)) return json(400, { title, message: "Unknown image." });
  if (isCrossOrigin(request)) return json(403, { title, message: "Cross-site request refused." });
  try {
    await deleteTourMedia(id, key);
    return json(200, {
      title: "Image deleted",
      message: "The image has been removed successfully.",
    });
  } catch (error) {
    return errorResponse(error, title, "media#DELETE");
  }
}

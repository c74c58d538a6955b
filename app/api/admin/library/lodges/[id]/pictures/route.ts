import { addLodgePictures, deleteLodgePicture } from "@/lib/library/data/lodge-pictures";
import { MAX_UPLOAD_FILES } from "@/lib/storage/images";
import { isMediaBaseKey } from "@/lib/storage/picture";
import {
  errorResponse,
  isCrossOrigin,
  isUuid,
  json,
  LODGE_SUBJECT,
  staffUpload,
} from "@/lib/upload-route";

type Context = { params: Promise<{ id: string }> };

/**
 * Staff add pictures to a library lodge: multipart/form-data with one or more `files`, checked,
 * encoded and stored as a tour's gallery pictures are (lib/upload-route.ts), under
 * 'lodges/{lodgeId}/media/…'. Order: validate the id (400) and the Origin (403), authenticate
 * (401) and authorize (403, staff and admins) before the body is read, load the lodge (404), act.
 */
export async function POST(request: Request, { params }: Context) {
  return staffUpload(
    request,
    params,
    {
      title: "Error uploading images",
      route: "lodge-pictures#POST",
      field: "files",
      maxFiles: MAX_UPLOAD_FILES,
      subject: LODGE_SUBJECT,
    },
    async (id, uploads) => {
      const added = await addLodgePictures(id, uploads);
      return json(201, {
        title: "Images uploaded",
        message: `${added.length} image(s) added successfully.`,
        pictures: added,
      });
    },
  );
}

/**
 * Staff remove one of a lodge's pictures: `?key=lodges/{lodgeId}/media/{timestamp}-{random}`.
 * Its objects are deleted once no lodge names them.
 */
export async function DELETE(request: Request, { params }: Context) {
  const { id } = await params;
  const key = new URL(request.url).searchParams.get("key") ?? "";
  const title = "Error deleting image";
  if (!isUuid(id) || !isMediaBaseKey(key, "lodges")) {
    return json(400, { title, message: "Unknown image." });
  }
  if (isCrossOrigin(request)) return json(403, { title, message: "Cross-site request refused." });
  try {
    await deleteLodgePicture(id, key);
    return json(200, {
      title: "Image deleted",
      message: "The image has been removed successfully.",
    });
  } catch (error) {
    return errorResponse(error, title, "lodge-pictures#DELETE", LODGE_SUBJECT);
  }
}

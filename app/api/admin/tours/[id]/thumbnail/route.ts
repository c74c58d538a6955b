import { requireStaffForRoute } from "@/lib/dal/session";
import { setTourThumbnail } from "@/lib/dal/tour-media";
import { errorResponse, isCrossOrigin, isUuid, json, readUploads } from "@/lib/upload-route";

type Context = { params: Promise<{ id: string }> };

/**
 * Staff set or replace a tour's thumbnail: multipart/form-data with one `file`, checked and
 * encoded as a gallery picture is, stored under '{slug}/thumbnail-{hash}'. The replaced
 * thumbnail's objects are removed once the tour names the new one.
 */
export async function PUT(request: Request, { params }: Context) {
  const { id } = await params;
  const title = "Error uploading image";
  if (!isUuid(id)) return json(400, { title, message: "Unknown tour." });
  if (isCrossOrigin(request)) return json(403, { title, message: "Cross-site upload refused." });
  try {
    await requireStaffForRoute();
    const [upload] = await readUploads(request, "file", 1);
    const thumbnail = await setTourThumbnail(id, upload!);
    return json(200, { title: "Thumbnail updated", message: "", thumbnail });
  } catch (error) {
    return errorResponse(error, title, "thumbnail#PUT");
  }
}

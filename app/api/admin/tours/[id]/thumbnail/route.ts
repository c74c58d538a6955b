import { setTourThumbnail } from "@/lib/tours/data/media";
import { json, staffTourUpload } from "@/lib/upload-route";

type Context = { params: Promise<{ id: string }> };

/**
 * Staff set or replace a tour's thumbnail: multipart/form-data with one `file`, checked and
 * encoded as a gallery picture is, stored under keys of its own
 * ('tours/{tourId}/thumbnail-{timestamp}-{random}'). The replaced thumbnail's objects are removed
 * once the tour names the new one, unless another tour still names them.
 */
export async function PUT(request: Request, { params }: Context) {
  return staffTourUpload(
    request,
    params,
    { title: "Error uploading image", route: "thumbnail#PUT", field: "file", maxFiles: 1 },
    async (id, [upload]) => {
      const thumbnail = await setTourThumbnail(id, upload!);
      return json(200, { title: "Thumbnail updated", message: "", thumbnail });
    },
  );
}

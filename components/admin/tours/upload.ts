/** A JSON answer of the media route handlers: a toast, and what was stored. */
export type UploadAnswer = { title: string; message: string };

/**
 * Sends files to a media route handler with XMLHttpRequest, which (unlike fetch) reports upload
 * progress: `onProgress` gets 0-100. Resolves with the answer whatever its status.
 */
export function uploadFiles(
  url: string,
  method: "POST" | "PUT",
  field: string,
  files: File[],
  onProgress?: (percent: number) => void,
): Promise<{ ok: boolean; answer: UploadAnswer }> {
  const body = new FormData();
  for (const file of files) body.append(field, file, file.name);
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, url);
    xhr.responseType = "json";
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.(Math.round((event.loaded / event.total) * 100));
    };
    const failed = (message: string) =>
      resolve({ ok: false, answer: { title: "Error uploading images", message } });
    xhr.onload = () => {
      const answer = xhr.response as UploadAnswer | null;
      if (!answer || typeof answer.title !== "string")
        return failed("The server did not answer. Please try again.");
      resolve({ ok: xhr.status >= 200 && xhr.status < 300, answer });
    };
    xhr.onerror = () => failed("The upload did not reach the server. Check your connection.");
    xhr.send(body);
  });
}

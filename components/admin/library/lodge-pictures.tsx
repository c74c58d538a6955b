"use client";

import { ImagePlus, Trash2 } from "lucide-react";
import { useRouter } from "next/navigation";
import { useState } from "react";

import { type UploadAnswer, uploadFiles } from "@/components/admin/tours/upload";
import { toastError, toastSuccess } from "@/components/forms/load-toast";
import { ConfirmDialog } from "@/components/shared/confirm-dialog";
import { Button } from "@/components/ui/button";
import type { LodgePictureDto } from "@/lib/library/data/lodge-pictures";

type Progress = { name: string; percent: number; failed?: boolean };

/**
 * A lodge card's pictures: the uploaded ones as thumbnails, each with Remove behind a
 * confirmation, and Upload picture (several files at once, one request each, so each has its
 * own progress), with the tour gallery's messages. Before any upload the seed artwork stands in,
 * as it does on the traveller's proposal, and cannot be removed.
 */
export function LodgePictures({
  lodgeId,
  lodgeName,
  pictures,
  artwork,
}: {
  lodgeId: string;
  lodgeName: string;
  pictures: LodgePictureDto[];
  artwork: string | null;
}) {
  const router = useRouter();
  const [progress, setProgress] = useState<Progress[]>([]);
  const [confirmKey, setConfirmKey] = useState<string | null>(null);
  const [deleting, setDeleting] = useState(false);
  const uploading = progress.some((p) => p.percent < 100 && !p.failed);
  const url = `/api/admin/library/lodges/${lodgeId}/pictures`;

  async function upload(files: File[]) {
    if (!files.length) return;
    setProgress(files.map((f) => ({ name: f.name, percent: 0 })));
    const set = (i: number, change: Partial<Progress>) =>
      setProgress((all) => all.map((p, j) => (j === i ? { ...p, ...change } : p)));
    const results = await Promise.all(
      files.map(async (file, i) => {
        const result = await uploadFiles(url, "POST", "files", [file], (percent) =>
          set(i, { percent }),
        );
        set(i, result.ok ? { percent: 100 } : { failed: true });
        return result;
      }),
    );
    const added = results.filter((r) => r.ok).length;
    const refused = results.filter((r) => !r.ok).map((r) => r.answer);
    if (added)
      await toastSuccess({
        title: "Images uploaded",
        message: `${added} image(s) added successfully.`,
      });
    if (refused.length)
      await toastError({
        title: "Error uploading images",
        message: refused.map((a: UploadAnswer) => a.message).join(" "),
      });
    if (!refused.length) setProgress([]);
    router.refresh();
  }

  async function remove(key: string) {
    setDeleting(true);
    try {
      const response = await fetch(`${url}?key=${encodeURIComponent(key)}`, {
        method: "DELETE",
      });
      const answer = (await response.json().catch(() => null)) as UploadAnswer | null;
      if (response.ok) {
        await toastSuccess({
          title: "Image deleted",
          message: "The image has been removed successfully.",
        });
      } else {
        await toastError({
          title: "Error deleting image",
          message: answer?.message ?? "The image could not be deleted. Please try again.",
        });
      }
    } catch {
      await toastError({
        title: "Error deleting image",
        message: "The request did not reach the server.",
      });
    } finally {
      setDeleting(false);
      setConfirmKey(null);
      router.refresh();
    }
  }

  return (
    <div className="grid gap-2">
      <ul
        className="grid grid-cols-3 gap-2 sm:flex sm:flex-wrap"
        aria-label={`Pictures of ${lodgeName}`}
      >
        {pictures.length === 0 && artwork ? (
          <li className="overflow-hidden rounded-xl border border-border/70 bg-muted sm:w-32">
            {/* eslint-disable-next-line @next/next/no-img-element -- seed artwork (SVG) */}
            <img
              src={artwork}
              alt=""
              width={128}
              height={85}
              loading="lazy"
              className="aspect-[3/2] w-full object-cover"
            />
          </li>
        ) : null}
        {pictures.map((picture, i) => (
          <li
            key={picture.key}
            className="relative overflow-hidden rounded-xl border border-border/70 bg-muted sm:w-32"
          >
            {/* eslint-disable-next-line @next/next/no-img-element -- stored variants with their own srcset */}
            <img
              src={picture.src}
              srcSet={picture.srcSet}
              sizes="8rem"
              width={picture.width}
              height={picture.height}
              alt={`Picture ${i + 1} of ${lodgeName}`}
              loading="lazy"
              className="aspect-[3/2] w-full object-cover"
            />
            <Button
              type="button"
              size="icon"
              variant="destructive"
              className="absolute top-1 right-1 size-8 shadow"
              onClick={() => setConfirmKey(picture.key)}
            >
              <Trash2 aria-hidden="true" />
              <span className="sr-only">
                Remove picture {i + 1} of {lodgeName}
              </span>
            </Button>
          </li>
        ))}
        <li className="sm:w-32">
          <label className="flex aspect-[3/2] h-full w-full cursor-pointer flex-col items-center justify-center gap-1 rounded-xl border-2 border-dashed border-border bg-muted/30 p-2 text-center text-xs font-semibold text-forest-deep transition-colors hover:bg-muted/60 has-[:disabled]:cursor-wait has-[:disabled]:opacity-60 has-[:focus-visible]:ring-[3px] has-[:focus-visible]:ring-ring/50">
            <ImagePlus className="size-5 text-forest" aria-hidden="true" />
            <span>Upload picture</span>
            <input
              type="file"
              multiple
              accept="image/jpeg,image/png,image/webp,image/avif"
              className="sr-only"
              aria-label={`Upload picture of ${lodgeName}`}
              disabled={uploading}
              onChange={(e) => {
                const files = [...(e.currentTarget.files ?? [])];
                e.currentTarget.value = "";
                void upload(files);
              }}
            />
          </label>
        </li>
      </ul>
      {progress.length ? (
        <ul className="grid gap-2" aria-label={`Uploads to ${lodgeName}`}>
          {progress.map((p, i) => (
            <li key={`${p.name}-${i}`} className="grid gap-1 text-sm">
              <span className="flex justify-between gap-2">
                <span className="truncate">{p.name}</span>
                <span className={p.failed ? "text-destructive" : "text-muted-foreground"}>
                  {p.failed ? "Failed" : `${p.percent}%`}
                </span>
              </span>
              <progress
                max={100}
                value={p.percent}
                aria-label={`Upload of ${p.name}`}
                className="h-2 w-full overflow-hidden rounded-full [&::-moz-progress-bar]:bg-forest [&::-webkit-progress-bar]:bg-muted [&::-webkit-progress-value]:bg-forest"
              />
            </li>
          ))}
        </ul>
      ) : null}
      <ConfirmDialog
        open={confirmKey !== null}
        onOpenChange={(next) => !next && setConfirmKey(null)}
        title="Delete image?"
        description="Are you sure you want to delete this image? This action cannot be undone."
        confirmLabel="Delete Image"
        pendingLabel="Deleting..."
        pending={deleting}
        onConfirm={() => confirmKey && void remove(confirmKey)}
      />
    </div>
  );
}

"use client";

import { ImagePlus, Trash2 } from "lucide-react";
import { useRouter } from "next/navigation";
import { useState } from "react";

import { toastError, toastSuccess } from "@/components/forms/load-toast";
import { ConfirmDialog } from "@/components/shared/confirm-dialog";
import { SheetShell } from "@/components/shared/sheet-shell";
import { Button } from "@/components/ui/button";
import type { TourPicturesDto } from "@/lib/tours/data/media";

import { type UploadAnswer, uploadFiles } from "./upload";

type Progress = { name: string; percent: number; failed?: boolean };

/**
 * Manage Media, opened by ?media=<id>: the gallery's grid, each picture with Delete
 * behind a confirmation dialog, and an upload of several images at once, one request per file
 * so each has its own progress bar.
 */
export function MediaPanel({
  tourId,
  title,
  pictures,
  closeHref,
}: {
  tourId: string;
  title: string;
  pictures: TourPicturesDto;
  closeHref: string;
}) {
  const router = useRouter();
  const [open, setOpen] = useState(true);
  const [progress, setProgress] = useState<Progress[]>([]);
  const [confirmKey, setConfirmKey] = useState<string | null>(null);
  const [deleting, setDeleting] = useState(false);
  const uploading = progress.some((p) => p.percent < 100 && !p.failed);

  const close = (next: boolean) => {
    if (next || uploading) return;
    setOpen(false);
    router.replace(closeHref, { scroll: false });
  };

  async function upload(files: File[]) {
    if (!files.length) return;
    setProgress(files.map((f) => ({ name: f.name, percent: 0 })));
    const set = (i: number, change: Partial<Progress>) =>
      setProgress((all) => all.map((p, j) => (j === i ? { ...p, ...change } : p)));
    const results = await Promise.all(
      files.map(async (file, i) => {
        const result = await uploadFiles(
          `/api/admin/tours/${tourId}/media`,
          "POST",
          "files",
          [file],
          (percent) => set(i, { percent }),
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
      const response = await fetch(
        `/api/admin/tours/${tourId}/media?key=${encodeURIComponent(key)}`,
        { method: "DELETE" },
      );
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
    <SheetShell
      open={open}
      onOpenChange={close}
      className="w-full overflow-y-auto sm:max-w-xl"
      title="Manage Media"
      titleClassName="font-display text-xl text-forest-deep"
      description={<>{title}: the pictures of the tour&apos;s gallery.</>}
    >
      <div className="grid gap-5 px-4 pb-6">
        <label className="flex cursor-pointer flex-col items-center gap-2 rounded-2xl border-2 border-dashed border-border bg-muted/30 p-6 text-center text-sm transition-colors hover:bg-muted/60 has-[:focus-visible]:ring-[3px] has-[:focus-visible]:ring-ring/50">
          <ImagePlus className="size-6 text-forest" aria-hidden="true" />
          <span className="font-semibold text-forest-deep">Upload images</span>
          <span className="text-muted-foreground">
            JPEG, PNG, WebP or AVIF; several at once, 10 MB each.
          </span>
          <input
            type="file"
            multiple
            accept="image/jpeg,image/png,image/webp,image/avif"
            className="sr-only"
            disabled={uploading}
            onChange={(e) => {
              const files = [...(e.currentTarget.files ?? [])];
              e.currentTarget.value = "";
              void upload(files);
            }}
          />
        </label>
        {progress.length ? (
          <ul className="grid gap-2" aria-label="Uploads">
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
        {pictures.media.length === 0 ? (
          <p className="rounded-2xl border border-border/70 p-8 text-center text-muted-foreground">
            No media uploaded yet
          </p>
        ) : (
          <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3" aria-label="Gallery">
            {pictures.media.map((picture, i) => (
              <li
                key={picture.key}
                className="group relative overflow-hidden rounded-xl border border-border/70 bg-muted"
              >
                {/* eslint-disable-next-line @next/next/no-img-element -- stored variants with their own srcset */}
                <img
                  src={picture.src}
                  srcSet={picture.srcSet}
                  sizes="(min-width: 640px) 180px, 45vw"
                  width={picture.width}
                  height={picture.height}
                  alt={`Gallery image ${i + 1}`}
                  className="aspect-[4/3] w-full object-cover"
                />
                <Button
                  type="button"
                  size="icon"
                  variant="destructive"
                  className="absolute top-2 right-2 size-8 shadow"
                  onClick={() => setConfirmKey(picture.key)}
                >
                  <Trash2 aria-hidden="true" />
                  <span className="sr-only">Delete gallery image {i + 1}</span>
                </Button>
              </li>
            ))}
          </ul>
        )}
      </div>
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
    </SheetShell>
  );
}

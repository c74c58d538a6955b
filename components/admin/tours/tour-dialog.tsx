"use client";

import { Plus, X } from "lucide-react";
import { useRouter } from "next/navigation";
import { useRef, useState } from "react";
import { flushSync } from "react-dom";
import { useFieldArray, useFormContext } from "react-hook-form";

import { createTourAction, updateTourAction } from "@/actions/tours";
import { SelectField, SwitchField } from "@/components/forms/choice-fields";
import {
  FieldError,
  Form,
  SubmitButton,
  TextareaField,
  TextField,
  useFieldError,
} from "@/components/forms/form-field";
import { toastError } from "@/components/forms/load-toast";
import { useActionForm } from "@/components/forms/use-action-form";
import { DialogShell, FormDialogFooter } from "@/components/shared/dialog-shell";
import {
  Accordion,
  AccordionContent,
  AccordionItem,
  AccordionTrigger,
} from "@/components/ui/accordion";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import type { AdminTourDetail } from "@/lib/tours/data/manage";
import { TOUR_CATEGORIES, TOUR_DIFFICULTIES } from "@/lib/domain";
import { slugify } from "@/lib/tours/rules";
import { cn } from "@/lib/utils";
import {
  BOOKING_MODE_OPTIONS,
  MAX_ITINERARY_DAYS,
  MAX_PRICING_TIERS,
  tourSchema,
  type UpdateTourInput,
  updateTourSchema,
} from "@/lib/tours/schemas";

import { uploadFiles } from "./upload";

/** What the form holds. Every field is required: a field missing from `valuesOf` is a type error. */
type Values = Required<Omit<UpdateTourInput, "id" | "itinerary">> & {
  id?: string;
  itinerary: { day: string; title: string; description: string }[];
};

const valuesOf = (tour?: AdminTourDetail): Values => ({
  ...(tour ? { id: tour.id } : {}),
  title: tour?.title ?? "",
  slug: tour?.slug ?? "",
  category: tour?.category ?? "Wildlife",
  location: tour?.location ?? "",
  meetingPoint: tour?.meetingPoint ?? "",
  shortDescription: tour?.shortDescription ?? "",
  overview: tour?.overview ?? "",
  durationDays: tour?.durationDays?.toString() ?? "",
  durationLabel: tour?.durationLabel ?? "",
  groupSize: tour?.groupSize ?? "",
  difficulty: tour?.difficulty ?? "Medium",
  tags: tour?.tags.join(", ") ?? "",
  highlights: tour?.highlights.join(", ") ?? "",
  inclusions: tour?.inclusions.join("\n") ?? "",
  exclusions: tour?.exclusions.join("\n") ?? "",
  itinerary: tour
    ? tour.itinerary.map((d) => ({ ...d, day: String(d.day) }))
    : [{ day: "1", title: "", description: "" }],
  pricing: tour?.pricing.length
    ? tour.pricing.map((p) => ({ ...p, price: String(p.price), description: p.description ?? "" }))
    : [{ name: "", price: "0", per: "person", description: "" }],
  isActive: tour?.isActive ?? true,
  featuredRank: tour?.featuredRank?.toString() ?? "",
  bookingMode: tour?.bookingMode ?? "request",
});

/** The accordion section holding each field: a refused field's section is opened for it. */
const SECTION_OF: Record<string, string> = {
  tags: "details",
  highlights: "details",
  itinerary: "details",
  inclusions: "inclusions",
  exclusions: "inclusions",
  pricing: "pricing",
};
const sectionOf = (field: string) => SECTION_OF[field.split(".")[0]!] ?? "basic";

const options = (values: readonly string[]) => values.map((v) => ({ value: v, label: v }));

/**
 * One repeated group of the form (itinerary days, pricing tiers): a fieldset a row, whose Remove
 * works while more than one row remains, and Add below, up to `max` rows.
 */
function RowFieldsets({
  noun,
  rowKeys,
  max,
  gridClassName,
  lead,
  tail,
  remove,
  add,
  note,
}: {
  /** 'Day' or 'Tier': the row's legend, its Remove and the Add button say it. */
  noun: string;
  rowKeys: string[];
  max: number;
  gridClassName: string;
  /** A row's fields before its Remove button. */
  lead: (index: number) => React.ReactNode;
  /** A row's full-width field after it. */
  tail: (index: number) => React.ReactNode;
  remove: (index: number) => void;
  add: () => void;
  /** Shown above Add (the group's own error). */
  note?: React.ReactNode;
}) {
  const count = rowKeys.length;
  return (
    <div className="grid gap-4">
      {rowKeys.map((key, index) => (
        <fieldset
          key={key}
          className={cn("grid gap-3 rounded-xl border border-border/70 p-4", gridClassName)}
        >
          <legend className="sr-only">
            {noun} {index + 1}
          </legend>
          {lead(index)}
          <div className="flex items-end">
            <Button
              type="button"
              variant="ghost"
              size="icon"
              onClick={() => remove(index)}
              disabled={count <= 1}
            >
              <X aria-hidden="true" />
              <span className="sr-only">
                Remove {noun.toLowerCase()} {index + 1}
              </span>
            </Button>
          </div>
          {tail(index)}
        </fieldset>
      ))}
      {note}
      <Button
        type="button"
        variant="outline"
        className="justify-self-start"
        disabled={count >= max}
        onClick={add}
      >
        <Plus aria-hidden="true" />
        Add {noun}
      </Button>
    </div>
  );
}

/** Days added as count + 1. */
function ItineraryFields() {
  const { control } = useFormContext<Values>();
  const { fields, append, remove } = useFieldArray({ control, name: "itinerary" });
  return (
    <RowFieldsets
      noun="Day"
      rowKeys={fields.map((f) => f.id)}
      max={MAX_ITINERARY_DAYS}
      gridClassName="sm:grid-cols-[7.5rem_1fr_auto]"
      lead={(index) => (
        <>
          <TextField
            name={`itinerary.${index}.day`}
            label="Day number"
            type="number"
            min={1}
            inputMode="numeric"
            required
          />
          <TextField name={`itinerary.${index}.title`} label="Day title" maxLength={200} required />
        </>
      )}
      tail={(index) => (
        <TextareaField
          name={`itinerary.${index}.description`}
          label="Day description"
          rows={2}
          maxLength={2000}
          required
          className="sm:col-span-3"
        />
      )}
      remove={remove}
      add={() => append({ day: String(fields.length + 1), title: "", description: "" })}
    />
  );
}

/** At least one tier. */
function PricingFields() {
  const { control } = useFormContext<Values>();
  const { fields, append, remove } = useFieldArray({ control, name: "pricing" });
  const pricingError = useFieldError("pricing");
  return (
    <RowFieldsets
      noun="Tier"
      rowKeys={fields.map((f) => f.id)}
      max={MAX_PRICING_TIERS}
      gridClassName="sm:grid-cols-[1fr_7rem_8rem_auto]"
      lead={(index) => (
        <>
          <TextField
            name={`pricing.${index}.name`}
            label="Package name"
            placeholder="Standard"
            maxLength={80}
            required
          />
          <TextField
            name={`pricing.${index}.price`}
            label="Price (USD)"
            type="number"
            min={0}
            step={1}
            inputMode="numeric"
            required
          />
          <TextField
            name={`pricing.${index}.per`}
            label="Per"
            placeholder="person"
            maxLength={40}
            required
          />
        </>
      )}
      tail={(index) => (
        <TextField
          name={`pricing.${index}.description`}
          label="Package description"
          maxLength={500}
          className="sm:col-span-4"
        />
      )}
      remove={remove}
      add={() => append({ name: "", price: "0", per: "person", description: "" })}
      note={<FieldError id="tour-pricing-error" error={pricingError} />}
    />
  );
}

/**
 * Add Tour (no `tour`) or Edit: one form in accordion sections, on the action's own
 * schema. The thumbnail is uploaded through the media route handler once the row is saved:
 * required on add, optional on edit.
 */
export function TourDialog({
  tour,
  open,
  onOpenChange,
}: {
  tour?: AdminTourDetail;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const router = useRouter();
  const editing = tour !== undefined;
  const fileRef = useRef<HTMLInputElement>(null);
  const [thumbnailError, setThumbnailError] = useState<string>();
  // Basic and Pricing open on add, Basic only on edit.
  const [sections, setSections] = useState<string[]>(editing ? ["basic"] : ["basic", "pricing"]);
  const openSections = (more: string[]) =>
    // Synchronously: focus moves to the first refused field right after this.
    flushSync(() => setSections((open) => [...new Set([...open, ...more])]));
  const { form, submit } = useActionForm<Values>({
    schema: (editing ? updateTourSchema : tourSchema) as never,
    action: editing ? updateTourAction : createTourAction,
    defaultValues: valuesOf(tour),
    failure: editing
      ? {
          title: "Error updating tour",
          message: "The changes could not be saved. Please try again.",
        }
      : { title: "Error creating tour", message: "The tour could not be saved. Please try again." },
    invalidTitle: editing ? "Error updating tour" : "Error creating tour",
    onFieldErrors: (fields) => openSections(fields.map(sectionOf)),
    onSuccess: async (state) => {
      const file = fileRef.current?.files?.[0];
      const id = state.data?.id;
      if (file && id) {
        const { ok, answer } = await uploadFiles(
          `/api/admin/tours/${id}/thumbnail`,
          "PUT",
          "file",
          [file],
        );
        if (!ok) await toastError(answer);
      }
      onOpenChange(false);
      router.refresh();
    },
  });

  // An empty slug follows the title until the slug is typed.
  const slugEdited = useRef(editing);
  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    if (!editing && !fileRef.current?.files?.length) {
      event.preventDefault();
      setThumbnailError("Thumbnail image is required");
      openSections(["thumbnail"]);
      void form.trigger();
      return;
    }
    setThumbnailError(undefined);
    submit(event);
  };
  const idPrefix = editing ? `tour-${tour.id.slice(0, 8)}` : "tour-new";

  return (
    <DialogShell
      open={open}
      onOpenChange={onOpenChange}
      className="max-h-[92dvh] overflow-y-auto sm:max-w-3xl"
      title={editing ? "Edit Tour" : "Add New Tour"}
      description={
        editing
          ? "Changes show on the website as soon as they are saved."
          : "A new tour shows on the website as soon as it is saved, unless you hide it."
      }
    >
      <Form form={form} onSubmit={onSubmit} idPrefix={idPrefix} className="grid gap-4">
        <Accordion type="multiple" value={sections} onValueChange={setSections} className="w-full">
          <AccordionItem value="basic">
            <AccordionTrigger className="font-display text-base font-semibold text-forest-deep">
              Basic Information
            </AccordionTrigger>
            <AccordionContent
              forceMount
              className="grid gap-4 px-1 sm:grid-cols-2 [[data-state=closed]>&]:hidden"
            >
              <TextField
                name="title"
                label="Title"
                maxLength={200}
                required
                className="sm:col-span-2"
                onInput={(e) => {
                  if (!slugEdited.current)
                    form.setValue("slug", slugify(e.currentTarget.value), {
                      shouldValidate: false,
                    });
                }}
              />
              <TextField
                name="slug"
                label="Slug"
                maxLength={100}
                required
                hint="The address of the tour's page: /tour/your-slug."
                onInput={(e) => {
                  slugEdited.current = e.currentTarget.value !== "";
                }}
              />
              <SelectField
                name="category"
                label="Category"
                required
                options={options(TOUR_CATEGORIES)}
              />
              <TextField
                name="location"
                label="Location"
                maxLength={120}
                placeholder="Bwindi Impenetrable Forest"
              />
              <TextField
                name="meetingPoint"
                label="Meeting point"
                maxLength={200}
                placeholder="Your hotel in Kampala or Entebbe, 7:00 am on day 1"
              />
              <TextField
                name="durationDays"
                label="Duration (days)"
                type="number"
                min={1}
                max={60}
                inputMode="numeric"
              />
              <TextField
                name="durationLabel"
                label="Duration label"
                maxLength={60}
                placeholder="5 Days / 4 Nights"
              />
              <TextField
                name="groupSize"
                label="Group size"
                maxLength={40}
                placeholder="2-8 people"
              />
              <SelectField
                name="difficulty"
                label="Difficulty"
                options={options(TOUR_DIFFICULTIES)}
              />
              <SelectField
                name="bookingMode"
                label="How it is sold"
                options={BOOKING_MODE_OPTIONS}
                hint="Scheduled departures are dates with seats, added on the Departures screen."
              />
              <TextField
                name="featuredRank"
                label="Featured on Home"
                type="number"
                min={1}
                max={99}
                inputMode="numeric"
                hint="1 shows first. Leave empty to not feature it."
              />
              <TextareaField
                name="shortDescription"
                label="Short description"
                rows={2}
                maxLength={300}
                className="sm:col-span-2"
              />
              <TextareaField
                name="overview"
                label="Overview"
                rows={4}
                maxLength={5000}
                className="sm:col-span-2"
              />
              <SwitchField
                name="isActive"
                label="Active"
                description="Active tours show on the website and in the booking forms."
                className="rounded-xl border border-border/70 p-4 sm:col-span-2 [&_label]:text-sm"
              />
            </AccordionContent>
          </AccordionItem>
          <AccordionItem value="details">
            <AccordionTrigger className="font-display text-base font-semibold text-forest-deep">
              Details &amp; Highlights
            </AccordionTrigger>
            <AccordionContent forceMount className="grid gap-4 px-1 [[data-state=closed]>&]:hidden">
              <TextField
                name="tags"
                label="Tags"
                hint="Separate tags with commas."
                placeholder="gorillas, hiking"
              />
              <TextareaField
                name="highlights"
                label="Highlights"
                rows={2}
                hint="Separate highlights with commas."
              />
              <div className="grid gap-2">
                <p className="text-sm font-medium">Itinerary</p>
                <ItineraryFields />
              </div>
            </AccordionContent>
          </AccordionItem>
          <AccordionItem value="inclusions">
            <AccordionTrigger className="font-display text-base font-semibold text-forest-deep">
              Inclusions &amp; Exclusions
            </AccordionTrigger>
            <AccordionContent
              forceMount
              className="grid gap-4 px-1 sm:grid-cols-2 [[data-state=closed]>&]:hidden"
            >
              <TextareaField name="inclusions" label="Inclusions" rows={5} hint="One per line." />
              <TextareaField name="exclusions" label="Exclusions" rows={5} hint="One per line." />
            </AccordionContent>
          </AccordionItem>
          <AccordionItem value="pricing">
            <AccordionTrigger className="font-display text-base font-semibold text-forest-deep">
              Pricing Tiers
            </AccordionTrigger>
            <AccordionContent forceMount className="grid gap-4 px-1 [[data-state=closed]>&]:hidden">
              <p className="text-sm text-muted-foreground">
                The first tier sets the price shown on the website (&lsquo;$450 per person&rsquo;).
              </p>
              <PricingFields />
            </AccordionContent>
          </AccordionItem>
          <AccordionItem value="thumbnail">
            <AccordionTrigger className="font-display text-base font-semibold text-forest-deep">
              Thumbnail Image
            </AccordionTrigger>
            <AccordionContent forceMount className="grid gap-2 px-1 [[data-state=closed]>&]:hidden">
              <div className="flex items-center gap-1">
                <Label htmlFor={`${idPrefix}-thumbnail`}>Thumbnail</Label>
                {editing ? null : (
                  <span
                    aria-hidden="true"
                    className="text-sm leading-none font-medium text-destructive"
                  >
                    *
                  </span>
                )}
              </div>
              <Input
                id={`${idPrefix}-thumbnail`}
                ref={fileRef}
                type="file"
                accept="image/jpeg,image/png,image/webp,image/avif"
                aria-required={editing ? undefined : true}
                aria-invalid={thumbnailError ? true : undefined}
                aria-describedby={`${idPrefix}-thumbnail-hint${thumbnailError ? ` ${idPrefix}-thumbnail-error` : ""}`}
                onChange={() => setThumbnailError(undefined)}
              />
              <p id={`${idPrefix}-thumbnail-hint`} className="text-sm text-muted-foreground">
                {editing
                  ? tour.hasThumbnail
                    ? "Choose a file only to replace the current thumbnail."
                    : "Choose a photo to replace the artwork shown now."
                  : "JPEG, PNG, WebP or AVIF, at most 10 MB."}
              </p>
              <p
                id={`${idPrefix}-thumbnail-error`}
                aria-live="polite"
                className="text-sm font-medium text-destructive"
              >
                {thumbnailError}
              </p>
            </AccordionContent>
          </AccordionItem>
        </Accordion>
        <FormDialogFooter onCancel={() => onOpenChange(false)}>
          <SubmitButton pendingLabel="Saving...">
            {editing ? "Save Changes" : "Create Tour"}
          </SubmitButton>
        </FormDialogFooter>
      </Form>
    </DialogShell>
  );
}

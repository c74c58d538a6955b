"use client";

import { Plus, X } from "lucide-react";
import { useRouter } from "next/navigation";
import { type ComponentProps, useRef, useState } from "react";
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

/** A field that takes a whole number, with the phone's number pad. */
const WHOLE_NUMBER = { type: "number", inputMode: "numeric" } as const;

/**
 * A section of the form in the accordion; kept in the page while closed (hidden), so its fields
 * stay registered and a refused one can open it.
 */
function FormSection({
  value,
  title,
  className,
  children,
}: {
  value: string;
  title: string;
  className: string;
  children: React.ReactNode;
}) {
  return (
    <AccordionItem value={value}>
      <AccordionTrigger className="font-display text-base font-semibold text-forest-deep">
        {title}
      </AccordionTrigger>
      <AccordionContent forceMount className={cn(className, "[[data-state=closed]>&]:hidden")}>
        {children}
      </AccordionContent>
    </AccordionItem>
  );
}

/** A field of a repeated row: its key in the row, then the text field's (or text area's) props. */
type RowField =
  | ({ field: string; textarea?: false } & Omit<ComponentProps<typeof TextField>, "name">)
  | ({ field: string; textarea: true } & Omit<ComponentProps<typeof TextareaField>, "name">);

function RowFieldInput({ group, index, spec }: { group: string; index: number; spec: RowField }) {
  const name = `${group}.${index}.${spec.field}`;
  if (spec.textarea) {
    const { field: _, textarea: __, ...props } = spec;
    return <TextareaField name={name} {...props} />;
  }
  const { field: _, textarea: __, ...props } = spec;
  return <TextField name={name} {...props} />;
}

/**
 * One repeated group of the form (itinerary days, pricing tiers): a fieldset a row, whose Remove
 * works while more than one row remains, and Add below, up to `max` rows.
 */
function RowFieldsets({
  group,
  noun,
  max,
  gridClassName,
  lead,
  tail,
  blank,
  note,
}: {
  group: "itinerary" | "pricing";
  /** 'Day' or 'Tier': the row's legend, its Remove and the Add button say it. */
  noun: string;
  max: number;
  gridClassName: string;
  /** A row's fields before its Remove button. */
  lead: RowField[];
  /** A row's full-width field after it. */
  tail: RowField;
  /** The row Add appends, given how many there are. */
  blank: (count: number) => Values[typeof group][number];
  /** Shown above Add (the group's own error). */
  note?: React.ReactNode;
}) {
  const { control } = useFormContext<Values>();
  const { fields, append, remove } = useFieldArray({ control, name: group });
  const count = fields.length;
  return (
    <div className="grid gap-4">
      {fields.map(({ id }, index) => (
        <fieldset
          key={id}
          className={cn("grid gap-3 rounded-xl border border-border/70 p-4", gridClassName)}
        >
          <legend className="sr-only">
            {noun} {index + 1}
          </legend>
          {lead.map((spec) => (
            <RowFieldInput key={spec.field} group={group} index={index} spec={spec} />
          ))}
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
          <RowFieldInput group={group} index={index} spec={tail} />
        </fieldset>
      ))}
      {note}
      <Button
        type="button"
        variant="outline"
        className="justify-self-start"
        disabled={count >= max}
        onClick={() => append(blank(count))}
      >
        <Plus aria-hidden="true" />
        Add {noun}
      </Button>
    </div>
  );
}

/** Days added as count + 1. */
function ItineraryFields() {
  return (
    <RowFieldsets
      group="itinerary"
      noun="Day"
      max={MAX_ITINERARY_DAYS}
      gridClassName="sm:grid-cols-[7.5rem_1fr_auto]"
      lead={[
        { field: "day", label: "Day number", ...WHOLE_NUMBER, min: 1, required: true },
        { field: "title", label: "Day title", maxLength: 200, required: true },
      ]}
      tail={{
        field: "description",
        textarea: true,
        label: "Day description",
        rows: 2,
        maxLength: 2000,
        required: true,
        className: "sm:col-span-3",
      }}
      blank={(count) => ({ day: String(count + 1), title: "", description: "" })}
    />
  );
}

/** At least one tier. */
function PricingFields() {
  const pricingError = useFieldError("pricing");
  return (
    <RowFieldsets
      group="pricing"
      noun="Tier"
      max={MAX_PRICING_TIERS}
      gridClassName="sm:grid-cols-[1fr_7rem_8rem_auto]"
      lead={[
        {
          field: "name",
          label: "Package name",
          placeholder: "Standard",
          maxLength: 80,
          required: true,
        },
        { field: "price", label: "Price (USD)", ...WHOLE_NUMBER, min: 0, step: 1, required: true },
        { field: "per", label: "Per", placeholder: "person", maxLength: 40, required: true },
      ]}
      tail={{
        field: "description",
        label: "Package description",
        maxLength: 500,
        className: "sm:col-span-4",
      }}
      blank={() => ({ name: "", price: "0", per: "person", description: "" })}
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
          <FormSection
            value="basic"
            title="Basic Information"
            className="grid gap-4 px-1 sm:grid-cols-2"
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
              {...WHOLE_NUMBER}
              min={1}
              max={60}
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
              {...WHOLE_NUMBER}
              min={1}
              max={99}
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
          </FormSection>
          <FormSection value="details" title="Details & Highlights" className="grid gap-4 px-1">
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
          </FormSection>
          <FormSection
            value="inclusions"
            title="Inclusions & Exclusions"
            className="grid gap-4 px-1 sm:grid-cols-2"
          >
            <TextareaField name="inclusions" label="Inclusions" rows={5} hint="One per line." />
            <TextareaField name="exclusions" label="Exclusions" rows={5} hint="One per line." />
          </FormSection>
          <FormSection value="pricing" title="Pricing Tiers" className="grid gap-4 px-1">
            <p className="text-sm text-muted-foreground">
              The first tier sets the price shown on the website (&lsquo;$450 per person&rsquo;).
            </p>
            <PricingFields />
          </FormSection>
          <FormSection value="thumbnail" title="Thumbnail Image" className="grid gap-2 px-1">
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
          </FormSection>
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

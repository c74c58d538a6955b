ALTER TABLE "booking_travellers" ADD COLUMN "residency" text;--> statement-breakpoint
ALTER TABLE "booking_travellers" ADD COLUMN "date_of_birth" date;--> statement-breakpoint
ALTER TABLE "booking_travellers" ADD COLUMN "proof" text;--> statement-breakpoint
ALTER TABLE "booking_travellers" ADD CONSTRAINT "booking_travellers_residency_check" CHECK (residency is null or residency in ('foreign_non_resident', 'foreign_resident', 'rest_of_africa', 'east_african_citizen'));--> statement-breakpoint
ALTER TABLE "booking_travellers" ADD CONSTRAINT "booking_travellers_proof_check" CHECK (proof is null or proof in ('passport', 'residence_permit', 'national_id'));
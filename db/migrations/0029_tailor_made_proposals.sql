CREATE TABLE "activities" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"park" text,
	"description" text,
	"cost_per_person_minor" bigint NOT NULL,
	"child_cost_minor" bigint,
	"park_fee" text,
	"needs_permit" boolean DEFAULT false NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "activities_name_length" CHECK (length("activities"."name") between 1 and 120),
	CONSTRAINT "activities_park_fee_check" CHECK ("activities"."park_fee" is null or park_fee in ('gorilla_tracking', 'gorilla_habituation', 'chimpanzee_tracking', 'park_entry')),
	CONSTRAINT "activities_permit_check" CHECK (not "activities"."needs_permit" or ("activities"."park" is not null and "activities"."park_fee" is not null)),
	CONSTRAINT "activities_cost_check" CHECK ("activities"."cost_per_person_minor" >= 0 and coalesce("activities"."child_cost_minor", 0) >= 0)
);
--> statement-breakpoint
CREATE TABLE "lodge_rooms" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"lodge_id" uuid NOT NULL,
	"name" text NOT NULL,
	"meal_plan" text NOT NULL,
	"cost_per_night_minor" bigint NOT NULL,
	"single_supplement_minor" bigint,
	"child_cost_per_night_minor" bigint,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lodge_rooms_meal_plan_check" CHECK (meal_plan in ('room_only', 'bed_and_breakfast', 'half_board', 'full_board', 'all_inclusive')),
	CONSTRAINT "lodge_rooms_cost_check" CHECK ("lodge_rooms"."cost_per_night_minor" >= 0 and coalesce("lodge_rooms"."single_supplement_minor", 0) >= 0 and coalesce("lodge_rooms"."child_cost_per_night_minor", 0) >= 0)
);
--> statement-breakpoint
CREATE TABLE "lodges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"park" text NOT NULL,
	"description" text,
	"image_url" text,
	"pictures" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lodges_name_length" CHECK (length("lodges"."name") between 1 and 120)
);
--> statement-breakpoint
CREATE TABLE "proposal_days" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"version_id" uuid NOT NULL,
	"day" integer NOT NULL,
	"title" text NOT NULL,
	"place" text NOT NULL,
	"notes" text,
	CONSTRAINT "proposal_days_day_check" CHECK ("proposal_days"."day" between 1 and 60)
);
--> statement-breakpoint
CREATE TABLE "proposal_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"version_id" uuid NOT NULL,
	"day" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"kind" text NOT NULL,
	"lodge_room_id" uuid,
	"activity_id" uuid,
	"vehicle_id" uuid,
	"description" text NOT NULL,
	"quantity" integer DEFAULT 1 NOT NULL,
	"cost_minor" bigint NOT NULL,
	"single_cost_minor" bigint DEFAULT 0 NOT NULL,
	"park" text,
	"park_fee" text,
	"fee_minor" bigint DEFAULT 0 NOT NULL,
	"needs_permit" boolean DEFAULT false NOT NULL,
	"hold_release_on" date,
	CONSTRAINT "proposal_lines_kind_check" CHECK (kind in ('stay', 'activity', 'vehicle', 'transfer', 'other')),
	CONSTRAINT "proposal_lines_day_check" CHECK ("proposal_lines"."day" between 1 and 60),
	CONSTRAINT "proposal_lines_quantity_check" CHECK ("proposal_lines"."quantity" between 1 and 1000),
	CONSTRAINT "proposal_lines_money_check" CHECK ("proposal_lines"."cost_minor" >= 0 and "proposal_lines"."single_cost_minor" >= 0 and "proposal_lines"."fee_minor" >= 0),
	CONSTRAINT "proposal_lines_park_fee_check" CHECK ("proposal_lines"."park_fee" is null or park_fee in ('gorilla_tracking', 'gorilla_habituation', 'chimpanzee_tracking', 'park_entry')),
	CONSTRAINT "proposal_lines_permit_check" CHECK (not "proposal_lines"."needs_permit" or ("proposal_lines"."park" is not null and "proposal_lines"."park_fee" is not null))
);
--> statement-breakpoint
CREATE TABLE "proposal_reminder_mails" (
	"key" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "proposal_versions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"proposal_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"state" text DEFAULT 'draft' NOT NULL,
	"title" text NOT NULL,
	"summary" text,
	"start_date" date NOT NULL,
	"adults" integer NOT NULL,
	"children" integer DEFAULT 0 NOT NULL,
	"single_rooms" integer DEFAULT 0 NOT NULL,
	"residency" text DEFAULT 'foreign_non_resident' NOT NULL,
	"markup_percent" integer NOT NULL,
	"cost_minor" bigint DEFAULT 0 NOT NULL,
	"park_fees_minor" bigint DEFAULT 0 NOT NULL,
	"price_per_adult_minor" bigint DEFAULT 0 NOT NULL,
	"price_per_child_minor" bigint DEFAULT 0 NOT NULL,
	"single_supplement_minor" bigint DEFAULT 0 NOT NULL,
	"total_minor" bigint DEFAULT 0 NOT NULL,
	"deposit_percent" smallint NOT NULL,
	"balance_due_on" date,
	"option_date" date NOT NULL,
	"inclusions" text[] DEFAULT '{}'::text[] NOT NULL,
	"exclusions" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_by_name" text,
	"sent_at" timestamp with time zone,
	"sent_by_name" text,
	"link_expires_at" timestamp with time zone,
	"first_viewed_at" timestamp with time zone,
	"last_viewed_at" timestamp with time zone,
	"view_count" integer DEFAULT 0 NOT NULL,
	"accepted_at" timestamp with time zone,
	"accepted_by_name" text,
	"accepted_address" text,
	"accepted_terms_version" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "proposal_versions_state_check" CHECK (state in ('draft', 'sent', 'accepted')),
	CONSTRAINT "proposal_versions_residency_check" CHECK (residency in ('foreign_non_resident', 'foreign_resident', 'rest_of_africa', 'east_african_citizen')),
	CONSTRAINT "proposal_versions_number_check" CHECK ("proposal_versions"."number" >= 1),
	CONSTRAINT "proposal_versions_party_check" CHECK ("proposal_versions"."adults" between 1 and 50 and "proposal_versions"."children" between 0 and 50 and "proposal_versions"."single_rooms" between 0 and "proposal_versions"."adults"),
	CONSTRAINT "proposal_versions_markup_check" CHECK ("proposal_versions"."markup_percent" between 0 and 200),
	CONSTRAINT "proposal_versions_deposit_check" CHECK ("proposal_versions"."deposit_percent" between 0 and 100),
	CONSTRAINT "proposal_versions_money_check" CHECK ("proposal_versions"."cost_minor" >= 0 and "proposal_versions"."park_fees_minor" >= 0 and "proposal_versions"."price_per_adult_minor" >= 0 and "proposal_versions"."price_per_child_minor" >= 0 and "proposal_versions"."single_supplement_minor" >= 0 and "proposal_versions"."total_minor" >= 0),
	CONSTRAINT "proposal_versions_sent_check" CHECK ("proposal_versions"."state" = 'draft' or ("proposal_versions"."sent_at" is not null and "proposal_versions"."link_expires_at" is not null)),
	CONSTRAINT "proposal_versions_accepted_check" CHECK ("proposal_versions"."state" <> 'accepted' or ("proposal_versions"."accepted_at" is not null and "proposal_versions"."accepted_by_name" is not null and "proposal_versions"."accepted_terms_version" is not null))
);
--> statement-breakpoint
CREATE TABLE "proposals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reference" text NOT NULL,
	"booking_id" uuid,
	"user_id" uuid,
	"lead_name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text,
	"created_by_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vehicles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"seats" integer NOT NULL,
	"description" text,
	"cost_minor" bigint NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vehicles_kind_check" CHECK (kind in ('vehicle', 'transfer')),
	CONSTRAINT "vehicles_seats_check" CHECK ("vehicles"."seats" between 1 and 60),
	CONSTRAINT "vehicles_cost_check" CHECK ("vehicles"."cost_minor" >= 0)
);
--> statement-breakpoint
ALTER TABLE "lodge_rooms" ADD CONSTRAINT "lodge_rooms_lodge_id_lodges_id_fk" FOREIGN KEY ("lodge_id") REFERENCES "public"."lodges"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposal_days" ADD CONSTRAINT "proposal_days_version_id_proposal_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."proposal_versions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposal_lines" ADD CONSTRAINT "proposal_lines_version_id_proposal_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."proposal_versions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposal_lines" ADD CONSTRAINT "proposal_lines_lodge_room_id_lodge_rooms_id_fk" FOREIGN KEY ("lodge_room_id") REFERENCES "public"."lodge_rooms"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposal_lines" ADD CONSTRAINT "proposal_lines_activity_id_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activities"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposal_lines" ADD CONSTRAINT "proposal_lines_vehicle_id_vehicles_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposal_versions" ADD CONSTRAINT "proposal_versions_proposal_id_proposals_id_fk" FOREIGN KEY ("proposal_id") REFERENCES "public"."proposals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposals" ADD CONSTRAINT "proposals_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposals" ADD CONSTRAINT "proposals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "activities_name_idx" ON "activities" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "lodge_rooms_name_idx" ON "lodge_rooms" USING btree ("lodge_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "lodges_name_idx" ON "lodges" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "lodges_park_idx" ON "lodges" USING btree ("park");--> statement-breakpoint
CREATE UNIQUE INDEX "proposal_days_day_idx" ON "proposal_days" USING btree ("version_id","day");--> statement-breakpoint
CREATE INDEX "proposal_lines_version_idx" ON "proposal_lines" USING btree ("version_id","day","position");--> statement-breakpoint
CREATE UNIQUE INDEX "proposal_versions_number_idx" ON "proposal_versions" USING btree ("proposal_id","number");--> statement-breakpoint
CREATE UNIQUE INDEX "proposal_versions_one_draft_idx" ON "proposal_versions" USING btree ("proposal_id") WHERE "proposal_versions"."state" = 'draft';--> statement-breakpoint
CREATE UNIQUE INDEX "proposal_versions_one_accepted_idx" ON "proposal_versions" USING btree ("proposal_id") WHERE "proposal_versions"."state" = 'accepted';--> statement-breakpoint
CREATE INDEX "proposal_versions_option_idx" ON "proposal_versions" USING btree ("option_date") WHERE "proposal_versions"."state" = 'sent';--> statement-breakpoint
CREATE UNIQUE INDEX "proposals_reference_idx" ON "proposals" USING btree ("reference");--> statement-breakpoint
CREATE UNIQUE INDEX "proposals_booking_idx" ON "proposals" USING btree ("booking_id") WHERE "proposals"."booking_id" is not null;--> statement-breakpoint
CREATE INDEX "proposals_created_at_idx" ON "proposals" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "proposals_email_idx" ON "proposals" USING btree (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "vehicles_name_idx" ON "vehicles" USING btree (lower("name"));
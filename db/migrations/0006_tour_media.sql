ALTER TABLE "tours" ADD COLUMN "thumbnail" jsonb;--> statement-breakpoint
ALTER TABLE "tours" ADD COLUMN "media" jsonb DEFAULT '[]'::jsonb NOT NULL;
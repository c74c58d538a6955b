ALTER TABLE "verification_tokens" ADD COLUMN "password_hash" text;--> statement-breakpoint
-- Accounts still waiting for verification: their password moves onto their pending link, so it
-- takes effect only when that link is used, so a stranger who signed up first with someone
-- else's address never holds the password of the account its owner verifies.
UPDATE "verification_tokens" AS vt SET "password_hash" = u."password_hash"
  FROM "users" AS u
  WHERE vt."identifier" = 'verify:' || u."id"::text AND u."email_verified" IS NULL;--> statement-breakpoint
UPDATE "users" SET "password_hash" = NULL WHERE "email_verified" IS NULL;

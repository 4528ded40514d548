-- One pending request per address (forgotten code) and per user (e-mail change), held by the
-- partial unique indexes below. Requests left pending side by side before are ended first:
-- expired code requests at their expiry, then all but the newest of an address or a user.
UPDATE "password_reset_requests" SET "used_at" = "expires_at" WHERE "used_at" IS NULL AND "expires_at" <= now();--> statement-breakpoint
UPDATE "password_reset_requests" r SET "used_at" = now() WHERE r."used_at" IS NULL AND EXISTS (SELECT 1 FROM "password_reset_requests" n WHERE n."email" = r."email" AND n."used_at" IS NULL AND n."id" > r."id");--> statement-breakpoint
UPDATE "email_change_requests" r SET "cancelled_at" = now() WHERE r."validated_at" IS NULL AND r."cancelled_at" IS NULL AND EXISTS (SELECT 1 FROM "email_change_requests" n WHERE n."user_id" = r."user_id" AND n."validated_at" IS NULL AND n."cancelled_at" IS NULL AND n."id" > r."id");--> statement-breakpoint
CREATE UNIQUE INDEX "email_change_pending_uq" ON "email_change_requests" USING btree ("user_id") WHERE validated_at is null and cancelled_at is null;--> statement-breakpoint
CREATE UNIQUE INDEX "password_reset_pending_uq" ON "password_reset_requests" USING btree ("email") WHERE used_at is null;
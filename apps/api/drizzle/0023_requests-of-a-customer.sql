ALTER TABLE "invoice_complaints" ADD COLUMN "updated_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "appointments_user_idx" ON "appointments" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "invoice_complaints_user_idx" ON "invoice_complaints" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "terminations_requester_idx" ON "terminations" USING btree ("demande_par");
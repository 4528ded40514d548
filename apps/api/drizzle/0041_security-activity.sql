CREATE INDEX "audit_log_user_at_idx" ON "audit_log" USING btree ("user_id","at");--> statement-breakpoint
CREATE INDEX "audit_log_on_behalf_of_at_idx" ON "audit_log" USING btree ("on_behalf_of","at");
ALTER TABLE "rate_limit_counters" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
-- Counters written before: their window's end, from the length each kind of key had then. A quota
-- counter's window was the caller's and is not known: left null, its window counts as ended.
UPDATE "rate_limit_counters" SET "expires_at" = "window_start" + CASE
  WHEN "key" LIKE 'ip:%' THEN interval '1 minute'
  WHEN "key" LIKE 'login-fail:%' OR "key" LIKE 'code-fail:%' THEN interval '1 hour'
  WHEN "key" LIKE 'login-mail:%' THEN interval '24 hours'
  WHEN "key" LIKE 'login-pass:%' THEN interval '30 days'
END;

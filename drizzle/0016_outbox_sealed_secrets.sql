ALTER TABLE "email_outbox" ADD COLUMN "sealed_secrets" text;--> statement-breakpoint
-- Hand-written (ADR 0074): the webhook's rows keep its target without userinfo, query or fragment (the key lives in LEAD_WEBHOOK_URL only).
UPDATE "email_outbox" SET "to_address" = regexp_replace(split_part(split_part("to_address", '#', 1), '?', 1), '^([a-z]+://)[^/@]*@', '\1') WHERE "priority" >= 200;--> statement-breakpoint
-- Hand-written (ADR 0074): an email that failed for good keeps no credential.
UPDATE "email_outbox" SET "html" = '', "text" = '' WHERE "status" = 'failed' AND "priority" < 200;

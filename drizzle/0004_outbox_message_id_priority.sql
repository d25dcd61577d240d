ALTER TABLE "email_outbox" ADD COLUMN "message_id" uuid DEFAULT gen_random_uuid() NOT NULL;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "priority" smallint DEFAULT 100 NOT NULL;--> statement-breakpoint
CREATE INDEX "email_outbox_claim_idx" ON "email_outbox" USING btree ("priority","id") WHERE status = 'pending';--> statement-breakpoint
UPDATE "email_outbox" SET "priority" = CASE "kind" WHEN 'magic_link' THEN 0 WHEN 'invitation' THEN 10 ELSE 100 END WHERE "status" = 'pending';

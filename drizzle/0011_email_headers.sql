ALTER TABLE "email_outbox" ADD COLUMN "language" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "reply_to" text;
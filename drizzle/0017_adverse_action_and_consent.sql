ALTER TYPE "public"."background_check_status" ADD VALUE 'pre_adverse_action' BEFORE 'rejected';--> statement-breakpoint
CREATE TABLE "background_check_authorizations" (
	"background_check_id" integer PRIMARY KEY NOT NULL,
	"disclosure_version" text NOT NULL,
	"disclosure_sha256" text NOT NULL,
	"signature_name" text NOT NULL,
	"signed_at" timestamp with time zone NOT NULL,
	"ip" text,
	"user_agent" text,
	"language" "language" DEFAULT 'en' NOT NULL,
	"receipt_key" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "background_check_audit" ADD COLUMN "event" text;--> statement-breakpoint
ALTER TABLE "background_check_files" ADD COLUMN "purpose" text DEFAULT 'submission' NOT NULL;--> statement-breakpoint
ALTER TABLE "background_checks" ADD COLUMN "pre_adverse_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "background_checks" ADD COLUMN "final_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "background_checks" ADD COLUMN "disputed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "background_checks" ADD COLUMN "dispute_statement" text;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "attachment_key" text;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "attachment_name" text;--> statement-breakpoint
ALTER TABLE "background_check_authorizations" ADD CONSTRAINT "background_check_authorizations_background_check_id_background_checks_id_fk" FOREIGN KEY ("background_check_id") REFERENCES "public"."background_checks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "background_checks_final_at_idx" ON "background_checks" USING btree ("final_at");
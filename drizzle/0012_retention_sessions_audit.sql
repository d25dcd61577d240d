ALTER TYPE "public"."user_audit_action" ADD VALUE 'signed_in';--> statement-breakpoint
ALTER TYPE "public"."user_audit_action" ADD VALUE 'signed_out';--> statement-breakpoint
ALTER TYPE "public"."user_audit_action" ADD VALUE 'link_expired';--> statement-breakpoint
ALTER TYPE "public"."user_audit_action" ADD VALUE 'link_reused';--> statement-breakpoint
ALTER TYPE "public"."user_audit_action" ADD VALUE 'link_requested_unknown';--> statement-breakpoint
ALTER TYPE "public"."user_audit_action" ADD VALUE 'link_requested_inactive';--> statement-breakpoint
ALTER TYPE "public"."user_audit_action" ADD VALUE 'invitation_sent';--> statement-breakpoint
ALTER TYPE "public"."user_audit_action" ADD VALUE 'invitation_resent';--> statement-breakpoint
ALTER TYPE "public"."user_audit_action" ADD VALUE 'invitation_revoked';--> statement-breakpoint
ALTER TYPE "public"."user_audit_action" ADD VALUE 'invitation_accepted';--> statement-breakpoint
ALTER TYPE "public"."user_audit_action" ADD VALUE 'session_ended';--> statement-breakpoint
ALTER TYPE "public"."user_audit_action" ADD VALUE 'files_purged';--> statement-breakpoint
CREATE TABLE "file_deletions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"storage_key" text NOT NULL,
	"background_check_id" integer,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "user_audit" DROP CONSTRAINT "user_audit_actor_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "user_audit" DROP CONSTRAINT "user_audit_target_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "user_audit" DROP CONSTRAINT "user_audit_company_id_companies_id_fk";
--> statement-breakpoint
ALTER TABLE "user_audit" DROP CONSTRAINT "user_audit_new_company_id_companies_id_fk";
--> statement-breakpoint
ALTER TABLE "background_checks" ADD COLUMN "files_purged_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "magic_link_requests" ADD COLUMN "ip" text;--> statement-breakpoint
ALTER TABLE "magic_link_requests" ADD COLUMN "user_agent" text;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "user_agent" text;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "ip" text;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "last_seen_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "user_audit" ADD COLUMN "ip" text;--> statement-breakpoint
ALTER TABLE "user_audit" ADD COLUMN "user_agent" text;--> statement-breakpoint
ALTER TABLE "user_audit" ADD COLUMN "email_digest" text;--> statement-breakpoint
CREATE INDEX "file_deletions_due_idx" ON "file_deletions" USING btree ("next_attempt_at");--> statement-breakpoint
CREATE INDEX "background_checks_purge_idx" ON "background_checks" USING btree ("reviewed_at") WHERE files_purged_at is null and status in ('approved', 'rejected');--> statement-breakpoint
CREATE INDEX "user_audit_target_user_id_idx" ON "user_audit" USING btree ("target_user_id");--> statement-breakpoint
CREATE INDEX "user_audit_actor_id_idx" ON "user_audit" USING btree ("actor_id");
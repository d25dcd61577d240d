CREATE TYPE "public"."user_audit_action" AS ENUM('role_changed', 'company_changed', 'deactivated', 'reactivated', 'deleted');--> statement-breakpoint
CREATE TABLE "user_audit" (
	"id" serial PRIMARY KEY NOT NULL,
	"actor_id" integer,
	"actor_name" text,
	"actor_email" text,
	"target_user_id" integer,
	"target_email" text NOT NULL,
	"company_id" integer,
	"new_company_id" integer,
	"action" "user_audit_action" NOT NULL,
	"detail" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "user_audit" ADD CONSTRAINT "user_audit_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_audit" ADD CONSTRAINT "user_audit_target_user_id_users_id_fk" FOREIGN KEY ("target_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_audit" ADD CONSTRAINT "user_audit_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_audit" ADD CONSTRAINT "user_audit_new_company_id_companies_id_fk" FOREIGN KEY ("new_company_id") REFERENCES "public"."companies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "user_audit_at_idx" ON "user_audit" USING btree ("at");--> statement-breakpoint
CREATE INDEX "user_audit_company_id_idx" ON "user_audit" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "user_audit_new_company_id_idx" ON "user_audit" USING btree ("new_company_id");
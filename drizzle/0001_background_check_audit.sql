CREATE TABLE "background_check_audit" (
	"id" serial PRIMARY KEY NOT NULL,
	"background_check_id" integer NOT NULL,
	"actor_id" integer,
	"actor_name" text NOT NULL,
	"from_status" "background_check_status",
	"to_status" "background_check_status" NOT NULL,
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "background_check_audit" ADD CONSTRAINT "background_check_audit_background_check_id_background_checks_id_fk" FOREIGN KEY ("background_check_id") REFERENCES "public"."background_checks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "background_check_audit" ADD CONSTRAINT "background_check_audit_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "background_check_audit_check_id_idx" ON "background_check_audit" USING btree ("background_check_id");
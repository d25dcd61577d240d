CREATE TABLE "passkeys" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"credential_id" text NOT NULL,
	"public_key" text NOT NULL,
	"user_handle" text NOT NULL,
	"counter" bigint DEFAULT 0 NOT NULL,
	"transports" text DEFAULT '' NOT NULL,
	"device_type" text NOT NULL,
	"backed_up" boolean NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	CONSTRAINT "passkeys_credential_id_unique" UNIQUE("credential_id")
);
--> statement-breakpoint
CREATE TABLE "sign_in_code_failures" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"ip_key" text NOT NULL,
	"binding_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webauthn_challenges" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"ceremony_hash" text NOT NULL,
	"purpose" text NOT NULL,
	"challenge" text NOT NULL,
	"user_id" integer,
	"user_handle" text,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "webauthn_challenges_ceremony_hash_unique" UNIQUE("ceremony_hash")
);
--> statement-breakpoint
ALTER TABLE "magic_link_tokens" ADD COLUMN "code_digest" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "passkey_suggested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "passkeys" ADD CONSTRAINT "passkeys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webauthn_challenges" ADD CONSTRAINT "webauthn_challenges_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "passkeys_user_id_idx" ON "passkeys" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sign_in_code_failures_email_idx" ON "sign_in_code_failures" USING btree ("email","created_at");--> statement-breakpoint
CREATE INDEX "sign_in_code_failures_ip_idx" ON "sign_in_code_failures" USING btree ("ip_key","created_at");--> statement-breakpoint
CREATE INDEX "sign_in_code_failures_binding_idx" ON "sign_in_code_failures" USING btree ("binding_hash");--> statement-breakpoint
CREATE INDEX "sign_in_code_failures_created_at_idx" ON "sign_in_code_failures" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "webauthn_challenges_expires_at_idx" ON "webauthn_challenges" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "magic_link_tokens_binding_hash_idx" ON "magic_link_tokens" USING btree ("binding_hash");
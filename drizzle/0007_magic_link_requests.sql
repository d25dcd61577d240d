CREATE TABLE "magic_link_requests" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"binding_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "magic_link_requests_created_at_idx" ON "magic_link_requests" USING btree ("created_at");
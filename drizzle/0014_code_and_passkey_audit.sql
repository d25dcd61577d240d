ALTER TYPE "public"."user_audit_action" ADD VALUE 'sign_in_email_sent';--> statement-breakpoint
ALTER TYPE "public"."user_audit_action" ADD VALUE 'sign_in_code_wrong';--> statement-breakpoint
ALTER TYPE "public"."user_audit_action" ADD VALUE 'passkey_added';--> statement-breakpoint
ALTER TYPE "public"."user_audit_action" ADD VALUE 'passkey_removed';
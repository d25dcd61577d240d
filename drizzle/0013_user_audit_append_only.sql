-- The account audit trail is append-only (ADR 0057): entries are written, never changed or
-- removed. Written by hand (drizzle-kit has no triggers): keep it after the migration that
-- dropped user_audit's foreign keys, whose ON DELETE SET NULL would otherwise need an UPDATE.
CREATE FUNCTION "user_audit_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'user_audit is append-only: entries are never changed or deleted'
    USING ERRCODE = 'insufficient_privilege';
END
$$;--> statement-breakpoint
CREATE TRIGGER "user_audit_append_only" BEFORE UPDATE OR DELETE ON "user_audit"
  FOR EACH ROW EXECUTE FUNCTION "user_audit_append_only"();

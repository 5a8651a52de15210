CREATE TABLE "search_settings" (
	"tenant_id" text PRIMARY KEY NOT NULL,
	"language" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "search_vector" "tsvector";--> statement-breakpoint
CREATE INDEX "files_search_idx" ON "files" USING gin ("search_vector") WITH (fastupdate=false);--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS unaccent;
--> statement-breakpoint
-- One text search configuration per search language, each ignoring accents: 'bree_<language>'.
DO $$
DECLARE lang text;
BEGIN
  CREATE TEXT SEARCH CONFIGURATION bree_simple (COPY = simple);
  ALTER TEXT SEARCH CONFIGURATION bree_simple ALTER MAPPING FOR hword, hword_part, word WITH unaccent, simple;
  FOREACH lang IN ARRAY ARRAY['danish', 'dutch', 'english', 'finnish', 'french', 'german', 'hungarian', 'italian', 'norwegian', 'portuguese', 'romanian', 'russian', 'spanish', 'swedish', 'turkish'] LOOP
    EXECUTE format('CREATE TEXT SEARCH CONFIGURATION %I (COPY = %I)', 'bree_' || lang, lang);
    EXECUTE format('ALTER TEXT SEARCH CONFIGURATION %I ALTER MAPPING FOR hword, hword_part, word WITH unaccent, %I', 'bree_' || lang, lang || '_stem');
  END LOOP;
END $$;
--> statement-breakpoint
-- The tenant's configuration: 'bree_simple' until the tenant chooses a language.
CREATE FUNCTION search_config_of(tenant text) RETURNS regconfig LANGUAGE sql STABLE AS $$
  SELECT coalesce((SELECT ('bree_' || language)::regconfig FROM search_settings WHERE tenant_id = tenant), 'bree_simple'::regconfig)
$$;
--> statement-breakpoint
-- The name weighs A, the text D. Only the first 200000 characters of the text are indexed:
-- a tsvector holds at most 1 MB, and positions stop counting at 16383 anyway.
CREATE FUNCTION search_document_vector(config regconfig, doc_name text, body text) RETURNS tsvector LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT setweight(to_tsvector(config, coalesce(doc_name, '')), 'A') || setweight(to_tsvector(config, left(coalesce(body, ''), 200000)), 'D')
$$;
--> statement-breakpoint
CREATE FUNCTION files_search_vector_refresh() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND NEW.name IS NOT DISTINCT FROM OLD.name AND NEW.content_text IS NOT DISTINCT FROM OLD.content_text
     AND NEW.tenant_id IS NOT DISTINCT FROM OLD.tenant_id AND OLD.search_vector IS NOT NULL THEN
    RETURN NEW;
  END IF;
  NEW.search_vector := search_document_vector(search_config_of(NEW.tenant_id), NEW.name, NEW.content_text);
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER files_search_vector BEFORE INSERT OR UPDATE OF name, content_text, tenant_id ON files
  FOR EACH ROW EXECUTE FUNCTION files_search_vector_refresh();
--> statement-breakpoint
UPDATE files SET search_vector = search_document_vector('bree_simple', name, content_text);

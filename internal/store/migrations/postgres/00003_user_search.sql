-- +goose Up
-- User search matches a fragment in the email, username or display name. One lowercase key per user with one
-- trigram index answers it with a single index scan and a cheap LIKE recheck, where three ILIKEs over three
-- indexes cost a BitmapOr and case folding of every candidate row (and a whole-table ILIKE for 1-2 letters).
-- chr(31) keeps a fragment from matching across two fields.
ALTER TABLE users ADD COLUMN search_key TEXT GENERATED ALWAYS AS
    (lower(email || chr(31) || username || chr(31) || full_name)) STORED;
CREATE INDEX users_search_trgm ON users USING gin (search_key public.gin_trgm_ops);
DROP INDEX users_username_trgm;
DROP INDEX users_full_name_trgm;

-- +goose Down
CREATE INDEX users_full_name_trgm ON users USING gin (full_name public.gin_trgm_ops);
CREATE INDEX users_username_trgm ON users USING gin (username public.gin_trgm_ops);
DROP INDEX users_search_trgm;
ALTER TABLE users DROP COLUMN search_key;

-- +goose Up
-- User search matches a fragment in the email, username or display name: one lowercase key per user, the same
-- column as on PostgreSQL (there it has a trigram index; SQLite scans, one LIKE per row instead of three).
-- char(31) keeps a fragment from matching across two fields.
ALTER TABLE users ADD COLUMN search_key TEXT GENERATED ALWAYS AS
    (lower(email || char(31) || username || char(31) || full_name)) VIRTUAL;

-- +goose Down
ALTER TABLE users DROP COLUMN search_key;

-- +goose Up
-- User search reads the matching users' ids from a narrow table of (id, search key) with the trigram index,
-- as SQLite reads its FTS5 table (users_search there too). The trigram index on users.search_key matched just
-- as well, but every candidate's recheck read a page of the wide users table: a surname matching 5,000 of
-- 100,000 users touched 3,200 pages (8.4 ms) where this table has 1,300 in all (2.6 ms).
CREATE TABLE users_search (
    id BIGINT PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    search_key TEXT NOT NULL
);
-- +goose StatementBegin
CREATE FUNCTION users_search_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO users_search (id, search_key) VALUES (NEW.id, NEW.search_key)
    ON CONFLICT (id) DO UPDATE SET search_key = EXCLUDED.search_key;
    RETURN NULL;
END;
$$;
-- +goose StatementEnd
CREATE TRIGGER users_search_sync AFTER INSERT OR UPDATE OF email, username, full_name ON users
    FOR EACH ROW EXECUTE FUNCTION users_search_sync();
-- The bulk loader turns triggers off (session_replication_role = replica) to skip foreign-key checks; this one
-- must still fire, or loaded users could not be found. (So the table is derived data: a logical replica
-- subscribes to users, not to users_search, which its own trigger fills.)
ALTER TABLE users ENABLE ALWAYS TRIGGER users_search_sync;
-- The existing users, copied once the trigger holds its lock on users: no write can fall between the two.
INSERT INTO users_search (id, search_key) SELECT id, search_key FROM users;
CREATE INDEX users_search_key_trgm ON users_search USING gin (search_key public.gin_trgm_ops);
DROP INDEX users_search_trgm;

-- +goose Down
DROP TRIGGER users_search_sync ON users;
DROP FUNCTION users_search_sync();
CREATE INDEX users_search_trgm ON users USING gin (search_key public.gin_trgm_ops);
DROP TABLE users_search;

-- +goose Up
-- A trigram index over users.search_key (migration 00003), so a user search reads the matching rows instead of
-- computing every user's key: FTS5's trigram tokenizer answers LIKE '%fragment%' for fragments of 3 or more
-- characters, the same substring semantics. It indexes the users table itself (external content), kept in step
-- by the triggers below.
CREATE VIRTUAL TABLE users_search USING fts5(search_key, tokenize = 'trigram', content = 'users', content_rowid = 'id');
INSERT INTO users_search (users_search) VALUES ('rebuild');

-- +goose StatementBegin
CREATE TRIGGER users_search_insert AFTER INSERT ON users BEGIN
    INSERT INTO users_search (rowid, search_key) VALUES (new.id, new.search_key);
END;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE TRIGGER users_search_delete AFTER DELETE ON users BEGIN
    INSERT INTO users_search (users_search, rowid, search_key) VALUES ('delete', old.id, old.search_key);
END;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE TRIGGER users_search_update AFTER UPDATE OF email, username, full_name ON users BEGIN
    INSERT INTO users_search (users_search, rowid, search_key) VALUES ('delete', old.id, old.search_key);
    INSERT INTO users_search (rowid, search_key) VALUES (new.id, new.search_key);
END;
-- +goose StatementEnd

-- +goose Down
DROP TRIGGER users_search_update;
DROP TRIGGER users_search_delete;
DROP TRIGGER users_search_insert;
DROP TABLE users_search;

-- +goose Up
-- History finds a transaction by the start of its hash (ledger.ByHash): a range compared byte by byte, which an
-- index in the "C" collation serves whatever the database's collation. It serves the whole hash too.
CREATE INDEX transactions_hash_bytes_idx ON transactions (hash COLLATE "C");
DROP INDEX transactions_hash_idx;

-- +goose Down
CREATE INDEX transactions_hash_idx ON transactions (hash);
DROP INDEX transactions_hash_bytes_idx;

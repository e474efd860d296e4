-- +goose Up
-- PostgreSQL's 00026 indexes the hash in the "C" collation for prefix search; SQLite's index on it already compares
-- byte by byte.
SELECT 1;

-- +goose Down
SELECT 1;

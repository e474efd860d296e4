-- +goose Up
-- SQLite moves the marks of reads to a file of their own (its 00030). PostgreSQL keeps a page cache that one row's
-- write does not drop, and keeps them where they are.
SELECT 1;

-- +goose Down
SELECT 1;

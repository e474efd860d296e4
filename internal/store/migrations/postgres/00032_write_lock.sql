-- +goose Up
-- SQLite's write transactions lock its file through an empty table (its 00032). PostgreSQL locks rows, and needs none.
SELECT 1;

-- +goose Down
SELECT 1;

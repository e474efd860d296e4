-- +goose Up
-- PostgreSQL leaves room on the transactions' pages for their later versions (its 00029). SQLite rewrites a row in
-- place, and has no such setting.
SELECT 1;

-- +goose Down
SELECT 1;

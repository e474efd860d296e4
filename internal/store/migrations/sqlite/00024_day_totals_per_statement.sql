-- +goose Up
-- PostgreSQL's day_totals triggers now run once per statement (its 00024). SQLite has no statement triggers, and its
-- row triggers run in process, so they stay as 00011 and 00012 made them.
SELECT 1;

-- +goose Down
SELECT 1;

-- +goose Up
-- A transaction's later versions (a confirmation more) rewrite its row. With room left on the row's page, PostgreSQL
-- writes the new version there and no index changes (a HOT update) when no indexed column did; on a full page every
-- one of the table's indexes gets an entry for the new version. Pages written from now on keep 15% free.
ALTER TABLE transactions SET (fillfactor = 85);

-- +goose Down
ALTER TABLE transactions RESET (fillfactor);

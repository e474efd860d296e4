-- +goose Up
-- History filtered by coin and type together (one page in nine of the benchmark's History load) walked the coin
-- index and read every candidate row from the table to check its type: ~2,800 rows for page 14 of 100, 12 ms warm
-- and up to 70 ms with the table's pages cold, the p99 of History. With both in one index the page is an
-- index-only range, like every other combination of filters.
CREATE INDEX transactions_coin_type_idx ON transactions (network, coin_id, type, created_at DESC, id DESC);

-- +goose Down
DROP INDEX transactions_coin_type_idx;

-- +goose Up
-- The accounting card sums bonus wallets (and counts their holders) every few seconds: a partial index holding
-- just those rows' coin, holder and balance answers both without reading every wallet.
CREATE INDEX wallets_bonus_idx ON wallets (coin_id, user_id, balance) WHERE name = 'Bonus Wallet';

-- +goose Down
DROP INDEX wallets_bonus_idx;

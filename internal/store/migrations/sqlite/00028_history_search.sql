-- +goose Up
-- History finds a customer's transactions by an address they sent to (the wallet's own addresses have their index),
-- and the History and report screens sort a page by amount (Dialect.MoneyOrder: the text's REAL).
CREATE INDEX transactions_receiver_idx ON transactions (receiver_address, created_at DESC, id DESC);
CREATE INDEX transactions_amount_idx ON transactions (network, CAST(amount AS REAL));
CREATE INDEX exchanges_amount_idx ON exchanges (CAST(from_amount AS REAL));
CREATE INDEX bonuses_amount_idx ON bonuses (CAST(usd_amount AS REAL));

-- +goose Down
DROP INDEX bonuses_amount_idx;
DROP INDEX exchanges_amount_idx;
DROP INDEX transactions_amount_idx;
DROP INDEX transactions_receiver_idx;

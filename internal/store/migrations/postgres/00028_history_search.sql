-- +goose Up
-- History finds a customer's transactions by an address they sent to (the wallet's own addresses have their index),
-- and the History and report screens sort a page by amount.
CREATE INDEX transactions_receiver_idx ON transactions (receiver_address, created_at DESC, id DESC);
CREATE INDEX transactions_amount_idx ON transactions (network, amount);
CREATE INDEX exchanges_amount_idx ON exchanges (from_amount);
CREATE INDEX bonuses_amount_idx ON bonuses (usd_amount);

-- +goose Down
DROP INDEX bonuses_amount_idx;
DROP INDEX exchanges_amount_idx;
DROP INDEX transactions_amount_idx;
DROP INDEX transactions_receiver_idx;

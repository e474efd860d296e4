-- +goose Up
-- Every limit of the sign-in routes (and of exports) counts here, one row per bucket: a client address, an account,
-- an (account, address) pair. One statement adds a hit and returns the count (internal/ratelimit), so requests
-- racing on one node or on several nodes of one database get distinct counts and no more than the limit pass.
CREATE TABLE rate_limits (
    bucket       TEXT PRIMARY KEY,
    window_start TIMESTAMPTZ NOT NULL,
    hits         INTEGER NOT NULL
);
CREATE INDEX rate_limits_window_idx ON rate_limits (window_start);

-- +goose Down
DROP TABLE rate_limits;

-- +goose Up
-- Network rules per role (issue 22): the client networks its holders may sign in and call from, as CIDR
-- prefixes joined by ','; '' admits every address.
ALTER TABLE roles ADD COLUMN allowed_networks TEXT NOT NULL DEFAULT '';

-- +goose Down
ALTER TABLE roles DROP COLUMN allowed_networks;

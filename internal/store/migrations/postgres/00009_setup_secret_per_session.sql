-- +goose Up
-- Each set-up session gets its own authenticator secret (the hardening issue): knowing a new staff member's initial
-- password no longer shows the secret another session is setting up. users.ga_secret holds confirmed secrets only.
ALTER TABLE sessions ADD COLUMN setup_secret TEXT;
UPDATE users SET ga_secret = NULL WHERE ga_enabled = FALSE;

-- +goose Down
ALTER TABLE sessions DROP COLUMN setup_secret;

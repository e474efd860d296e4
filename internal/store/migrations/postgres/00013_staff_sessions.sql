-- +goose Up
-- The staff sessions console lists live full sessions newest first. A full session lives at most 12 hours from its
-- creation, so its query reads a range of this partial index (the last 12 hours of full sessions nobody revoked)
-- instead of every session ever opened; its own sessions a user reads through sessions_user_idx.
CREATE INDEX sessions_live_full_idx ON sessions (created_at DESC, id DESC) WHERE kind = 'full' AND revoked_at IS NULL;
-- The built-in Administrator role holds every key, ADMIN_SESSIONS too: staff grant only keys they hold (decision
-- 0008), so nobody could grant a key no role held.
INSERT INTO role_permissions (role_id, permission) SELECT id, 'ADMIN_SESSIONS' FROM roles WHERE builtin = TRUE
    ON CONFLICT DO NOTHING;

-- +goose Down
DELETE FROM role_permissions WHERE permission = 'ADMIN_SESSIONS';
DROP INDEX sessions_live_full_idx;

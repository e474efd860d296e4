-- +goose Up
-- Step-up (issue 22): when this session last gave a second factor (the code step of sign-in, or
-- POST /api/user/step-up). Sensitive calls need it within the last five minutes; NULL is never.
ALTER TABLE sessions ADD COLUMN stepped_up_at TIMESTAMP;
-- Recovery codes (issue 22): ten one-time codes per account, each standing in once for an authenticator code.
-- Only their SHA-256 is kept (80 random bits each, bound to the account); a new set replaces the old one.
CREATE TABLE recovery_codes (
    id         INTEGER PRIMARY KEY,
    user_id    BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    code_hash  TEXT NOT NULL,
    created_at TIMESTAMP NOT NULL,
    used_at    TIMESTAMP
);
CREATE UNIQUE INDEX recovery_codes_user_hash_uq ON recovery_codes (user_id, code_hash);

-- +goose Down
DROP TABLE recovery_codes;
ALTER TABLE sessions DROP COLUMN stepped_up_at;

-- +goose Up
-- Passkeys (issue 22): WebAuthn credentials, a second factor beside the authenticator app. credential_id is the
-- credential's id in base64url (what an assertion names), credential the library's record as JSON (public key,
-- signature counter, flags); nothing here is secret.
CREATE TABLE passkeys (
    id            INTEGER PRIMARY KEY,
    user_id       BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    credential_id TEXT NOT NULL,
    name          TEXT NOT NULL,
    credential    TEXT NOT NULL,
    created_at    TIMESTAMP NOT NULL,
    last_used_at  TIMESTAMP
);
CREATE UNIQUE INDEX passkeys_credential_uq ON passkeys (credential_id);
CREATE INDEX passkeys_user_idx ON passkeys (user_id);
-- The session's open WebAuthn ceremony (registration, sign-in or step-up): its challenge as JSON, answered once.
-- Kept in the database, not in a node's memory, so that begin and finish may reach different nodes.
ALTER TABLE sessions ADD COLUMN webauthn_challenge TEXT;

-- +goose Down
ALTER TABLE sessions DROP COLUMN webauthn_challenge;
DROP TABLE passkeys;

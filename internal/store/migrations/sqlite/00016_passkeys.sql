-- +goose Up
-- Passkeys (issue 22): WebAuthn credentials, a second factor beside the authenticator app. credential_id is the
-- credential's id in base64url (what an assertion names), credential the library's record as JSON (public key,
-- flags), sign_count the authenticator's signature counter (an update only moves it on); nothing here is secret.
CREATE TABLE passkeys (
    id            INTEGER PRIMARY KEY,
    user_id       BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    credential_id TEXT NOT NULL,
    name          TEXT NOT NULL,
    credential    TEXT NOT NULL,
    sign_count    BIGINT NOT NULL DEFAULT 0,
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

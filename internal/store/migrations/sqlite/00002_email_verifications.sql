-- +goose Up
-- One-time links of verification mails (GET /api/admin/email/{id}/sendmail).
CREATE TABLE email_verifications (
    id         INTEGER PRIMARY KEY,
    user_id    BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    token_hash TEXT NOT NULL,
    created_at TIMESTAMP NOT NULL,
    expires_at TIMESTAMP NOT NULL,
    used_at    TIMESTAMP
);
CREATE UNIQUE INDEX email_verifications_token_uq ON email_verifications (token_hash);
CREATE INDEX email_verifications_user_idx ON email_verifications (user_id);

-- +goose Down
DROP TABLE email_verifications;

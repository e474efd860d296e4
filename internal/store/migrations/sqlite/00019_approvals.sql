-- +goose Up
-- Four-eyes approval (issue 23). approval_policy: which sensitive actions need a second person (a missing row is
-- off). approvals: a change made by one staff member and kept, not applied, until another approves it: the call as
-- made (method, path, query, and its body sealed: it may hold a new staff member's password), what it would change
-- (the change's audit details, secrets left out) and the target's version when it was made.
CREATE TABLE approval_policy (
    action     TEXT PRIMARY KEY,
    required   BOOLEAN NOT NULL,
    updated_at TIMESTAMP NOT NULL
);
CREATE TABLE approvals (
    id              INTEGER PRIMARY KEY,
    action          TEXT NOT NULL,
    status          TEXT NOT NULL,
    maker_id        BIGINT NOT NULL REFERENCES users (id),
    maker_email     TEXT NOT NULL,
    maker_reason    TEXT NOT NULL DEFAULT '',
    method          TEXT NOT NULL,
    path            TEXT NOT NULL,
    query           TEXT NOT NULL DEFAULT '',
    body            TEXT NOT NULL,
    target          TEXT NOT NULL DEFAULT '',
    target_version  TEXT NOT NULL DEFAULT '',
    summary         TEXT NOT NULL,
    change          TEXT NOT NULL DEFAULT '{}',
    created_at      TIMESTAMP NOT NULL,
    expires_at      TIMESTAMP NOT NULL,
    decided_by      BIGINT REFERENCES users (id),
    decided_email   TEXT NOT NULL DEFAULT '',
    decision_reason TEXT NOT NULL DEFAULT '',
    decided_at      TIMESTAMP
);
CREATE INDEX approvals_status_idx ON approvals (status, id DESC);

-- +goose Down
DROP TABLE approvals;
DROP TABLE approval_policy;

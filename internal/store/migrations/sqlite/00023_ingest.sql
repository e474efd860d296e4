-- +goose Up
-- The exchange core's data in (issue 35, docs/decisions/0015-events-from-the-core.md).
-- core_ids: each entity the core owns, by its kind and the core's id, mapped to our row, with the version of the
-- core's last change applied: an event whose version is not above it changes nothing.
CREATE TABLE core_ids (
    kind     TEXT   NOT NULL,
    core_id  TEXT   NOT NULL,
    local_id BIGINT NOT NULL,
    version  BIGINT NOT NULL,
    PRIMARY KEY (kind, core_id)
);
CREATE INDEX core_ids_local_idx ON core_ids (kind, local_id);
-- ingest_events: every event seen, by source and id, with what became of it: one seen again is a duplicate.
CREATE TABLE ingest_events (
    source      TEXT NOT NULL,
    id          TEXT NOT NULL,
    type        TEXT NOT NULL,
    status      TEXT NOT NULL CHECK (status IN ('applied', 'stale', 'held', 'rejected')),
    received_at TIMESTAMP NOT NULL,
    PRIMARY KEY (source, id)
);
-- ingest_letters: events kept as received: held ones wait for what they refer to (waits_for, "customer:c-17"); dead
-- ones were rejected, or held too long, with the reason.
CREATE TABLE ingest_letters (
    id          INTEGER PRIMARY KEY,
    source      TEXT NOT NULL,
    event_id    TEXT NOT NULL,
    type        TEXT NOT NULL,
    body        TEXT NOT NULL,
    state       TEXT NOT NULL CHECK (state IN ('held', 'dead')),
    waits_for   TEXT NOT NULL DEFAULT '',
    reason      TEXT NOT NULL DEFAULT '',
    received_at TIMESTAMP NOT NULL
);
CREATE INDEX ingest_letters_waits_idx ON ingest_letters (waits_for, id) WHERE state = 'held';
CREATE INDEX ingest_letters_state_idx ON ingest_letters (state, id);
CREATE INDEX ingest_letters_event_idx ON ingest_letters (source, event_id);
-- ingest_keys: who may send events over HTTP, each for one source. The secret is never stored: it is derived from
-- the secrets key file (HKDF of its audit key, the key's id and salt), and only its SHA-256 is kept, to tell a key
-- file that changed since.
CREATE TABLE ingest_keys (
    id          TEXT PRIMARY KEY,
    source      TEXT NOT NULL,
    salt        TEXT NOT NULL,
    secret_hash TEXT NOT NULL,
    created_at  TIMESTAMP NOT NULL,
    revoked_at  TIMESTAMP
);

-- +goose Down
DROP TABLE ingest_keys;
DROP TABLE ingest_letters;
DROP TABLE ingest_events;
DROP TABLE core_ids;

-- +goose Up
-- The integration with the exchange core, both ways (issue 36, docs/decisions/0016-commands-to-the-core.md).
-- core_commands: the commands to the core, a transactional outbox: a staff change writes its command in its own
-- transaction. entity ("customer:17", "coin:9", "promotion") orders delivery:
-- a command goes only once every earlier command of its entity went. state: waiting (not yet taken by every receiver),
-- delivered (taken; pending at core), applied or rejected (the core's xapa.command_result.v1, with its reason).
CREATE TABLE core_commands (
    seq             INTEGER PRIMARY KEY,
    id              TEXT NOT NULL UNIQUE,
    type            TEXT NOT NULL,
    entity          TEXT NOT NULL,
    body            TEXT NOT NULL,
    state           TEXT NOT NULL DEFAULT 'waiting' CHECK (state IN ('waiting', 'delivered', 'applied', 'rejected')),
    attempts        INTEGER NOT NULL DEFAULT 0,
    next_attempt_at TIMESTAMP NOT NULL,
    last_error      TEXT NOT NULL DEFAULT '',
    reason          TEXT NOT NULL DEFAULT '',
    created_at      TIMESTAMP NOT NULL,
    delivered_at    TIMESTAMP,
    answered_at     TIMESTAMP
);
CREATE INDEX core_commands_waiting_idx ON core_commands (entity, seq) WHERE state = 'waiting';
CREATE INDEX core_commands_due_idx ON core_commands (seq) WHERE state = 'waiting';
CREATE INDEX core_commands_entity_idx ON core_commands (entity, seq);
CREATE INDEX core_commands_state_idx ON core_commands (state, seq);
-- ingest_sources: per source of the core's events, the newest applied event's time and when it arrived: the lag, and
-- the Integration screen's "last event".
CREATE TABLE ingest_sources (
    source           TEXT PRIMARY KEY,
    last_event_at    TIMESTAMP NOT NULL,
    last_received_at TIMESTAMP NOT NULL
);
-- ingest_minutes: the core's events per minute of arrival and status, for "events per status in the last hour" at a
-- cost that does not grow with the events; minutes older than a week are dropped as batches arrive.
CREATE TABLE ingest_minutes (
    minute TIMESTAMP NOT NULL,
    status TEXT NOT NULL,
    events BIGINT NOT NULL,
    PRIMARY KEY (minute, status)
);

-- +goose Down
DROP TABLE ingest_minutes;
DROP TABLE ingest_sources;
DROP TABLE core_commands;

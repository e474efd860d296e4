-- +goose Up
-- Reads that matter are audited (issue 23): the opening of a customer's profile at most once per staff member,
-- customer and clock hour, across every node of one database. The first opening of an hour inserts its row here
-- (INSERT ... ON CONFLICT DO NOTHING) and, in the same transaction, its audit entry; a later one inserts nothing and
-- records nothing. hour is the hour's start in Unix seconds. Rows of past hours are pruned (internal/retention).
CREATE TABLE profile_opens (
    staff_id BIGINT NOT NULL,
    user_id  BIGINT NOT NULL,
    hour     BIGINT NOT NULL,
    PRIMARY KEY (staff_id, user_id, hour)
);
CREATE INDEX profile_opens_hour_idx ON profile_opens (hour);
-- Retention (issue 23) deletes in small batches by age: each batch reads a range of one of these indexes rather
-- than the whole table.
CREATE INDEX sessions_expires_idx ON sessions (expires_at);
CREATE INDEX sessions_revoked_idx ON sessions (revoked_at) WHERE revoked_at IS NOT NULL;
CREATE INDEX login_attempts_created_idx ON login_attempts (created_at);
CREATE INDEX outbox_sent_idx ON outbox (sent_at) WHERE status = 'sent';

-- +goose Down
DROP INDEX outbox_sent_idx;
DROP INDEX login_attempts_created_idx;
DROP INDEX sessions_revoked_idx;
DROP INDEX sessions_expires_idx;
DROP TABLE profile_opens;

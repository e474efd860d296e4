-- +goose Up
-- Every read of a customer's data is recorded (issue 34, item 9): each part of the profile (the profile itself, its
-- brief, report, wallets, invites and sessions) at most once per staff member, customer and clock hour. The mark of
-- 00018 gains the part, and the part joins its key. SQLite changes no primary key in place: the marks are copied into
-- a new table, each the profile's, as it was.
CREATE TABLE profile_opens_next (
    staff_id BIGINT NOT NULL,
    user_id  BIGINT NOT NULL,
    hour     BIGINT NOT NULL,
    part     TEXT   NOT NULL DEFAULT 'profile',
    PRIMARY KEY (staff_id, user_id, hour, part)
);
INSERT INTO profile_opens_next (staff_id, user_id, hour) SELECT staff_id, user_id, hour FROM profile_opens;
DROP TABLE profile_opens;
ALTER TABLE profile_opens_next RENAME TO profile_opens;
CREATE INDEX profile_opens_hour_idx ON profile_opens (hour);
-- Bulk reads (issue 34, item 9): the rows each staff member read of each list (its path in the route table) in each
-- clock hour. Each page adds its rows with one upsert; the page that takes the count past 500 writes the audit entry
-- read.bulk in the upsert's transaction, so it is recorded once. hour is the hour's start in Unix seconds. Rows of
-- past hours are pruned (internal/retention).
CREATE TABLE list_reads (
    staff_id  BIGINT NOT NULL,
    list      TEXT   NOT NULL,
    hour      BIGINT NOT NULL,
    row_count BIGINT NOT NULL,
    PRIMARY KEY (staff_id, list, hour)
);
CREATE INDEX list_reads_hour_idx ON list_reads (hour);

-- +goose Down
DROP TABLE list_reads;
CREATE TABLE profile_opens_prev (
    staff_id BIGINT NOT NULL,
    user_id  BIGINT NOT NULL,
    hour     BIGINT NOT NULL,
    PRIMARY KEY (staff_id, user_id, hour)
);
INSERT INTO profile_opens_prev (staff_id, user_id, hour) SELECT staff_id, user_id, hour FROM profile_opens WHERE part = 'profile';
DROP TABLE profile_opens;
ALTER TABLE profile_opens_prev RENAME TO profile_opens;
CREATE INDEX profile_opens_hour_idx ON profile_opens (hour);

-- +goose Up
-- Every read of a customer's data is recorded (issue 34, item 9): each part of the profile (the profile itself, its
-- brief, report, wallets, invites and sessions) at most once per staff member, customer and clock hour. The mark of
-- 00018 gains the part, and the part joins its key. A node still on the previous version inserts no part: its mark
-- is the profile's, as it was.
ALTER TABLE profile_opens ADD COLUMN part TEXT NOT NULL DEFAULT 'profile';
ALTER TABLE profile_opens DROP CONSTRAINT profile_opens_pkey;
ALTER TABLE profile_opens ADD PRIMARY KEY (staff_id, user_id, hour, part);
-- Bulk reads (issue 34, item 9): the rows each staff member read of each list (its path in the route table) in each
-- clock hour. Each page adds its rows with one upsert; the page that takes the count past 500 writes the audit entry
-- read.bulk in the upsert's transaction, so one node records it, once. hour is the hour's start in Unix seconds. Rows
-- of past hours are pruned (internal/retention).
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
DELETE FROM profile_opens WHERE part <> 'profile';
ALTER TABLE profile_opens DROP CONSTRAINT profile_opens_pkey;
ALTER TABLE profile_opens ADD PRIMARY KEY (staff_id, user_id, hour);
ALTER TABLE profile_opens DROP COLUMN part;

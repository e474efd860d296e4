-- +goose Up
-- The marks of reads move to the reads file (internal/store, reads_sqlite.go): each page of a list writes its count,
-- and a write to the database's own file makes every other connection drop its page cache. The connection has made
-- the reads file's tables already; the marks of the hour are copied over.
INSERT OR IGNORE INTO reads.profile_opens (staff_id, user_id, hour, part)
    SELECT staff_id, user_id, hour, part FROM main.profile_opens;
INSERT OR IGNORE INTO reads.list_reads (staff_id, list, hour, row_count)
    SELECT staff_id, list, hour, row_count FROM main.list_reads;
DROP TABLE main.profile_opens;
DROP TABLE main.list_reads;

-- +goose Down
CREATE TABLE main.profile_opens (
    staff_id BIGINT NOT NULL,
    user_id  BIGINT NOT NULL,
    hour     BIGINT NOT NULL,
    part     TEXT   NOT NULL DEFAULT 'profile',
    PRIMARY KEY (staff_id, user_id, hour, part)
);
CREATE INDEX main.profile_opens_hour_idx ON profile_opens (hour);
CREATE TABLE main.list_reads (
    staff_id  BIGINT NOT NULL,
    list      TEXT   NOT NULL,
    hour      BIGINT NOT NULL,
    row_count BIGINT NOT NULL,
    PRIMARY KEY (staff_id, list, hour)
);
CREATE INDEX main.list_reads_hour_idx ON list_reads (hour);

-- +goose Up
-- A table kept empty: a write transaction's first statement deletes from it, which takes the database file's write
-- lock and no other (store.DB.Tx). BEGIN IMMEDIATE would also lock the attached file of the counts of reads.
CREATE TABLE write_lock (id INTEGER PRIMARY KEY);

-- +goose Down
DROP TABLE write_lock;

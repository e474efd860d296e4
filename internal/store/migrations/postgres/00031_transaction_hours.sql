-- +goose Up
-- The number of transactions per UTC hour, network, type and coin, kept exact by triggers whoever writes the rows.
-- History's total reads whole hours from it instead of counting their rows (internal/ledger/count.go). An insert
-- (or a COPY) adds its rows once per statement; an update fires only when it moves a row to another bucket.
CREATE TABLE transaction_hours (
    hour    TEXT   NOT NULL, -- YYYY-MM-DD HH, UTC
    network TEXT   NOT NULL,
    type    TEXT   NOT NULL,
    coin_id BIGINT NOT NULL,
    count   BIGINT NOT NULL,
    PRIMARY KEY (hour, network, type, coin_id)
);

INSERT INTO transaction_hours (hour, network, type, coin_id, count)
SELECT to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24'), network, type, coin_id, count(*)
FROM transactions GROUP BY 1, 2, 3, 4;

-- +goose StatementBegin
CREATE FUNCTION transaction_hours_inserted() RETURNS trigger AS $$
BEGIN
    INSERT INTO transaction_hours (hour, network, type, coin_id, count)
        SELECT to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24'), network, type, coin_id, count(*)
        FROM new_rows GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
        ON CONFLICT (hour, network, type, coin_id) DO UPDATE SET count = transaction_hours.count + excluded.count;
    RETURN NULL;
END
$$ LANGUAGE plpgsql;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE FUNCTION transaction_hours_deleted() RETURNS trigger AS $$
BEGIN
    UPDATE transaction_hours h SET count = h.count - o.n
        FROM (SELECT to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24') AS hour, network, type, coin_id, count(*) AS n
            FROM old_rows GROUP BY 1, 2, 3, 4) o
        WHERE h.hour = o.hour AND h.network = o.network AND h.type = o.type AND h.coin_id = o.coin_id;
    RETURN NULL;
END
$$ LANGUAGE plpgsql;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE FUNCTION transaction_hours_moved() RETURNS trigger AS $$
BEGIN
    UPDATE transaction_hours SET count = count - 1
        WHERE hour = to_char(OLD.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24')
        AND network = OLD.network AND type = OLD.type AND coin_id = OLD.coin_id;
    INSERT INTO transaction_hours (hour, network, type, coin_id, count)
        VALUES (to_char(NEW.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24'), NEW.network, NEW.type, NEW.coin_id, 1)
        ON CONFLICT (hour, network, type, coin_id) DO UPDATE SET count = transaction_hours.count + 1;
    RETURN NULL;
END
$$ LANGUAGE plpgsql;
-- +goose StatementEnd
CREATE TRIGGER transactions_hours_insert AFTER INSERT ON transactions
    REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION transaction_hours_inserted();
CREATE TRIGGER transactions_hours_delete AFTER DELETE ON transactions
    REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION transaction_hours_deleted();
CREATE TRIGGER transactions_hours_update AFTER UPDATE OF created_at, network, type, coin_id ON transactions
    FOR EACH ROW WHEN (OLD.created_at IS DISTINCT FROM NEW.created_at OR OLD.network IS DISTINCT FROM NEW.network
        OR OLD.type IS DISTINCT FROM NEW.type OR OLD.coin_id IS DISTINCT FROM NEW.coin_id)
    EXECUTE FUNCTION transaction_hours_moved();

-- +goose Down
DROP TRIGGER transactions_hours_update ON transactions;
DROP TRIGGER transactions_hours_delete ON transactions;
DROP TRIGGER transactions_hours_insert ON transactions;
DROP FUNCTION transaction_hours_moved();
DROP FUNCTION transaction_hours_deleted();
DROP FUNCTION transaction_hours_inserted();
DROP TABLE transaction_hours;

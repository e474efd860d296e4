-- +goose Up
-- The number of transactions per UTC hour, network, type and coin, kept exact by triggers whoever writes the rows.
-- History's total reads whole hours from it instead of counting their rows (internal/ledger/count.go).
CREATE TABLE transaction_hours (
    hour    TEXT    NOT NULL, -- YYYY-MM-DD HH, UTC
    network TEXT    NOT NULL,
    type    TEXT    NOT NULL,
    coin_id INTEGER NOT NULL,
    count   INTEGER NOT NULL,
    PRIMARY KEY (hour, network, type, coin_id)
) WITHOUT ROWID;

INSERT INTO transaction_hours (hour, network, type, coin_id, count)
SELECT substr(created_at, 1, 13), network, type, coin_id, count(*) FROM transactions GROUP BY 1, 2, 3, 4;

-- +goose StatementBegin
CREATE TRIGGER transactions_hours_insert AFTER INSERT ON transactions BEGIN
    INSERT INTO transaction_hours (hour, network, type, coin_id, count)
        VALUES (substr(NEW.created_at, 1, 13), NEW.network, NEW.type, NEW.coin_id, 1)
        ON CONFLICT (hour, network, type, coin_id) DO UPDATE SET count = count + 1;
END;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE TRIGGER transactions_hours_update AFTER UPDATE OF created_at, network, type, coin_id ON transactions BEGIN
    UPDATE transaction_hours SET count = count - 1
        WHERE hour = substr(OLD.created_at, 1, 13) AND network = OLD.network AND type = OLD.type AND coin_id = OLD.coin_id;
    INSERT INTO transaction_hours (hour, network, type, coin_id, count)
        VALUES (substr(NEW.created_at, 1, 13), NEW.network, NEW.type, NEW.coin_id, 1)
        ON CONFLICT (hour, network, type, coin_id) DO UPDATE SET count = count + 1;
END;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE TRIGGER transactions_hours_delete AFTER DELETE ON transactions BEGIN
    UPDATE transaction_hours SET count = count - 1
        WHERE hour = substr(OLD.created_at, 1, 13) AND network = OLD.network AND type = OLD.type AND coin_id = OLD.coin_id;
END;
-- +goose StatementEnd

-- +goose Down
DROP TRIGGER transactions_hours_delete;
DROP TRIGGER transactions_hours_update;
DROP TRIGGER transactions_hours_insert;
DROP TABLE transaction_hours;

-- +goose Up
-- Registrations, email verifications and bonuses per day are kept like transactions and exchanges (00011), so that
-- no figure of the dashboard sums the whole history. The marking is written once: SQLite's triggers cannot call a
-- function, so an INSTEAD OF trigger on a view is the one procedure every table's trigger calls (a NULL day, as a
-- user's verified_at before verification, marks nothing). The triggers of 00011 are made again in that form.
CREATE VIEW day_totals_mark (series, day) AS SELECT series, day FROM day_totals_stale WHERE 0;
-- +goose StatementBegin
CREATE TRIGGER day_totals_mark INSTEAD OF INSERT ON day_totals_mark BEGIN
    INSERT INTO day_totals_stale (series, day, marks)
        SELECT NEW.series, NEW.day, 1
        WHERE NEW.day IS NOT NULL AND EXISTS (SELECT 1 FROM day_totals_series
            WHERE series = NEW.series AND (NEW.day < through OR NEW.day < date('now')))
        ON CONFLICT (series, day) DO UPDATE SET marks = marks + 1;
END;
-- +goose StatementEnd

DROP TRIGGER transactions_day_totals_insert;
DROP TRIGGER transactions_day_totals_update;
DROP TRIGGER transactions_day_totals_delete;
DROP TRIGGER exchanges_day_totals_insert;
DROP TRIGGER exchanges_day_totals_update;
DROP TRIGGER exchanges_day_totals_delete;

-- +goose StatementBegin
CREATE TRIGGER transactions_day_totals_insert AFTER INSERT ON transactions BEGIN
    INSERT INTO day_totals_mark VALUES ('tx', substr(NEW.created_at, 1, 10));
END;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE TRIGGER transactions_day_totals_update AFTER UPDATE OF created_at, status, amount, commission, coin_id, type, network
ON transactions BEGIN
    INSERT INTO day_totals_mark VALUES ('tx', substr(OLD.created_at, 1, 10)), ('tx', substr(NEW.created_at, 1, 10));
END;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE TRIGGER transactions_day_totals_delete AFTER DELETE ON transactions BEGIN
    INSERT INTO day_totals_mark VALUES ('tx', substr(OLD.created_at, 1, 10));
END;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE TRIGGER exchanges_day_totals_insert AFTER INSERT ON exchanges BEGIN
    INSERT INTO day_totals_mark VALUES ('exchange', substr(NEW.created_at, 1, 10));
END;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE TRIGGER exchanges_day_totals_update AFTER UPDATE OF created_at, fee, from_coin_id ON exchanges BEGIN
    INSERT INTO day_totals_mark VALUES ('exchange', substr(OLD.created_at, 1, 10)), ('exchange', substr(NEW.created_at, 1, 10));
END;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE TRIGGER exchanges_day_totals_delete AFTER DELETE ON exchanges BEGIN
    INSERT INTO day_totals_mark VALUES ('exchange', substr(OLD.created_at, 1, 10));
END;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE TRIGGER users_day_totals_insert AFTER INSERT ON users BEGIN
    INSERT INTO day_totals_mark VALUES ('users', substr(NEW.created_at, 1, 10)), ('users', substr(NEW.verified_at, 1, 10));
END;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE TRIGGER users_day_totals_update AFTER UPDATE OF created_at, verified_at, email_verified ON users BEGIN
    INSERT INTO day_totals_mark VALUES ('users', substr(OLD.created_at, 1, 10)), ('users', substr(OLD.verified_at, 1, 10)),
        ('users', substr(NEW.created_at, 1, 10)), ('users', substr(NEW.verified_at, 1, 10));
END;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE TRIGGER users_day_totals_delete AFTER DELETE ON users BEGIN
    INSERT INTO day_totals_mark VALUES ('users', substr(OLD.created_at, 1, 10)), ('users', substr(OLD.verified_at, 1, 10));
END;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE TRIGGER bonuses_day_totals_insert AFTER INSERT ON bonuses BEGIN
    INSERT INTO day_totals_mark VALUES ('bonuses', substr(NEW.created_at, 1, 10));
END;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE TRIGGER bonuses_day_totals_update AFTER UPDATE OF created_at, usd_amount ON bonuses BEGIN
    INSERT INTO day_totals_mark VALUES ('bonuses', substr(OLD.created_at, 1, 10)), ('bonuses', substr(NEW.created_at, 1, 10));
END;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE TRIGGER bonuses_day_totals_delete AFTER DELETE ON bonuses BEGIN
    INSERT INTO day_totals_mark VALUES ('bonuses', substr(OLD.created_at, 1, 10));
END;
-- +goose StatementEnd

-- +goose Down
DROP TRIGGER bonuses_day_totals_delete;
DROP TRIGGER bonuses_day_totals_update;
DROP TRIGGER bonuses_day_totals_insert;
DROP TRIGGER users_day_totals_delete;
DROP TRIGGER users_day_totals_update;
DROP TRIGGER users_day_totals_insert;
DELETE FROM day_totals WHERE series IN ('users', 'bonuses');
DELETE FROM day_totals_stale WHERE series IN ('users', 'bonuses');
DELETE FROM day_totals_series WHERE series IN ('users', 'bonuses');
-- The triggers of transactions and exchanges keep the form they have here (they mark as 00011's did), with the view
-- they call; 00011's Down drops them all.

-- +goose Up
-- Per-day totals of closed days (internal/daytotals): a day is summed once when it closes and again only when a row
-- of it changes. The triggers mark such a day stale, whoever writes the row (this server or another service).
CREATE TABLE day_totals (
    series  TEXT    NOT NULL,
    day     TEXT    NOT NULL, -- YYYY-MM-DD, UTC
    grp     TEXT    NOT NULL, -- the group's columns joined by '|'; '' is the marker of a day summed again
    sums    TEXT    NOT NULL, -- the group's sums, exact decimals joined by '|'
    version INTEGER NOT NULL, -- the series' version that wrote the day
    PRIMARY KEY (series, day, grp)
);
CREATE INDEX day_totals_version_idx ON day_totals (series, version);

-- Every day before `through` is summed in day_totals.
CREATE TABLE day_totals_series (
    series  TEXT    PRIMARY KEY,
    through TEXT    NOT NULL,
    version INTEGER NOT NULL
);

-- Days to sum again: `marks` grows with each change, so a change made while a day is summed again keeps it stale.
CREATE TABLE day_totals_stale (
    series TEXT    NOT NULL,
    day    TEXT    NOT NULL,
    marks  INTEGER NOT NULL,
    PRIMARY KEY (series, day)
);

-- Once a series is kept (its row in day_totals_series), a changed row marks its day (before and after the change)
-- when that day is summed already or is over: the second test covers a row written just after midnight for the day
-- before, while that day is being summed. Before that (a bulk load into a new database), nothing is marked.
-- +goose StatementBegin
CREATE TRIGGER transactions_day_totals_insert AFTER INSERT ON transactions BEGIN
    INSERT INTO day_totals_stale (series, day, marks)
        SELECT 'tx', d, 1 FROM (SELECT substr(NEW.created_at, 1, 10) AS d)
        WHERE EXISTS (SELECT 1 FROM day_totals_series WHERE series = 'tx' AND (d < through OR d < date('now')))
        ON CONFLICT (series, day) DO UPDATE SET marks = marks + 1;
END;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE TRIGGER transactions_day_totals_update AFTER UPDATE OF created_at, status, amount, commission, coin_id, type, network
ON transactions BEGIN
    INSERT INTO day_totals_stale (series, day, marks)
        SELECT 'tx', d, 1 FROM (SELECT substr(OLD.created_at, 1, 10) AS d UNION SELECT substr(NEW.created_at, 1, 10))
        WHERE EXISTS (SELECT 1 FROM day_totals_series WHERE series = 'tx' AND (d < through OR d < date('now')))
        ON CONFLICT (series, day) DO UPDATE SET marks = marks + 1;
END;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE TRIGGER transactions_day_totals_delete AFTER DELETE ON transactions BEGIN
    INSERT INTO day_totals_stale (series, day, marks)
        SELECT 'tx', d, 1 FROM (SELECT substr(OLD.created_at, 1, 10) AS d)
        WHERE EXISTS (SELECT 1 FROM day_totals_series WHERE series = 'tx' AND (d < through OR d < date('now')))
        ON CONFLICT (series, day) DO UPDATE SET marks = marks + 1;
END;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE TRIGGER exchanges_day_totals_insert AFTER INSERT ON exchanges BEGIN
    INSERT INTO day_totals_stale (series, day, marks)
        SELECT 'exchange', d, 1 FROM (SELECT substr(NEW.created_at, 1, 10) AS d)
        WHERE EXISTS (SELECT 1 FROM day_totals_series WHERE series = 'exchange' AND (d < through OR d < date('now')))
        ON CONFLICT (series, day) DO UPDATE SET marks = marks + 1;
END;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE TRIGGER exchanges_day_totals_update AFTER UPDATE OF created_at, fee, from_coin_id
ON exchanges BEGIN
    INSERT INTO day_totals_stale (series, day, marks)
        SELECT 'exchange', d, 1 FROM (SELECT substr(OLD.created_at, 1, 10) AS d UNION SELECT substr(NEW.created_at, 1, 10))
        WHERE EXISTS (SELECT 1 FROM day_totals_series WHERE series = 'exchange' AND (d < through OR d < date('now')))
        ON CONFLICT (series, day) DO UPDATE SET marks = marks + 1;
END;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE TRIGGER exchanges_day_totals_delete AFTER DELETE ON exchanges BEGIN
    INSERT INTO day_totals_stale (series, day, marks)
        SELECT 'exchange', d, 1 FROM (SELECT substr(OLD.created_at, 1, 10) AS d)
        WHERE EXISTS (SELECT 1 FROM day_totals_series WHERE series = 'exchange' AND (d < through OR d < date('now')))
        ON CONFLICT (series, day) DO UPDATE SET marks = marks + 1;
END;
-- +goose StatementEnd

-- +goose Down
DROP TRIGGER exchanges_day_totals_delete;
DROP TRIGGER exchanges_day_totals_update;
DROP TRIGGER exchanges_day_totals_insert;
DROP TRIGGER transactions_day_totals_delete;
DROP TRIGGER transactions_day_totals_update;
DROP TRIGGER transactions_day_totals_insert;
DROP VIEW IF EXISTS day_totals_mark; -- made by 00012, which its triggers above call
DROP TABLE day_totals_stale;
DROP TABLE day_totals_series;
DROP TABLE day_totals;

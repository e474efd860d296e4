-- +goose Up
-- Per-day totals of closed days (internal/daytotals): a day is summed once when it closes and again only when a row
-- of it changes. The triggers mark such a day stale, whoever writes the row (this server or another service).
CREATE TABLE day_totals (
    series  TEXT   NOT NULL,
    day     TEXT   NOT NULL, -- YYYY-MM-DD, UTC
    grp     TEXT   NOT NULL, -- the group's columns joined by '|'; '' is the marker of a day summed again
    sums    TEXT   NOT NULL, -- the group's sums, exact decimals joined by '|'
    version BIGINT NOT NULL, -- the series' version that wrote the day
    PRIMARY KEY (series, day, grp)
);
CREATE INDEX day_totals_version_idx ON day_totals (series, version);

-- Every day before `through` is summed in day_totals.
CREATE TABLE day_totals_series (
    series  TEXT   PRIMARY KEY,
    through TEXT   NOT NULL,
    version BIGINT NOT NULL
);

-- Days to sum again: `marks` grows with each change, so a change made while a day is summed again keeps it stale.
CREATE TABLE day_totals_stale (
    series TEXT   NOT NULL,
    day    TEXT   NOT NULL,
    marks  BIGINT NOT NULL,
    PRIMARY KEY (series, day)
);

-- Once a series is kept (its row in day_totals_series), a changed row marks its day (before and after the change)
-- when that day is summed already or is over: the second test covers a row written just after midnight for the day
-- before, while that day is being summed. Before that (a bulk load into a new database), nothing is marked.
-- +goose StatementBegin
CREATE FUNCTION day_totals_mark(s TEXT, VARIADIC stamps TIMESTAMPTZ[]) RETURNS void AS $$
    INSERT INTO day_totals_stale (series, day, marks)
    SELECT DISTINCT s, d, 1 FROM (SELECT to_char(t AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS d FROM unnest(stamps) t) days
    WHERE EXISTS (SELECT 1 FROM day_totals_series
        WHERE series = s AND (d < through OR d < to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD')))
    ON CONFLICT (series, day) DO UPDATE SET marks = day_totals_stale.marks + 1;
$$ LANGUAGE sql;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE FUNCTION day_totals_changed() RETURNS trigger AS $$
BEGIN
    IF TG_OP = 'INSERT' THEN
        PERFORM day_totals_mark(TG_ARGV[0], NEW.created_at);
    ELSIF TG_OP = 'DELETE' THEN
        PERFORM day_totals_mark(TG_ARGV[0], OLD.created_at);
    ELSE
        PERFORM day_totals_mark(TG_ARGV[0], OLD.created_at, NEW.created_at);
    END IF;
    RETURN NULL;
END
$$ LANGUAGE plpgsql;
-- +goose StatementEnd
CREATE TRIGGER transactions_day_totals
    AFTER INSERT OR DELETE OR UPDATE OF created_at, status, amount, commission, coin_id, type, network ON transactions
    FOR EACH ROW EXECUTE FUNCTION day_totals_changed('tx');
CREATE TRIGGER exchanges_day_totals
    AFTER INSERT OR DELETE OR UPDATE OF created_at, fee, from_coin_id ON exchanges
    FOR EACH ROW EXECUTE FUNCTION day_totals_changed('exchange');

-- +goose Down
DROP TRIGGER exchanges_day_totals ON exchanges;
DROP TRIGGER transactions_day_totals ON transactions;
DROP FUNCTION day_totals_changed();
DROP FUNCTION day_totals_mark(TEXT, TIMESTAMPTZ[]);
DROP TABLE day_totals_stale;
DROP TABLE day_totals_series;
DROP TABLE day_totals;

-- +goose Up
-- The day_totals triggers of 00011 and 00012 ran once per row; a batch of the core's events writes thousands of rows
-- in one statement. These run once per statement over its transition tables, and mark each day it touched once.
-- PostgreSQL allows no column list on a trigger with transition tables, so an update compares the summed columns
-- of each row before and after, and marks the days of the rows where they differ.
-- Arguments: the series, the columns whose day is marked, the columns summed (both comma-separated).
-- +goose StatementBegin
CREATE FUNCTION day_totals_written() RETURNS trigger AS $$
DECLARE
    stamps TEXT[] := string_to_array(TG_ARGV[1], ',');
    summed TEXT[] := string_to_array(TG_ARGV[2], ',');
    days   TIMESTAMPTZ[];
BEGIN
    IF TG_OP = 'UPDATE' THEN
        EXECUTE format('SELECT ARRAY(SELECT DISTINCT t FROM old_rows o JOIN new_rows n ON n.id = o.id,
                LATERAL unnest(ARRAY[%s, %s]) t WHERE (%s, NULL) IS DISTINCT FROM (%s, NULL))',
            (SELECT string_agg('o.' || quote_ident(c), ', ') FROM unnest(stamps) c),
            (SELECT string_agg('n.' || quote_ident(c), ', ') FROM unnest(stamps) c),
            (SELECT string_agg('o.' || quote_ident(c), ', ') FROM unnest(summed) c),
            (SELECT string_agg('n.' || quote_ident(c), ', ') FROM unnest(summed) c)) INTO days;
    ELSE
        EXECUTE format('SELECT ARRAY(SELECT DISTINCT t FROM %I r, LATERAL unnest(ARRAY[%s]) t)',
            CASE TG_OP WHEN 'INSERT' THEN 'new_rows' ELSE 'old_rows' END,
            (SELECT string_agg('r.' || quote_ident(c), ', ') FROM unnest(stamps) c)) INTO days;
    END IF;
    IF cardinality(days) > 0 THEN
        PERFORM day_totals_mark(TG_ARGV[0], VARIADIC days);
    END IF;
    RETURN NULL;
END
$$ LANGUAGE plpgsql;
-- +goose StatementEnd
DROP TRIGGER transactions_day_totals ON transactions;
DROP TRIGGER exchanges_day_totals ON exchanges;
DROP TRIGGER users_day_totals ON users;
DROP TRIGGER bonuses_day_totals ON bonuses;
DROP FUNCTION day_totals_users_changed();
DROP FUNCTION day_totals_changed();

CREATE TRIGGER transactions_day_totals_insert AFTER INSERT ON transactions REFERENCING NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION day_totals_written('tx', 'created_at', 'created_at,status,amount,commission,coin_id,type,network');
CREATE TRIGGER transactions_day_totals_update AFTER UPDATE ON transactions REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION day_totals_written('tx', 'created_at', 'created_at,status,amount,commission,coin_id,type,network');
CREATE TRIGGER transactions_day_totals_delete AFTER DELETE ON transactions REFERENCING OLD TABLE AS old_rows
    FOR EACH STATEMENT EXECUTE FUNCTION day_totals_written('tx', 'created_at', '');

CREATE TRIGGER exchanges_day_totals_insert AFTER INSERT ON exchanges REFERENCING NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION day_totals_written('exchange', 'created_at', '');
CREATE TRIGGER exchanges_day_totals_update AFTER UPDATE ON exchanges REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION day_totals_written('exchange', 'created_at', 'created_at,fee,from_coin_id');
CREATE TRIGGER exchanges_day_totals_delete AFTER DELETE ON exchanges REFERENCING OLD TABLE AS old_rows
    FOR EACH STATEMENT EXECUTE FUNCTION day_totals_written('exchange', 'created_at', '');

CREATE TRIGGER users_day_totals_insert AFTER INSERT ON users REFERENCING NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION day_totals_written('users', 'created_at,verified_at', '');
CREATE TRIGGER users_day_totals_update AFTER UPDATE ON users REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION day_totals_written('users', 'created_at,verified_at', 'created_at,verified_at,email_verified');
CREATE TRIGGER users_day_totals_delete AFTER DELETE ON users REFERENCING OLD TABLE AS old_rows
    FOR EACH STATEMENT EXECUTE FUNCTION day_totals_written('users', 'created_at,verified_at', '');

CREATE TRIGGER bonuses_day_totals_insert AFTER INSERT ON bonuses REFERENCING NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION day_totals_written('bonuses', 'created_at', '');
CREATE TRIGGER bonuses_day_totals_update AFTER UPDATE ON bonuses REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION day_totals_written('bonuses', 'created_at', 'created_at,usd_amount');
CREATE TRIGGER bonuses_day_totals_delete AFTER DELETE ON bonuses REFERENCING OLD TABLE AS old_rows
    FOR EACH STATEMENT EXECUTE FUNCTION day_totals_written('bonuses', 'created_at', '');

-- +goose Down
DROP TRIGGER bonuses_day_totals_delete ON bonuses;
DROP TRIGGER bonuses_day_totals_update ON bonuses;
DROP TRIGGER bonuses_day_totals_insert ON bonuses;
DROP TRIGGER users_day_totals_delete ON users;
DROP TRIGGER users_day_totals_update ON users;
DROP TRIGGER users_day_totals_insert ON users;
DROP TRIGGER exchanges_day_totals_delete ON exchanges;
DROP TRIGGER exchanges_day_totals_update ON exchanges;
DROP TRIGGER exchanges_day_totals_insert ON exchanges;
DROP TRIGGER transactions_day_totals_delete ON transactions;
DROP TRIGGER transactions_day_totals_update ON transactions;
DROP TRIGGER transactions_day_totals_insert ON transactions;
DROP FUNCTION day_totals_written();
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
-- +goose StatementBegin
CREATE FUNCTION day_totals_users_changed() RETURNS trigger AS $$
BEGIN
    IF TG_OP = 'INSERT' THEN
        PERFORM day_totals_mark('users', NEW.created_at, NEW.verified_at);
    ELSIF TG_OP = 'DELETE' THEN
        PERFORM day_totals_mark('users', OLD.created_at, OLD.verified_at);
    ELSE
        PERFORM day_totals_mark('users', OLD.created_at, OLD.verified_at, NEW.created_at, NEW.verified_at);
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
CREATE TRIGGER users_day_totals
    AFTER INSERT OR DELETE OR UPDATE OF created_at, verified_at, email_verified ON users
    FOR EACH ROW EXECUTE FUNCTION day_totals_users_changed();
CREATE TRIGGER bonuses_day_totals
    AFTER INSERT OR DELETE OR UPDATE OF created_at, usd_amount ON bonuses
    FOR EACH ROW EXECUTE FUNCTION day_totals_changed('bonuses');

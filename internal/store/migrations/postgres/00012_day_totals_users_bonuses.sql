-- +goose Up
-- Registrations, email verifications and bonuses per day are kept like transactions and exchanges (00011), so that
-- no figure of the dashboard sums the whole history. day_totals_mark leaves out a NULL day (a user's verified_at
-- before verification).
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
CREATE TRIGGER users_day_totals
    AFTER INSERT OR DELETE OR UPDATE OF created_at, verified_at, email_verified ON users
    FOR EACH ROW EXECUTE FUNCTION day_totals_users_changed();
CREATE TRIGGER bonuses_day_totals
    AFTER INSERT OR DELETE OR UPDATE OF created_at, usd_amount ON bonuses
    FOR EACH ROW EXECUTE FUNCTION day_totals_changed('bonuses');

-- +goose Down
DROP TRIGGER bonuses_day_totals ON bonuses;
DROP TRIGGER users_day_totals ON users;
DROP FUNCTION day_totals_users_changed();
DELETE FROM day_totals WHERE series IN ('users', 'bonuses');
DELETE FROM day_totals_stale WHERE series IN ('users', 'bonuses');
DELETE FROM day_totals_series WHERE series IN ('users', 'bonuses');

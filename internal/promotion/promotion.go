// Package promotion holds the referral promotion: bonuses for inviter and
// invited user, the minimum list, the waiting time and the running window.
package promotion

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"github.com/shopspring/decimal"

	"xapa/backoffice/internal/apperr"
	"xapa/backoffice/internal/audit"
	"xapa/backoffice/internal/commands"
	"xapa/backoffice/internal/money"
	"xapa/backoffice/internal/store"
	"xapa/backoffice/internal/utc"
)

// Service serves the referral promotion from the database.
type Service struct{ db *store.DB }

// New returns the service over db.
func New(db *store.DB) *Service { return &Service{db: db} }

// CoinRef is a coin with the rate that converts USD amounts into it.
type CoinRef struct {
	ID               int64           `json:"id"`
	Name             string          `json:"name"`
	Symbol           string          `json:"symbol"`
	Icon             string          `json:"icon"`
	FiatExchangeRate decimal.Decimal `json:"fiatExchangeRate"`
}

// Bonus is one side's bonus; amounts are USD, coin amounts derived.
type Bonus struct {
	Coin        CoinRef         `json:"coin"`
	Amount      decimal.Decimal `json:"amount"`  // the promotion amount
	Default     decimal.Decimal `json:"default"` // the amount outside the promotion
	Network     string          `json:"network"`
	CoinAmount  string          `json:"coin_amount"`  // 7 decimals
	CoinDefault string          `json:"coin_default"` // 7 decimals
}

// Minimum is one entry of the minimum bonus list.
type Minimum struct {
	Coin       CoinRef         `json:"coin"`
	Main       decimal.Decimal `json:"main"`        // USD
	CoinAmount string          `json:"coin_amount"` // 5 decimals
}

// Settings is the reply of GET /api/admin/promotion.
type Settings struct {
	Enabled struct {
		IsEnabled bool `json:"isEnabled"`
	} `json:"enabled"`
	Range struct {
		StartDate string `json:"start_date"`
		EndDate   string `json:"end_date"`
	} `json:"range"`
	InvitationBonus struct {
		InvitedBonus Bonus     `json:"invited_bonus"`
		InviterBonus Bonus     `json:"inviter_bonus"`
		Minimum      []Minimum `json:"minimum"`
	} `json:"invitation_bonus"`
	WaitingTime struct {
		Days int `json:"days"`
	} `json:"waiting_time"`
	Timer struct {
		TotalDuration int64 `json:"totalDuration"` // milliseconds left; 0 when off
		IsStart       bool  `json:"isStart"`
	} `json:"timer"`
	// Core is where the last save stands at the exchange core (absent: none sent).
	Core *commands.Status `json:"core,omitempty"`
}

// Get reads the promotion as of now: it is off once its end has passed.
func (s *Service) Get(ctx context.Context, now time.Time) (Settings, error) {
	var out Settings
	var stored bool
	var start, end time.Time
	var inviter, invited Bonus
	var inviterCoin, invitedCoin int64
	err := s.db.QueryRowContext(ctx, `SELECT is_enabled, start_date, end_date, inviter_coin_id, inviter_amount, inviter_default,
		invited_coin_id, invited_amount, invited_default, network, waiting_days FROM promotion_settings WHERE id = 1`).Scan(
		&stored, &start, &end, &inviterCoin, &inviter.Amount, &inviter.Default, &invitedCoin, &invited.Amount,
		&invited.Default, &inviter.Network, &out.WaitingTime.Days)
	if errors.Is(err, sql.ErrNoRows) {
		return out, &apperr.NotFound{What: "Promotion settings"}
	}
	if err != nil {
		return out, err
	}
	invited.Network = inviter.Network
	coins, err := coinRefs(ctx, s.db)
	if err != nil {
		return out, err
	}
	inviter.Coin, invited.Coin = coins[inviterCoin], coins[invitedCoin]
	for _, b := range []*Bonus{&inviter, &invited} {
		b.CoinAmount, b.CoinDefault = inCoin(b.Amount, b.Coin, 7), inCoin(b.Default, b.Coin, 7)
	}
	out.InvitationBonus.InviterBonus, out.InvitationBonus.InvitedBonus = inviter, invited
	rows, err := s.db.QueryContext(ctx, `SELECT coin_id, amount FROM promotion_minimums ORDER BY position, id`)
	if err != nil {
		return out, err
	}
	defer rows.Close()
	out.InvitationBonus.Minimum = []Minimum{}
	for rows.Next() {
		var m Minimum
		var coin int64
		if err := rows.Scan(&coin, &m.Main); err != nil {
			return out, err
		}
		m.Coin = coins[coin]
		m.CoinAmount = inCoin(m.Main, m.Coin, 5)
		out.InvitationBonus.Minimum = append(out.InvitationBonus.Minimum, m)
	}
	if err := rows.Err(); err != nil {
		return out, err
	}
	left := end.Sub(now)
	running := stored && left > 0 && !now.Before(start)
	out.Enabled.IsEnabled = stored && left > 0
	out.Range.StartDate, out.Range.EndDate = utc.Stamp(start), utc.Stamp(end)
	if out.Enabled.IsEnabled {
		out.Timer.TotalDuration = left.Milliseconds()
	}
	out.Timer.IsStart = running
	last, err := commands.Last(ctx, s.db, commands.Promotion{}.Entity())
	if st, ok := last[commands.Promotion{}.Entity()]; ok {
		out.Core = &st
	}
	return out, err
}

// BonusInput is one side's bonus in a save.
type BonusInput struct {
	Coin    int64           `json:"coin"`
	Amount  decimal.Decimal `json:"amount"`
	Default decimal.Decimal `json:"default"`
	Network string          `json:"network"`
}

// Input is the payload of POST /api/admin/promotion; dates YYYY-MM-DD HH:mm:ss UTC.
type Input struct {
	IsEnabled bool `json:"isEnabled"`
	Minimum   []struct {
		Coin int64           `json:"coin"`
		Main decimal.Decimal `json:"main"`
	} `json:"minimum"`
	InvitedBonus BonusInput `json:"invited_bonus"`
	InviterBonus BonusInput `json:"inviter_bonus"`
	WaitingTime  struct {
		Days int `json:"days"`
	} `json:"waiting_time"`
	Range struct {
		StartDate string `json:"start_date"`
		EndDate   string `json:"end_date"`
	} `json:"range"`
}

// MaxWaitingDays bounds the waiting time (ten years); maxMinimums the
// minimum list (one entry per coin at most).
const (
	MaxWaitingDays = 3650
	maxMinimums    = 1000
)

// Save replaces the promotion, all at once.
func (s *Service) Save(ctx context.Context, actor audit.Actor, in Input) error {
	start, end, err := in.dates()
	if err != nil {
		return err
	}
	coins, err := coinRefs(ctx, s.db)
	if err != nil {
		return err
	}
	if err := in.checkBonuses(coins); err != nil {
		return err
	}
	if err := in.checkMinimums(coins); err != nil {
		return err
	}
	return s.db.Tx(ctx, func(tx *sql.Tx) error { return in.write(ctx, tx, actor, start, end) })
}

// dates reads the promotion's range and checks its waiting time.
func (in *Input) dates() (start, end time.Time, err error) {
	if start, err = parseDate(in.Range.StartDate); err != nil {
		return start, end, apperr.Fieldf("range.start_date", "The start must be a date as YYYY-MM-DD HH:mm:ss.")
	}
	if end, err = parseDate(in.Range.EndDate); err != nil {
		return start, end, apperr.Fieldf("range.end_date", "The end must be a date as YYYY-MM-DD HH:mm:ss.")
	}
	if end.Before(start) {
		return start, end, apperr.Fieldf("range.end_date", "The end cannot be before the start.")
	}
	if in.WaitingTime.Days < 0 || in.WaitingTime.Days > MaxWaitingDays {
		return start, end, apperr.Fieldf("waiting_time.days", "The waiting time must be from 0 to %d days.", MaxWaitingDays)
	}
	return start, end, nil
}

// checkBonuses checks the two bonuses and puts their amounts in canonical form.
func (in *Input) checkBonuses(coins map[int64]CoinRef) error {
	for name, b := range map[string]*BonusInput{"invited_bonus": &in.InvitedBonus, "inviter_bonus": &in.InviterBonus} {
		switch {
		case coins[b.Coin].ID == 0:
			return apperr.Fieldf(name+".coin", "Choose the bonus coin.")
		case !coins[b.Coin].FiatExchangeRate.IsPositive():
			return apperr.Fieldf(name+".coin", "The coin %s has no USD rate yet.", coins[b.Coin].Symbol)
		case b.Amount.IsNegative() || b.Default.IsNegative():
			return apperr.Fieldf(name+".amount", "Amounts cannot be negative.")
		case b.Amount.IsPositive() && b.Default.IsPositive():
			return apperr.Fieldf(name+".default", "Give either a promotion amount or a default amount, not both.")
		}
		var err error
		if b.Amount, err = money.Amount(b.Amount); err != nil {
			return apperr.Fieldf(name+".amount", "The amount: %s.", err.Error())
		}
		if b.Default, err = money.Amount(b.Default); err != nil {
			return apperr.Fieldf(name+".default", "The default amount: %s.", err.Error())
		}
		if b.Network == "" {
			b.Network = "main"
		}
		if b.Network != "main" {
			return apperr.Fieldf(name+".network", "The promotion pays on the main network.")
		}
	}
	return nil
}

// checkMinimums checks the minimum list (one entry per coin) and puts its
// amounts in canonical form.
func (in *Input) checkMinimums(coins map[int64]CoinRef) error {
	if in.IsEnabled && len(in.Minimum) == 0 {
		return apperr.Fieldf("minimum", "Add at least one minimum bonus.")
	}
	if len(in.Minimum) > maxMinimums {
		return apperr.Fieldf("minimum", "The minimum list has at most %d entries.", maxMinimums)
	}
	seen := map[int64]bool{}
	for i := range in.Minimum {
		m := &in.Minimum[i]
		switch {
		case coins[m.Coin].ID == 0:
			return apperr.Fieldf("minimum", "Unknown coin in the minimum list.")
		case !coins[m.Coin].FiatExchangeRate.IsPositive():
			return apperr.Fieldf("minimum", "The coin %s has no USD rate yet.", coins[m.Coin].Symbol)
		case seen[m.Coin]:
			return apperr.Fieldf("minimum", "The coin %s is in the minimum list twice.", coins[m.Coin].Symbol)
		case !m.Main.IsPositive():
			return apperr.Fieldf("minimum", "Each minimum needs an amount above 0.")
		}
		var err error
		if m.Main, err = money.Amount(m.Main); err != nil {
			return apperr.Fieldf("minimum", "A minimum amount: %s.", err.Error())
		}
		seen[m.Coin] = true
	}
	return nil
}

// write stores the checked promotion and its audit row in tx.
func (in *Input) write(ctx context.Context, tx *sql.Tx, actor audit.Actor, start, end time.Time) error {
	before, err := stored(ctx, tx)
	if err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, `INSERT INTO promotion_settings (id, is_enabled, start_date, end_date, inviter_coin_id,
		inviter_amount, inviter_default, invited_coin_id, invited_amount, invited_default, network, waiting_days,
		total_duration_ms, updated_at, updated_by) VALUES (1, $1, $2, $3, $4, $5, $6, $7, $8, $9, 'main', $10, $11, $12, $13)
		ON CONFLICT (id) DO UPDATE SET is_enabled = excluded.is_enabled, start_date = excluded.start_date,
		end_date = excluded.end_date, inviter_coin_id = excluded.inviter_coin_id, inviter_amount = excluded.inviter_amount,
		inviter_default = excluded.inviter_default, invited_coin_id = excluded.invited_coin_id,
		invited_amount = excluded.invited_amount, invited_default = excluded.invited_default,
		waiting_days = excluded.waiting_days, total_duration_ms = excluded.total_duration_ms,
		updated_at = excluded.updated_at, updated_by = excluded.updated_by`,
		in.IsEnabled, start, end, in.InviterBonus.Coin, in.InviterBonus.Amount, in.InviterBonus.Default,
		in.InvitedBonus.Coin, in.InvitedBonus.Amount, in.InvitedBonus.Default, in.WaitingTime.Days,
		end.Sub(start).Milliseconds(), store.Now(), actor.ID); err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, `DELETE FROM promotion_minimums`); err != nil {
		return err
	}
	for i, m := range in.Minimum {
		if _, err := tx.ExecContext(ctx, `INSERT INTO promotion_minimums (coin_id, amount, position) VALUES ($1, $2, $3)`,
			m.Coin, m.Main, i+1); err != nil {
			return err
		}
	}
	if err := actor.Record(ctx, tx, "promotion.update", "promotion", map[string]any{"before": before, "after": in.details()}); err != nil {
		return err
	}
	return in.tellCore(ctx, tx, start, end)
}

// details is the promotion as its audit entry and its approval request show it.
func (in *Input) details() map[string]any {
	return map[string]any{"isEnabled": in.IsEnabled, "start": in.Range.StartDate, "end": in.Range.EndDate,
		"waitingDays": in.WaitingTime.Days, "inviter": in.InviterBonus, "invited": in.InvitedBonus, "minimum": in.Minimum}
}

// stored is the saved promotion as an Input's details, nil before the first
// save: the "before" of a change, so its request shows what it changes.
func stored(ctx context.Context, tx *sql.Tx) (map[string]any, error) {
	var in Input
	var start, end time.Time
	err := tx.QueryRowContext(ctx, `SELECT is_enabled, start_date, end_date, inviter_coin_id, inviter_amount, inviter_default,
		invited_coin_id, invited_amount, invited_default, network, waiting_days FROM promotion_settings WHERE id = 1`).Scan(
		&in.IsEnabled, &start, &end, &in.InviterBonus.Coin, &in.InviterBonus.Amount, &in.InviterBonus.Default,
		&in.InvitedBonus.Coin, &in.InvitedBonus.Amount, &in.InvitedBonus.Default, &in.InviterBonus.Network, &in.WaitingTime.Days)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	in.InvitedBonus.Network = in.InviterBonus.Network
	// As a save writes them (money.Amount), so a field kept as it was reads the same before and after.
	for _, d := range []*decimal.Decimal{&in.InviterBonus.Amount, &in.InviterBonus.Default, &in.InvitedBonus.Amount, &in.InvitedBonus.Default} {
		*d, _ = money.Amount(*d)
	}
	in.Range.StartDate, in.Range.EndDate = start.UTC().Format(time.DateTime), end.UTC().Format(time.DateTime)
	rows, err := tx.QueryContext(ctx, `SELECT coin_id, amount FROM promotion_minimums ORDER BY position, id`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	for rows.Next() {
		var m struct {
			Coin int64           `json:"coin"`
			Main decimal.Decimal `json:"main"`
		}
		if err := rows.Scan(&m.Coin, &m.Main); err != nil {
			return nil, err
		}
		m.Main, _ = money.Amount(m.Main)
		in.Minimum = append(in.Minimum, m)
	}
	return in.details(), rows.Err()
}

// tellCore writes the command that gives the core the promotion as saved:
// the core pays the bonuses.
func (in *Input) tellCore(ctx context.Context, tx *sql.Tx, start, end time.Time) error {
	names, err := commands.CoinNames(ctx, tx)
	if err != nil {
		return err
	}
	bonus := func(b BonusInput) commands.PromotionBonus {
		return commands.PromotionBonus{Coin: names[b.Coin], USDAmount: b.Amount.String(), USDDefault: b.Default.String()}
	}
	c := commands.Promotion{Enabled: in.IsEnabled, Start: start.UTC(), End: end.UTC(), WaitingDays: in.WaitingTime.Days,
		Inviter: bonus(in.InviterBonus), Invited: bonus(in.InvitedBonus), Minimums: []commands.PromotionFloor{}}
	for _, m := range in.Minimum {
		c.Minimums = append(c.Minimums, commands.PromotionFloor{Coin: names[m.Coin], Amount: m.Main.String()})
	}
	_, err = commands.Write(ctx, tx, c)
	return err
}

func coinRefs(ctx context.Context, db *store.DB) (map[int64]CoinRef, error) {
	rows, err := db.QueryContext(ctx, `SELECT id, name, symbol, icon, fiat_rate FROM coins`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := map[int64]CoinRef{}
	for rows.Next() {
		var c CoinRef
		if err := rows.Scan(&c.ID, &c.Name, &c.Symbol, &c.Icon, &c.FiatExchangeRate); err != nil {
			return nil, err
		}
		out[c.ID] = c
	}
	return out, rows.Err()
}

// inCoin converts a USD amount into coin units at the coin's rate.
func inCoin(usd decimal.Decimal, c CoinRef, places int32) string {
	if !c.FiatExchangeRate.IsPositive() {
		return decimal.Zero.StringFixed(places)
	}
	return usd.DivRound(c.FiatExchangeRate, places+2).StringFixed(places)
}

// parseDate reads YYYY-MM-DD HH:mm:ss as UTC, exactly (time.Parse would
// also take fractional seconds).
func parseDate(s string) (time.Time, error) {
	t, err := time.ParseInLocation(time.DateTime, s, time.UTC)
	if err == nil && t.Format(time.DateTime) != s {
		err = errors.New("not YYYY-MM-DD HH:mm:ss")
	}
	return t, err
}

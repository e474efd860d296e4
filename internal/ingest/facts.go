package ingest

import (
	"errors"
	"time"

	"xapa/backoffice/internal/commands"
)

// Events of what never changes (exchanges, bonuses) and of values where the
// newest wins (the company's wallets, rates, candles, the black list).

func applyExchange(b *batch, x *Exchange) (string, error) {
	if m, err := b.lookup("exchange", x.ID); err != nil || m.known {
		return "", err // known: it never changes
	}
	user, err := b.need("customer", x.CustomerID)
	if err != nil {
		return "", err
	}
	from, fromCoin, err := b.customersWallet(x.FromWalletID, user, "from_wallet_id")
	if err != nil {
		return "", err
	}
	to, toCoin, err := b.customersWallet(x.ToWalletID, user, "to_wallet_id")
	if err != nil {
		return "", err
	}
	var id int64
	if err := b.tx.QueryRowContext(b.ctx, `INSERT INTO exchanges (user_id, from_wallet_id, to_wallet_id, from_coin_id, to_coin_id,
		exchange_rate, from_amount, to_amount, fee, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING id`,
		user, from, to, fromCoin, toCoin, amount(x.Rate), amount(x.FromAmount), amount(x.ToAmount), amount(x.Fee),
		x.CreatedAt.UTC()).Scan(&id); err != nil {
		return "", err
	}
	return b.remember("exchange", x.ID, id, 1)
}

// customersWallet is our id and coin of the core's wallet, which must be
// user's (field names it in the refusal).
func (b *batch) customersWallet(coreID string, user int64, field string) (int64, int64, error) {
	id, err := b.need("wallet", coreID)
	if err != nil {
		return 0, 0, err
	}
	w, ok := b.wallets[id]
	if !ok {
		if err := b.tx.QueryRowContext(b.ctx, `SELECT user_id, coin_id FROM wallets WHERE id = $1`, id).Scan(&w.owner, &w.coin); err != nil {
			return 0, 0, err
		}
		b.wallets[id] = w
	}
	owner, coin := w.owner, w.coin
	if owner != user {
		return 0, 0, reject("data/%s: wallet %q is another customer's", field, coreID)
	}
	return id, coin, nil
}

func applyBonus(b *batch, x *Bonus) (string, error) {
	if m, err := b.lookup("bonus", x.ID); err != nil || m.known {
		return "", err // known: it never changes
	}
	user, err := b.need("customer", x.CustomerID)
	if err != nil {
		return "", err
	}
	invited, err := b.need("customer", x.InvitedCustomerID)
	if err != nil {
		return "", err
	}
	wallet, coin, err := b.customersWallet(x.WalletID, user, "wallet_id")
	if err != nil {
		return "", err
	}
	var id int64
	if err := b.tx.QueryRowContext(b.ctx, `INSERT INTO bonuses (user_id, invited_user_id, wallet_id, coin_id, kind, amount,
		usd_amount, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`, user, invited, wallet, coin, x.Kind,
		amount(x.Amount), amount(x.USDAmount), x.CreatedAt.UTC()).Scan(&id); err != nil {
		return "", err
	}
	return b.remember("bonus", x.ID, id, 1)
}

// newest reports whether a value of kind:key stamped at is newer than the one
// applied (its version is the time in microseconds).
func (b *batch) newest(kind, key string, at time.Time) (bool, error) {
	m, err := b.lookup(kind, key)
	return err == nil && (!m.known || at.UnixMicro() > m.version), err
}

func applyCompanyWallet(b *batch, w *CompanyWallet) (string, error) {
	if ok, err := b.newest("company_wallet", w.Coin, w.At); !ok {
		return "", err
	}
	coin, _, err := b.coin(w.Coin)
	if err != nil {
		return "", err
	}
	if _, err := b.tx.ExecContext(b.ctx, `INSERT INTO company_wallets (coin_id, address, balance, network_fee, updated_at)
		VALUES ($1, $2, $3, $4, $5) ON CONFLICT (coin_id) DO UPDATE SET address = excluded.address, balance = excluded.balance,
		network_fee = excluded.network_fee, updated_at = excluded.updated_at`, coin, w.Address, amount(w.Balance),
		amount(w.NetworkFee), w.At.UTC()); err != nil {
		return "", err
	}
	return b.remember("company_wallet", w.Coin, coin, w.At.UnixMicro())
}

func applyRate(b *batch, r *Rate) (string, error) {
	if ok, err := b.newest("rate", r.Coin, r.At); !ok {
		return "", err
	}
	coin, _, err := b.coin(r.Coin)
	if err != nil {
		return "", err
	}
	if _, err := b.tx.ExecContext(b.ctx, `UPDATE coins SET fiat_rate = $1, conversion_rate = $2, updated_at = $3 WHERE id = $4`,
		amount(r.FiatRate), amount(r.ConversionRate), b.now, coin); err != nil {
		return "", err
	}
	return b.remember("rate", r.Coin, coin, r.At.UnixMicro())
}

func applyCandle(b *batch, c *Candle) (string, error) {
	day, err := time.Parse(time.DateOnly, c.Day)
	if err != nil {
		return "", reject("data/day: %v", err)
	}
	key := c.Coin + "/" + c.Day
	if ok, err := b.newest("candle", key, c.At); !ok {
		return "", err
	}
	coin, _, err := b.coin(c.Coin)
	if err != nil {
		return "", err
	}
	if _, err := b.tx.ExecContext(b.ctx, `INSERT INTO market_candles (coin_id, day, open, high, low, close) VALUES ($1, $2, $3, $4, $5, $6)
		ON CONFLICT (coin_id, day) DO UPDATE SET open = excluded.open, high = excluded.high, low = excluded.low, close = excluded.close`,
		coin, day, amount(c.Open), amount(c.High), amount(c.Low), amount(c.Close)); err != nil {
		return "", err
	}
	return b.remember("candle", key, coin, c.At.UnixMicro())
}

func applyBlacklist(b *batch, l *Blacklist) (string, error) {
	at := b.current.Time
	if ok, err := b.newest("blacklist", l.MarketName, at); !ok {
		return "", err
	}
	var err error
	if l.Listed {
		_, err = b.tx.ExecContext(b.ctx, `INSERT INTO market_blacklist (market_name, created_at) VALUES ($1, $2)
			ON CONFLICT (market_name) DO NOTHING`, l.MarketName, at.UTC())
	} else {
		_, err = b.tx.ExecContext(b.ctx, `DELETE FROM market_blacklist WHERE market_name = $1`, l.MarketName)
	}
	if err != nil {
		return "", err
	}
	return b.remember("blacklist", l.MarketName, 0, at.UnixMicro())
}

// applyCommandResult settles a command: the change stops being pending at
// core. An answer to a command already answered changes nothing.
func applyCommandResult(b *batch, r *CommandResult) (string, error) {
	changed, err := commands.Answer(b.ctx, b.tx, r.CommandID, r.Status, r.Reason)
	switch {
	case errors.Is(err, commands.ErrUnknown):
		return "", reject("unknown command %q", r.CommandID)
	case err != nil:
		return "", err
	case !changed:
		return "", nil
	}
	return "command:" + r.CommandID, nil
}

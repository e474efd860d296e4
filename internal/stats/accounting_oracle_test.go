package stats_test

import (
	"context"
	"time"

	"github.com/shopspring/decimal"

	"xapa/backoffice/internal/money"
	"xapa/backoffice/internal/stats"
	"xapa/backoffice/internal/store"
)

// The accounting figures as plain SQL over every row: the oracle that the
// cached, per-day Service.Users and Service.Financial must agree with.

func plainUsers(ctx context.Context, db *store.DB, from, to time.Time) (stats.UserAccounting, error) {
	var a stats.UserAccounting
	d := db.Dialect
	var assets decimal.NullDecimal
	err := db.QueryRowContext(ctx, `SELECT
		(SELECT count(*) FROM users),
		(SELECT count(*) FROM users WHERE email_verified = TRUE),
		(SELECT count(*) FROM users WHERE created_at >= $1 AND created_at <= $2),
		(SELECT count(*) FROM users WHERE verified_at >= $1 AND verified_at <= $2 AND email_verified = TRUE)`, from, to).Scan(
		&a.TotalRegistered, &a.TotalVerified, &a.TotalRegistration, &a.TotalVerifiedLast)
	if err != nil {
		return a, err
	}
	if err := db.QueryRowContext(ctx, `SELECT `+d.Sum(d.Mul("w.balance", "c.fiat_rate"))+` FROM wallets w
		JOIN coins c ON c.id = w.coin_id JOIN users u ON u.id = w.user_id WHERE w.network = 'main' AND u.is_admin = FALSE`).Scan(&assets); err != nil {
		return a, err
	}
	a.TotalUsersAssets = money.USD(assets.Decimal)
	return a, nil
}

func plainFinancial(ctx context.Context, db *store.DB, from, to time.Time) (stats.FinancialAccounting, error) {
	var a stats.FinancialAccounting
	d := db.Dialect
	usdOf := d.Sum(d.Mul("w.balance", "c.fiat_rate"))
	var credit, company, bonusHeld, paid decimal.NullDecimal
	err := db.QueryRowContext(ctx, `SELECT
		(SELECT `+usdOf+` FROM wallets w JOIN coins c ON c.id = w.coin_id WHERE w.network = 'main'),
		(SELECT `+d.Sum(d.Mul("w.balance", "c.fiat_rate"))+` FROM company_wallets w JOIN coins c ON c.id = w.coin_id),
		(SELECT `+usdOf+` FROM wallets w JOIN coins c ON c.id = w.coin_id WHERE w.name = 'Bonus Wallet'),
		(SELECT count(DISTINCT user_id) FROM wallets WHERE name = 'Bonus Wallet'),
		(SELECT `+d.Sum("usd_amount")+` FROM bonuses WHERE created_at >= $1 AND created_at <= $2)`, from, to).Scan(
		&credit, &company, &bonusHeld, &a.AllocatedBonusWallets.Details.Users, &paid)
	if err != nil {
		return a, err
	}
	a.TotalCustomersCredit, a.TotalCurrentBalance = money.USD(credit.Decimal), money.USD(company.Decimal)
	a.AllocatedBonusWallets.Details.Bonuses, a.PaidBonuses = money.USD(bonusHeld.Decimal), money.USD(paid.Decimal)
	rows, err := db.QueryContext(ctx, `SELECT t.type, count(*), `+d.Sum(d.Mul("t.amount", "c.fiat_rate"))+`, `+
		d.Sum(d.Mul("t.commission", "c.fiat_rate"))+` FROM transactions t JOIN coins c ON c.id = t.coin_id
		WHERE t.network = 'main' AND t.status <> 'failed' AND t.created_at >= $1 AND t.created_at <= $2 GROUP BY t.type`, from, to)
	if err != nil {
		return a, err
	}
	defer rows.Close()
	a.TotalIncome.USDBalance, a.TotalOutcome.USDBalance, a.TotalRevenueEarnedBySend = "0.00", "0.00", "0.00"
	for rows.Next() {
		var typ string
		var n int
		var value, commission decimal.NullDecimal
		if err := rows.Scan(&typ, &n, &value, &commission); err != nil {
			return a, err
		}
		flow := stats.Flow{Count: n, USDBalance: money.USD(value.Decimal)}
		if typ == "received" {
			a.TotalIncome = flow
		} else {
			a.TotalOutcome = flow
			a.TotalRevenueEarnedBySend = money.USD(commission.Decimal)
		}
	}
	return a, rows.Err()
}

package stats

import (
	"context"
	"time"

	"github.com/shopspring/decimal"

	"xapa/backoffice/internal/daytotals"
	"xapa/backoffice/internal/memo"
	"xapa/backoffice/internal/money"
	"xapa/backoffice/internal/store"
	"xapa/backoffice/internal/utc"
)

// UserAccounting is the Users card of the accounting report.
type UserAccounting struct {
	TotalRegistered   int    `json:"total_registered"`   // all time
	TotalVerified     int    `json:"total_verified"`     // all time
	TotalUsersAssets  string `json:"total_users_assets"` // USD of every customer wallet now
	TotalRegistration int    `json:"total_registration"` // registered within the range
	TotalVerifiedLast int    `json:"total_verified_last"`
}

// Flow is a count of transactions and their USD value.
type Flow struct {
	Count      int    `json:"count"`
	USDBalance string `json:"usd_balance"`
}

// FinancialAccounting is the Financial Reports card.
type FinancialAccounting struct {
	TotalCustomersCredit  string `json:"total_customers_credit"` // USD of customer wallets now
	TotalCurrentBalance   string `json:"total_current_balance"`  // USD of company wallets now
	TotalIncome           Flow   `json:"total_income"`           // received within the range
	TotalOutcome          Flow   `json:"total_outcome"`          // sent within the range
	PaidBonuses           string `json:"paid_bonuses"`           // USD of bonuses within the range
	AllocatedBonusWallets struct {
		Details struct {
			Users   int    `json:"users"`   // users holding a bonus wallet
			Bonuses string `json:"bonuses"` // USD held in bonus wallets now
		} `json:"details"`
	} `json:"allocated_bonus_wallets"`
	TotalRevenueEarnedBySend string `json:"total_revenue_earned_by_send"` // USD of commission within the range
}

// Registrations and email verifications per day.
var userSeries = series{key: "users", kept: daytotals.Series{Name: "users", Groups: 1, Sums: 1,
	Query: func(d store.Dialect) string {
		return `SELECT ` + d.Day("created_at") + `, 'registered', count(*) FROM users
			WHERE created_at >= $1 AND created_at < $2 GROUP BY 1
		UNION ALL SELECT ` + d.Day("verified_at") + `, 'verified', count(*) FROM users
			WHERE email_verified = TRUE AND verified_at >= $1 AND verified_at < $2 GROUP BY 1`
	}, First: func(d store.Dialect) string {
		return `SELECT min(day) FROM (SELECT ` + d.Day("min(created_at)") + ` AS day FROM users
			UNION ALL SELECT ` + d.Day("min(verified_at)") + ` FROM users WHERE email_verified = TRUE) first`
	}}, fold: func(r daytotals.Row) (group, []decimal.Decimal, bool) { return group{kind: r.Group[0]}, r.Sums, true }}

// Bonuses paid per day, already in USD (one group: a kept day's rows need one).
var bonusSeries = series{key: "bonuses", kept: daytotals.Series{Name: "bonuses", Groups: 1, Sums: 1,
	Query: func(d store.Dialect) string {
		return `SELECT ` + d.Day("created_at") + `, 'usd', ` + d.Sum("usd_amount") + ` FROM bonuses
			WHERE created_at >= $1 AND created_at < $2 GROUP BY 1`
	}, First: func(d store.Dialect) string { return `SELECT ` + d.Day("min(created_at)") + ` FROM bonuses` }},
	fold: func(r daytotals.Row) (group, []decimal.Decimal, bool) { return group{}, r.Sums, true }}

// Users computes the Users card for [from, to].
func (s *Service) Users(ctx context.Context, from, to time.Time) (UserAccounting, error) {
	var a UserAccounting
	totals, err := memo.Get(ctx, s.cache, "users:totals", LiveTTL, func(ctx context.Context) ([2]int, error) {
		var n [2]int
		err := s.db.QueryRowContext(ctx, `SELECT (SELECT count(*) FROM users),
			(SELECT count(*) FROM users WHERE email_verified = TRUE)`).Scan(&n[0], &n[1])
		return n, err
	})
	if err != nil {
		return a, err
	}
	a.TotalRegistered, a.TotalVerified = totals[0], totals[1]
	// Customers' assets: every main-network wallet (the dashboard's cached
	// customer balance) less the staff's own few, not a second pass over
	// every wallet joined to its user.
	all, err := s.CustomerBalances(ctx)
	if err != nil {
		return a, err
	}
	staff, err := s.perCoin(ctx, "staff-wallets", `SELECT w.coin_id, `+s.db.Dialect.Sum("w.balance")+`
		FROM users u JOIN wallets w ON w.user_id = u.id WHERE u.is_admin = TRUE AND w.network = 'main' GROUP BY w.coin_id`)
	if err != nil {
		return a, err
	}
	assets := map[int64]decimal.Decimal{}
	for _, b := range all {
		assets[b.CoinID] = b.Balance.Sub(staff[b.CoinID])
	}
	if a.TotalUsersAssets, err = s.usd(ctx, assets); err != nil {
		return a, err
	}
	counts, err := s.inRange(ctx, userSeries, from, to)
	a.TotalRegistration = int(counts.total(group{kind: "registered"}, 0).IntPart())
	a.TotalVerifiedLast = int(counts.total(group{kind: "verified"}, 0).IntPart())
	return a, err
}

// Financial computes the Financial Reports card for [from, to]; transaction
// figures count the main network and leave failed transactions out.
func (s *Service) Financial(ctx context.Context, from, to time.Time) (FinancialAccounting, error) {
	var a FinancialAccounting
	customers, err := s.CustomerBalances(ctx)
	if err != nil {
		return a, err
	}
	company, err := s.CompanyBalances(ctx)
	if err != nil {
		return a, err
	}
	a.TotalCustomersCredit, a.TotalCurrentBalance = usdOf(customers), usdOf(company)

	held, err := s.perCoin(ctx, "bonus-wallets", `SELECT coin_id, `+s.db.Dialect.Sum("balance")+`
		FROM wallets WHERE name = 'Bonus Wallet' GROUP BY coin_id`)
	if err != nil {
		return a, err
	}
	if a.AllocatedBonusWallets.Details.Bonuses, err = s.usd(ctx, held); err != nil {
		return a, err
	}
	holders, err := memo.Get(ctx, s.cache, "bonus-wallet-holders", LiveTTL, func(ctx context.Context) (int, error) {
		var n int
		err := s.db.QueryRowContext(ctx, `SELECT count(DISTINCT user_id) FROM wallets WHERE name = 'Bonus Wallet'`).Scan(&n)
		return n, err
	})
	if err != nil {
		return a, err
	}
	a.AllocatedBonusWallets.Details.Users = holders

	paid, err := s.inRange(ctx, bonusSeries, from, to)
	if err != nil {
		return a, err
	}
	a.PaidBonuses = money.USD(paid.total(group{}, 0))

	tx, err := s.inRange(ctx, txSeries, from, to)
	if err != nil {
		return a, err
	}
	rates, err := s.rates(ctx)
	if err != nil {
		return a, err
	}
	flow := func(kind string) (Flow, decimal.Decimal) {
		var count int64
		value, commission := decimal.Zero, decimal.Zero
		for g, v := range tx {
			if g.kind == kind {
				count += v[txCount].IntPart()
				value = value.Add(v[txAmount].Mul(rates[g.coin]))
				commission = commission.Add(v[txCommission].Mul(rates[g.coin]))
			}
		}
		return Flow{Count: int(count), USDBalance: money.USD(value)}, commission
	}
	a.TotalIncome, _ = flow("received")
	var revenue decimal.Decimal
	a.TotalOutcome, revenue = flow("sent")
	a.TotalRevenueEarnedBySend = money.USD(revenue)
	return a, nil
}

func usdOf(balances []Balance) string {
	total := decimal.Zero
	for _, b := range balances {
		total = total.Add(b.Balance.Mul(b.Price))
	}
	return money.USD(total)
}

// perCoin runs q (coin_id, sum) and keeps its answer for LiveTTL.
func (s *Service) perCoin(ctx context.Context, key, q string) (map[int64]decimal.Decimal, error) {
	return memo.Get(ctx, s.cache, key, LiveTTL, func(ctx context.Context) (map[int64]decimal.Decimal, error) {
		rows, err := s.db.QueryContext(ctx, q)
		if err != nil {
			return nil, err
		}
		defer rows.Close()
		out := map[int64]decimal.Decimal{}
		for rows.Next() {
			var coin int64
			var sum decimal.NullDecimal
			if err := rows.Scan(&coin, &sum); err != nil {
				return nil, err
			}
			out[coin] = sum.Decimal
		}
		return out, rows.Err()
	})
}

// usd values per-coin amounts at current rates.
func (s *Service) usd(ctx context.Context, amounts map[int64]decimal.Decimal) (string, error) {
	rates, err := s.rates(ctx)
	if err != nil {
		return "", err
	}
	total := decimal.Zero
	for coin, v := range amounts {
		total = total.Add(v.Mul(rates[coin]))
	}
	return money.USD(total), nil
}

// sums adds up a series over a range, per group.
type sums map[group][]decimal.Decimal

func (m sums) add(groups map[group][]decimal.Decimal) {
	for g, v := range groups {
		m.addOne(g, v)
	}
}

func (m sums) addOne(g group, v []decimal.Decimal) { m[g] = addSums(m[g], v) }

func (m sums) total(g group, col int) decimal.Decimal {
	if v, ok := m[g]; ok {
		return v[col]
	}
	return decimal.Zero
}

// inRange sums sr over the rows created within [from, to]. Whole past days
// come from the day cache and a wholly covered today from the live one; only
// partial days are read, by a query of that part alone. Times are stored in
// whole microseconds, so to + 1µs is the exclusive end.
func (s *Service) inRange(ctx context.Context, sr series, from, to time.Time) (sums, error) {
	from, end := from.UTC(), to.UTC().Add(time.Microsecond)
	out := sums{}
	if !end.After(from) {
		return out, nil
	}
	direct := func(a, b time.Time) error {
		if !b.After(a) {
			return nil
		}
		d, err := s.sumDays(ctx, sr, a, b)
		for _, groups := range d {
			out.add(groups)
		}
		return err
	}
	first, last := utc.NextMidnight(from), utc.Midnight(end)
	if !first.Before(last) { // within one day
		return out, direct(from, end)
	}
	if err := direct(from, first); err != nil {
		return nil, err
	}
	if err := direct(last, end); err != nil {
		return nil, err
	}
	today := s.today()
	tomorrow := today.AddDate(0, 0, 1)
	if first.Before(today) {
		closed, err := s.closedDays(ctx, sr)
		if err != nil {
			return nil, err
		}
		closed.Range(first.Format(time.DateOnly), utc.Earlier(last, today).Format(time.DateOnly), out.addOne)
	}
	if !first.After(today) && last.After(today) {
		live, err := s.liveDay(ctx, sr)
		if err != nil {
			return nil, err
		}
		for _, groups := range live {
			out.add(groups)
		}
	}
	// Whole days after today hold rows only if a clock was wrong; read them.
	return out, direct(utc.Later(first, tomorrow), utc.Later(last, tomorrow))
}

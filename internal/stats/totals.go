package stats

import (
	"context"
	"time"

	"github.com/shopspring/decimal"

	"xapa/backoffice/internal/memo"
	"xapa/backoffice/internal/money"
)

// DayAmount is one day of a weekly USD figure.
type DayAmount struct {
	Day    string `json:"day"`
	Amount string `json:"amount"`
}

// Weekly is a USD figure: all time and per day of the last week.
type Weekly struct {
	Total decimal.Decimal
	Week  []DayAmount
}

// group is what a day's sums are split by: a coin (0 when the sums are
// already USD) and a kind (a transaction's type; "" when not split).
type group struct {
	coin int64
	kind string
}

// daily holds per-day sums in coin units: day -> group -> sums.
type daily map[string]map[group][]decimal.Decimal

// series names a per-day aggregate: what to sum over which rows.
type series struct {
	key   string
	query func(s *Service) string // selects day, coin, kind, sum... for rows in [$1, $2)
	sums  int
}

// Transaction sums: count, amount moved and the company's commission (made
// on sends), per coin and type, main network, leaving failed ones out.
const (
	txCount = iota
	txAmount
	txCommission
)

var txSeries = series{key: "tx", sums: 3, query: func(s *Service) string {
	d := s.db.Dialect
	return `SELECT ` + d.Day("created_at") + `, coin_id, type, count(*), ` + d.Sum("amount") + `, ` + d.Sum("commission") + `
		FROM transactions WHERE network = 'main' AND status <> 'failed' AND created_at >= $1 AND created_at < $2 GROUP BY 1, 2, 3`
}}

var exchangeSeries = series{key: "exchange", sums: 1, query: func(s *Service) string {
	d := s.db.Dialect
	return `SELECT ` + d.Day("created_at") + `, from_coin_id, '', ` + d.Sum("fee") + `
		FROM exchanges WHERE created_at >= $1 AND created_at < $2 GROUP BY 1, 2`
}}

// days returns the sums of every day: closed days from a long-lived cache,
// today from a short one.
func (s *Service) days(ctx context.Context, sr series) (daily, error) {
	closed, err := s.closedDays(ctx, sr)
	if err != nil {
		return nil, err
	}
	live, err := s.liveDay(ctx, sr)
	if err != nil {
		return nil, err
	}
	out := daily{}
	for _, part := range []daily{closed, live} {
		for d, groups := range part {
			out[d] = groups
		}
	}
	return out, nil
}

// closedDays sums every day before today (UTC); they change only by a late
// status update, so they are kept for ClosedTTL.
func (s *Service) closedDays(ctx context.Context, sr series) (daily, error) {
	today := s.today()
	return memo.Get(ctx, s.cache, sr.key+":closed:"+today.Format("2006-01-02"), ClosedTTL, func(ctx context.Context) (daily, error) {
		return s.sumDays(ctx, sr, time.Time{}, today)
	})
}

// liveDay sums today, kept for LiveTTL.
func (s *Service) liveDay(ctx context.Context, sr series) (daily, error) {
	today := s.today()
	return memo.Get(ctx, s.cache, sr.key+":today:"+today.Format("2006-01-02"), LiveTTL, func(ctx context.Context) (daily, error) {
		return s.sumDays(ctx, sr, today, today.AddDate(0, 0, 1))
	})
}

func (s *Service) sumDays(ctx context.Context, sr series, from, to time.Time) (daily, error) {
	rows, err := s.db.QueryContext(ctx, sr.query(s), from, to)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := daily{}
	for rows.Next() {
		var day string
		var g group
		sums := make([]decimal.NullDecimal, sr.sums)
		dest := []any{&day, &g.coin, &g.kind}
		for i := range sums {
			dest = append(dest, &sums[i])
		}
		if err := rows.Scan(dest...); err != nil {
			return nil, err
		}
		if out[day] == nil {
			out[day] = map[group][]decimal.Decimal{}
		}
		vals := make([]decimal.Decimal, sr.sums)
		for i, v := range sums {
			vals[i] = v.Decimal
		}
		out[day][g] = vals
	}
	return out, rows.Err()
}

// weekly turns per-coin daily sums (column col) into USD at current rates.
func (s *Service) weekly(ctx context.Context, sr series, col int) (Weekly, error) {
	d, err := s.days(ctx, sr)
	if err != nil {
		return Weekly{}, err
	}
	rates, err := s.rates(ctx)
	if err != nil {
		return Weekly{}, err
	}
	usd := func(groups map[group][]decimal.Decimal) decimal.Decimal {
		total := decimal.Zero
		for g, sums := range groups {
			total = total.Add(sums[col].Mul(rates[g.coin]))
		}
		return total
	}
	w := Weekly{Total: decimal.Zero}
	for _, groups := range d {
		w.Total = w.Total.Add(usd(groups))
	}
	for _, day := range s.week() {
		w.Week = append(w.Week, DayAmount{Day: day, Amount: money.USD(usd(d[day]))})
	}
	return w, nil
}

// Volume is the USD value moved by main-network transactions that did not fail.
func (s *Service) Volume(ctx context.Context) (Weekly, error) {
	return s.weekly(ctx, txSeries, txAmount)
}

// SendRevenue is the USD value of the commission earned on sends.
func (s *Service) SendRevenue(ctx context.Context) (Weekly, error) {
	return s.weekly(ctx, txSeries, txCommission)
}

// ExchangeRevenue is the USD value of the fees earned on exchanges.
func (s *Service) ExchangeRevenue(ctx context.Context) (Weekly, error) {
	return s.weekly(ctx, exchangeSeries, 0)
}

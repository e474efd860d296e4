package stats

import (
	"context"
	"strconv"
	"time"

	"github.com/shopspring/decimal"

	"xapa/backoffice/internal/daytotals"
	"xapa/backoffice/internal/ledger"
	"xapa/backoffice/internal/memo"
	"xapa/backoffice/internal/money"
	"xapa/backoffice/internal/store"
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

// series is a per-day aggregate kept in the database for closed days
// (internal/daytotals) and summed from its table for today and for parts of
// days; fold reads one of its rows as this package's group and sums, false
// for a row the series leaves out.
type series struct {
	key  string
	kept daytotals.Series
	fold func(daytotals.Row) (group, []decimal.Decimal, bool)
}

// Transaction sums: count, amount moved and the company's commission (made
// on sends), per coin and type, main network, leaving failed ones out.
const (
	txCount = iota
	txAmount
	txCommission
)

var txSeries = series{key: "tx", kept: ledger.DaySums, fold: func(r daytotals.Row) (group, []decimal.Decimal, bool) {
	coin, err := strconv.ParseInt(r.Group[0], 10, 64) // coin, type, network, failed
	return group{coin: coin, kind: r.Group[1]}, r.Sums, err == nil && r.Group[2] == "main" && r.Group[3] == ""
}}

// exchangeSeries are the exchange fees per source coin.
var exchangeSeries = series{key: "exchange", kept: daytotals.Series{Name: "exchange", Groups: 1, Sums: 1,
	Query: func(d store.Dialect) string {
		return `SELECT ` + d.Day("created_at") + `, from_coin_id, ` + d.Sum("fee") + `
		FROM exchanges WHERE created_at >= $1 AND created_at < $2 GROUP BY 1, 2`
	}}, fold: func(r daytotals.Row) (group, []decimal.Decimal, bool) {
	coin, err := strconv.ParseInt(r.Group[0], 10, 64)
	return group{coin: coin}, r.Sums, err == nil
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
// write, so they are kept for ClosedTTL.
func (s *Service) closedDays(ctx context.Context, sr series) (daily, error) {
	today := s.today()
	return memo.Get(ctx, s.cache, sr.key+":closed:"+today.Format("2006-01-02"), ClosedTTL, func(ctx context.Context) (daily, error) {
		days, err := s.kept.Closed(ctx, sr.kept)
		if err != nil {
			return nil, err
		}
		return sr.daily(days), nil
	})
}

// daily adds up the rows of days that fall into one of sr's groups.
func (sr series) daily(days daytotals.Days) daily {
	out := make(daily, len(days))
	for day, rows := range days {
		groups := map[group][]decimal.Decimal{}
		for _, r := range rows {
			g, sums, ok := sr.fold(r)
			if !ok {
				continue
			}
			if have := groups[g]; have != nil {
				added := make([]decimal.Decimal, len(sums))
				for i := range sums {
					added[i] = have[i].Add(sums[i])
				}
				sums = added
			}
			groups[g] = sums
		}
		if len(groups) > 0 {
			out[day] = groups
		}
	}
	return out
}

// liveDay sums today, kept for LiveTTL.
func (s *Service) liveDay(ctx context.Context, sr series) (daily, error) {
	today := s.today()
	return memo.Get(ctx, s.cache, sr.key+":today:"+today.Format("2006-01-02"), LiveTTL, func(ctx context.Context) (daily, error) {
		return s.sumDays(ctx, sr, today, today.AddDate(0, 0, 1))
	})
}

func (s *Service) sumDays(ctx context.Context, sr series, from, to time.Time) (daily, error) {
	days, err := daytotals.Sum(ctx, s.db, sr.kept, from, to)
	if err != nil {
		return nil, err
	}
	return sr.daily(days), nil
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

package stats

import (
	"context"
	"slices"
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
	}, First: func(d store.Dialect) string { return `SELECT ` + d.Day("min(created_at)") + ` FROM exchanges` }},
	fold: func(r daytotals.Row) (group, []decimal.Decimal, bool) {
		coin, err := strconv.ParseInt(r.Group[0], 10, 64)
		return group{coin: coin}, r.Sums, err == nil
	}}

// allSeries are the series whose closed days a Service keeps.
var allSeries = []series{txSeries, exchangeSeries, userSeries, bonusSeries}

// closedView keeps a series' closed days, each folded into its groups, and
// reads them through running totals.
type closedView = daytotals.View[map[group][]decimal.Decimal, *dayIndex]

// dayIndex holds the closed days' sums per group as running totals
// (daytotals.Index): any range of days, the whole history included, costs
// two searches and a pass over the groups.
type dayIndex = daytotals.Index[group, []decimal.Decimal]

func indexDays(days map[string]map[group][]decimal.Decimal) *dayIndex {
	return daytotals.NewIndex(days, daytotals.Adding[[]decimal.Decimal]{Add: addSums, Sub: subSums})
}

// addSums and subSums add and subtract sums column by column into a new
// slice (nil is nothing).
func addSums(a, b []decimal.Decimal) []decimal.Decimal {
	if a == nil {
		return slices.Clone(b)
	}
	out := make([]decimal.Decimal, len(a))
	for i := range a {
		out[i] = a[i].Add(b[i])
	}
	return out
}

func subSums(a, b []decimal.Decimal) []decimal.Decimal {
	if b == nil {
		return a
	}
	out := make([]decimal.Decimal, len(a))
	for i := range a {
		out[i] = a[i].Sub(b[i])
	}
	return out
}

// closedDays returns every day before today (UTC); they change only by a
// late write, so they are read again after ClosedTTL, and a read costs the
// days written since the last one.
func (s *Service) closedDays(ctx context.Context, sr series) (*dayIndex, error) {
	return memo.Get(ctx, s.cache, sr.key+":closed:"+s.today().Format(time.DateOnly), ClosedTTL, s.kept[sr.key].Read)
}

// foldDay adds up a day's rows that fall into one of sr's groups.
func (sr series) foldDay(rows []daytotals.Row) (map[group][]decimal.Decimal, error) {
	groups := map[group][]decimal.Decimal{}
	for _, r := range rows {
		if g, sums, ok := sr.fold(r); ok {
			groups[g] = addSums(groups[g], sums)
		}
	}
	return groups, nil
}

// daily folds each day of days.
func (sr series) daily(days daytotals.Days) daily {
	out := make(daily, len(days))
	for day, rows := range days {
		if groups, _ := sr.foldDay(rows); len(groups) > 0 {
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

// weekly turns per-coin daily sums (column col) into USD at current rates:
// all time (the closed days' running total and today) and each day of the
// last week.
func (s *Service) weekly(ctx context.Context, sr series, col int) (Weekly, error) {
	closed, err := s.closedDays(ctx, sr)
	if err != nil {
		return Weekly{}, err
	}
	live, err := s.liveDay(ctx, sr)
	if err != nil {
		return Weekly{}, err
	}
	rates, err := s.rates(ctx)
	if err != nil {
		return Weekly{}, err
	}
	usd := func(total *decimal.Decimal) func(group, []decimal.Decimal) {
		return func(g group, sums []decimal.Decimal) { *total = total.Add(sums[col].Mul(rates[g.coin])) }
	}
	w := Weekly{Total: decimal.Zero}
	closed.All(usd(&w.Total))
	for _, groups := range live {
		for g, sums := range groups {
			usd(&w.Total)(g, sums)
		}
	}
	for _, day := range s.week() {
		amount := decimal.Zero
		closed.At(day, usd(&amount))
		for g, sums := range live[day] {
			usd(&amount)(g, sums)
		}
		w.Week = append(w.Week, DayAmount{Day: day, Amount: money.USD(amount)})
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

package ledger

import (
	"context"
	"fmt"
	"strconv"
	"time"

	"xapa/backoffice/internal/daytotals"

	"xapa/backoffice/internal/memo"
	"xapa/backoffice/internal/store"
	"xapa/backoffice/internal/utc"
)

// Service reads the ledger. The total of a History page comes from kept
// counts: per-day sums of closed days (before today, UTC; internal/daytotals)
// and per-hour counts that triggers keep exact whoever writes (transaction_hours).
// Only the minutes a range cuts off at either end are counted through the
// indexes, so a total costs the same however many rows the range holds.
type Service struct {
	db    *store.DB
	now   func() time.Time
	cache *memo.Cache
	days  *daytotals.View[map[countKey]int, *countIndex]
}

// ClosedDaysTTL is how long per-day counts of closed days are kept. A row
// written later with a past day's created_at shows in totals after at most
// this. Reading the closed days again costs the days written since the
// last read (internal/daytotals).
const ClosedDaysTTL = time.Minute

// New returns a ledger service; now is the clock (nil: time.Now); days keeps
// the closed days' sums, shared with the other services of a node (nil: its own).
func New(db *store.DB, now func() time.Time, days *daytotals.Keeper) *Service {
	if now == nil {
		now = time.Now
	}
	s := &Service{db: db, now: func() time.Time { return now().UTC() }}
	s.cache = memo.New(s.now)
	if days == nil {
		days = daytotals.New(db, s.now)
	}
	s.days = daytotals.NewView(days, DaySums, dayCounts, index)
	return s
}

// CacheAges is how old each cached count's served value is (memo.Cache.Ages).
func (s *Service) CacheAges() map[string]time.Duration { return s.cache.Ages() }

type countKey struct {
	network Network
	typ     Type
	coin    int64
}

// bucketCounts are counts per day (YYYY-MM-DD), then per network, type and
// coin.
type bucketCounts = map[string]map[countKey]int

// Count returns how many transactions match f.
//
// The whole hours inside the range, [h1, h2), come from transaction_hours,
// except the closed days among them, which come from the kept day sums.
// What the range cuts off an hour at either end is counted through the
// indexes, or as the hour's kept count less the rest of the hour, whichever
// holds fewer rows.
func (s *Service) Count(ctx context.Context, f Filter) (int, error) {
	if f.oneCustomer() {
		return s.directCount(ctx, f, nil, nil) // a few customers' rows: an index range
	}
	now := s.now()
	var from time.Time // zero: from the beginning
	if f.From != nil {
		from = f.From.UTC()
	}
	end := time.Date(9999, 12, 31, 0, 0, 0, 0, time.UTC) // exclusive
	if f.To != nil {
		end = f.To.UTC().Add(time.Microsecond) // stored times are whole microseconds
	}
	if !end.After(from) {
		return 0, nil
	}
	h1, h2 := ceilHour(from), end.Truncate(time.Hour)
	if !h1.Before(h2) {
		return s.directCount(ctx, f, &from, &end) // within an hour, or parts of two
	}
	whole, err := s.wholeHours(ctx, f, h1, h2, utc.Midnight(now))
	if err != nil {
		return 0, err
	}
	head, err := s.edge(ctx, f, h1.Add(-time.Hour), from, h1, now)
	if err != nil {
		return 0, err
	}
	tail, err := s.edge(ctx, f, h2, h2, end, now)
	return whole + head + tail, err
}

// wholeHours counts f's rows in the whole hours [h1, h2): the closed days
// among them from the day sums, the other hours from transaction_hours.
func (s *Service) wholeHours(ctx context.Context, f Filter, h1, h2, today time.Time) (int, error) {
	d1, d2 := utc.NextMidnight(h1), utc.Earlier(utc.Midnight(h2), today)
	if !d1.Before(d2) {
		return s.hoursCount(ctx, f, h1, h2)
	}
	days, err := memo.Get(ctx, s.cache, "days:"+today.Format(time.DateOnly), ClosedDaysTTL, s.days.Read)
	if err != nil {
		return 0, err
	}
	total := matching(days, f, d1.Format(time.DateOnly), d2.Format(time.DateOnly))
	before, err := s.hoursCount(ctx, f, h1, d1)
	if err != nil {
		return 0, err
	}
	after, err := s.hoursCount(ctx, f, d2, h2)
	return total + before + after, err
}

// edge counts f's rows in [lo, hi), a part of the hour starting at hour:
// through the index, or as the hour's kept count less the rest of the hour
// when the rest holds fewer rows. Rows are assumed spread evenly up to now.
func (s *Service) edge(ctx context.Context, f Filter, hour, lo, hi, now time.Time) (int, error) {
	if !hi.After(lo) {
		return 0, nil
	}
	next := hour.Add(time.Hour)
	span := func(a, b time.Time) time.Duration { return utc.Earlier(b, now).Sub(utc.Earlier(a, now)) }
	if span(lo, hi) <= span(hour, lo)+span(hi, next) {
		return s.directCount(ctx, f, &lo, &hi)
	}
	n, err := s.hoursCount(ctx, f, hour, next)
	if err != nil {
		return 0, err
	}
	before, err := s.directCount(ctx, f, &hour, &lo)
	if err != nil {
		return 0, err
	}
	after, err := s.directCount(ctx, f, &hi, &next)
	return n - before - after, err
}

// hoursCount is how many transactions match f's network, type and coin in
// the whole hours [from, before).
func (s *Service) hoursCount(ctx context.Context, f Filter, from, before time.Time) (int, error) {
	if !before.After(from) {
		return 0, nil
	}
	cond, args := Filter{Network: f.Network, Type: f.Type, CoinID: f.CoinID}.where()
	args = append(args, from.Format(hourLayout), before.Format(hourLayout))
	cond += fmt.Sprintf(" %s t.hour >= $%d AND t.hour < $%d", and(cond), len(args)-1, len(args))
	var n int
	err := s.db.QueryRowFixed(ctx, `SELECT CAST(coalesce(sum(t.count), 0) AS BIGINT) FROM transaction_hours t`+cond, args...).Scan(&n)
	return n, err
}

// hourLayout names an hour bucket as Dialect.Hour does; buckets sort as text.
const hourLayout = "2006-01-02 15"

// ceilHour is the first hour boundary at or after t.
func ceilHour(t time.Time) time.Time {
	if h := t.Truncate(time.Hour); h.Before(t) {
		return h.Add(time.Hour)
	}
	return t
}

// countIndex is bucketCounts as running totals (daytotals.Index).
type countIndex = daytotals.Index[countKey, int]

func index(b bucketCounts) *countIndex { return daytotals.NewIndex(b, daytotals.Counting) }

// matching adds the counts of buckets in [lo, hi) that match f's filters.
func matching(x *countIndex, f Filter, lo, hi string) int {
	total := 0
	x.Range(lo, hi, func(k countKey, n int) {
		if (f.Network == "" || f.Network == k.network) && (f.Type == "" || f.Type == k.typ) && (f.CoinID == 0 || f.CoinID == k.coin) {
			total += n
		}
	})
	return total
}

// DaySums are the per-day sums of transactions kept for closed days
// (internal/daytotals): per coin, type, network and whether it failed, the
// count, the amount and the commission. The History totals and the
// dashboard's figures read them.
var DaySums = daytotals.Series{Name: "tx", Groups: 4, Sums: 3, Query: func(d store.Dialect) string {
	return `SELECT ` + d.Day("created_at") + `, coin_id, type, network, CASE WHEN status = 'failed' THEN 'failed' ELSE '' END,
		count(*), ` + d.Sum("amount") + `, ` + d.Sum("commission") + `
		FROM transactions WHERE created_at >= $1 AND created_at < $2 GROUP BY 1, 2, 3, 4, 5`
}, First: func(d store.Dialect) string {
	return `SELECT ` + d.Day("min(created_at)") + ` FROM transactions`
}}

// dayCounts counts a closed day's transactions per network, type and coin,
// from its kept sums.
func dayCounts(rows []daytotals.Row) (map[countKey]int, error) {
	counts := map[countKey]int{}
	for _, r := range rows {
		coin, err := strconv.ParseInt(r.Group[0], 10, 64)
		if err != nil {
			return nil, err
		}
		counts[countKey{network: Network(r.Group[2]), typ: Type(r.Group[1]), coin: coin}] += int(r.Sums[0].IntPart())
	}
	return counts, nil
}

// directCount counts with an index: f's filters within [from, before).
func (s *Service) directCount(ctx context.Context, f Filter, from, before *time.Time) (int, error) {
	if from != nil && before != nil && !before.After(*from) {
		return 0, nil
	}
	g := f
	if from != nil {
		g.From = from
	}
	cond, args := g.where()
	if before != nil {
		g.To = nil
		cond, args = g.where()
		args = append(args, *before)
		cond += fmt.Sprintf(" %s t.created_at < $%d", and(cond), len(args))
	}
	var n int
	err := s.db.QueryRowFixed(ctx, `SELECT count(*) FROM transactions t`+cond, args...).Scan(&n)
	return n, err
}

func and(cond string) string {
	if cond == "" {
		return "WHERE"
	}
	return "AND"
}

// Warm computes the per-day counts ahead of the first History page.
func (s *Service) Warm(ctx context.Context) error {
	_, err := s.Count(ctx, Filter{})
	return err
}

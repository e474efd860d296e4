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

// Service reads the ledger. It keeps per-day transaction counts of closed
// days (before today, UTC) and per-hour counts of today's closed hours, so
// the total of a History page costs index counts of at most two partial
// edges (the current hour, and an edge the range cuts), not a scan of every
// matching row.
type Service struct {
	db    *store.DB
	now   func() time.Time
	cache *memo.Cache
	days  *daytotals.View[map[countKey]int, *countIndex]
}

// ClosedDaysTTL is how long per-day and per-hour counts of closed days and
// hours are kept. A row written later with a past created_at shows in
// totals after at most this. Reading the closed days again costs the days
// written since the last read (internal/daytotals).
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

// bucketCounts are counts per bucket (a day YYYY-MM-DD, or an hour
// YYYY-MM-DD HH), then per network, type and coin.
type bucketCounts = map[string]map[countKey]int

// Count returns how many transactions match f.
//
// Closed days and today's closed hours tile time up to the current hour.
// The whole ones inside the range, [p, q), come from the kept counts; what
// the range cuts off at either end is counted through the indexes.
func (s *Service) Count(ctx context.Context, f Filter) (int, error) {
	if f.oneCustomer() {
		return s.directCount(ctx, f, nil, nil) // a few customers' rows: an index range
	}
	now := s.now()
	today, hour := utc.Midnight(now), now.Truncate(time.Hour)
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
	p := ceil(from, today) // the first bucket starting at or after from
	var q time.Time        // the end of the last bucket ending at or before end
	switch {
	case !end.Before(hour):
		q = hour
	case end.After(today):
		q = end.Truncate(time.Hour)
	default:
		q = utc.Midnight(end)
	}
	if !p.Before(q) {
		return s.directCount(ctx, f, &from, &end)
	}
	total := 0
	if p.Before(today) {
		days, err := memo.Get(ctx, s.cache, "days:"+today.Format(time.DateOnly), ClosedDaysTTL, s.days.Read)
		if err != nil {
			return 0, err
		}
		total += matching(days, f, p.Format(time.DateOnly), utc.Earlier(q, today).Format(time.DateOnly))
	}
	if q.After(today) {
		hours, err := memo.Get(ctx, s.cache, "hours:"+hour.Format(hourLayout), ClosedDaysTTL, func(ctx context.Context) (*countIndex, error) {
			b, err := s.countBuckets(ctx, s.db.Dialect.Hour("created_at"), today, hour)
			return index(b), err
		})
		if err != nil {
			return 0, err
		}
		total += matching(hours, f, utc.Later(p, today).Format(hourLayout), q.Format(hourLayout))
	}
	head, err := s.directCount(ctx, f, &from, &p)
	if err != nil {
		return 0, err
	}
	tail, err := s.directCount(ctx, f, &q, &end)
	return total + head + tail, err
}

// hourLayout names an hour bucket as Dialect.Hour does; buckets sort as text.
const hourLayout = "2006-01-02 15"

// ceil is the first bucket boundary at or after t: a midnight before today,
// an hour from today on.
func ceil(t, today time.Time) time.Time {
	if t.Before(today) {
		return utc.NextMidnight(t)
	}
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

// countBuckets counts the rows of [from, before) per bucket (an SQL
// expression naming each row's day or hour), network, type and coin.
func (s *Service) countBuckets(ctx context.Context, bucket string, from, before time.Time) (bucketCounts, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT `+bucket+`, network, type, coin_id, count(*)
		FROM transactions WHERE created_at >= $1 AND created_at < $2 GROUP BY 1, 2, 3, 4`, from, before)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := bucketCounts{}
	for rows.Next() {
		var b string
		var k countKey
		var n int
		if err := rows.Scan(&b, &k.network, &k.typ, &k.coin, &n); err != nil {
			return nil, err
		}
		if out[b] == nil {
			out[b] = map[countKey]int{}
		}
		out[b][k] = n
	}
	return out, rows.Err()
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

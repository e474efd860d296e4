package ledger

import (
	"context"
	"fmt"
	"time"

	"xapa/backoffice/internal/memo"
	"xapa/backoffice/internal/store"
)

// Service reads the ledger. It keeps per-day transaction counts of closed
// days (before today, UTC), so the total of a History page costs an index
// count of at most two partial days, not a scan of every matching row.
type Service struct {
	db    *store.DB
	now   func() time.Time
	cache *memo.Cache
}

// ClosedDaysTTL is how long per-day counts of past days are kept. A row
// written later with a past created_at shows in totals after at most this.
const ClosedDaysTTL = 10 * time.Minute

// New returns a ledger service; now is the clock (nil: time.Now).
func New(db *store.DB, now func() time.Time) *Service {
	if now == nil {
		now = time.Now
	}
	s := &Service{db: db, now: func() time.Time { return now().UTC() }}
	s.cache = memo.New(s.now)
	return s
}

type countKey struct {
	network, typ string
	coin         int64
}

type dayCounts map[string]map[countKey]int

// Count returns how many transactions match f.
func (s *Service) Count(ctx context.Context, f Filter) (int, error) {
	if f.UserID != 0 {
		return s.directCount(ctx, f, nil, nil) // one user's rows: an index range
	}
	now := s.now()
	today := midnight(now)
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
	first := midnight(from)
	if first.Before(from) {
		first = first.AddDate(0, 0, 1)
	}
	last := midnight(end)
	if last.After(today) {
		last = today
	}
	if !first.Before(last) {
		return s.directCount(ctx, f, &from, &end)
	}
	days, err := memo.Get(ctx, s.cache, "days:"+today.Format("2006-01-02"), ClosedDaysTTL, func(ctx context.Context) (dayCounts, error) {
		return s.countDays(ctx, today)
	})
	if err != nil {
		return 0, err
	}
	total := 0
	lo, hi := first.Format("2006-01-02"), last.Format("2006-01-02") // days sort as text
	for day, keys := range days {
		if day < lo || day >= hi {
			continue
		}
		for k, n := range keys {
			if (f.Network == "" || f.Network == k.network) && (f.Type == "" || f.Type == k.typ) && (f.CoinID == 0 || f.CoinID == k.coin) {
				total += n
			}
		}
	}
	head, err := s.directCount(ctx, f, &from, &first)
	if err != nil {
		return 0, err
	}
	tail, err := s.directCount(ctx, f, &last, &end)
	return total + head + tail, err
}

// countDays counts every closed day's rows per network, type and coin.
func (s *Service) countDays(ctx context.Context, today time.Time) (dayCounts, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT `+s.db.Dialect.Day("created_at")+`, network, type, coin_id, count(*)
		FROM transactions WHERE created_at < $1 GROUP BY 1, 2, 3, 4`, today)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := dayCounts{}
	for rows.Next() {
		var day string
		var k countKey
		var n int
		if err := rows.Scan(&day, &k.network, &k.typ, &k.coin, &n); err != nil {
			return nil, err
		}
		if out[day] == nil {
			out[day] = map[countKey]int{}
		}
		out[day][k] = n
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
	err := s.db.QueryRowContext(ctx, `SELECT count(*) FROM transactions t`+cond, args...).Scan(&n)
	return n, err
}

func and(cond string) string {
	if cond == "" {
		return "WHERE"
	}
	return "AND"
}

func midnight(t time.Time) time.Time {
	return time.Date(t.Year(), t.Month(), t.Day(), 0, 0, 0, 0, time.UTC)
}

// Warm computes the per-day counts ahead of the first History page.
func (s *Service) Warm(ctx context.Context) error {
	_, err := s.Count(ctx, Filter{})
	return err
}

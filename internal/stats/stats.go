// Package stats computes the dashboard's figures ("Weekly
// widgets"). USD figures use each coin's current fiat rate. Every figure is
// cached for a few seconds and shared by all viewers; sums over past days
// are computed per day and kept longer, so a poll reads only today's rows.
package stats

import (
	"context"
	"time"

	"github.com/shopspring/decimal"

	"xapa/backoffice/internal/daytotals"
	"xapa/backoffice/internal/memo"
	"xapa/backoffice/internal/store"
)

// Freshness of the figures: live ones (today, online, balances) and closed
// days (which change only by a late status update).
const (
	LiveTTL   = 5 * time.Second
	ClosedTTL = time.Minute // a read costs the days written since the last (internal/daytotals)
	WeekDays  = 7
	OnlineFor = 2 * time.Minute
)

// Service computes and caches dashboard figures.
type Service struct {
	db    *store.DB
	now   func() time.Time
	cache *memo.Cache
	kept  map[string]*closedView // by series key
}

// New returns a service; now is the clock (nil: time.Now); days keeps the
// closed days' sums, shared with the other services of a node (nil: its own).
func New(db *store.DB, now func() time.Time, days *daytotals.Keeper) *Service {
	if now == nil {
		now = time.Now
	}
	s := &Service{db: db, now: func() time.Time { return now().UTC() }}
	s.cache = memo.New(s.now)
	if days == nil {
		days = daytotals.New(db, s.now)
	}
	s.kept = map[string]*closedView{}
	for _, sr := range allSeries {
		s.kept[sr.key] = daytotals.NewView(days, sr.kept, sr.foldDay, indexDays)
	}
	return s
}

// DayCount is one day of a weekly count.
type DayCount struct {
	Day   string `json:"day"`
	Count int    `json:"count"`
}

// Registrations is the reply of users/total_registers.
type Registrations struct {
	Total []DayCount `json:"total"` // the last 7 days, oldest first
	Count int        `json:"count"` // all time
}

// Registrations counts sign-ups (verified: email verifications) per day.
func (s *Service) Registrations(ctx context.Context, verified bool) (Registrations, error) {
	key := "registrations"
	col, cond := "created_at", ""
	if verified {
		key, col, cond = "verified", "verified_at", " AND email_verified = TRUE"
	}
	return memo.Get(ctx, s.cache, key, LiveTTL, func(ctx context.Context) (Registrations, error) {
		days := s.week()
		var r Registrations
		if err := s.db.QueryRowContext(ctx, `SELECT count(*) FROM users WHERE 1 = 1`+cond).Scan(&r.Count); err != nil {
			return r, err
		}
		rows, err := s.db.QueryContext(ctx, `SELECT `+s.db.Dialect.Day(col)+`, count(*) FROM users
			WHERE `+col+` >= $1`+cond+` GROUP BY 1`, s.dayStart(days[0]))
		if err != nil {
			return r, err
		}
		defer rows.Close()
		counts := map[string]int{}
		for rows.Next() {
			var d string
			var n int
			if err := rows.Scan(&d, &n); err != nil {
				return r, err
			}
			counts[d] = n
		}
		for _, d := range days {
			r.Total = append(r.Total, DayCount{Day: d, Count: counts[d]})
		}
		return r, rows.Err()
	})
}

// Online counts users seen in the last two minutes.
func (s *Service) Online(ctx context.Context) (int, error) {
	return memo.Get(ctx, s.cache, "online", LiveTTL, func(ctx context.Context) (int, error) {
		var n int
		err := s.db.QueryRowContext(ctx, `SELECT count(*) FROM users WHERE last_seen_at >= $1`, s.now().Add(-OnlineFor)).Scan(&n)
		return n, err
	})
}

// Pending counts transactions waiting for confirmations (an index of the
// open ones alone), kept for LiveTTL.
func (s *Service) Pending(ctx context.Context) (int, error) {
	return memo.Get(ctx, s.cache, "pending", LiveTTL, func(ctx context.Context) (int, error) {
		var n int
		err := s.db.QueryRowContext(ctx, `SELECT count(*) FROM transactions WHERE status = 'pending'`).Scan(&n)
		return n, err
	})
}

// CacheAges is how old each cached figure's served value is (memo.Cache.Ages).
func (s *Service) CacheAges() map[string]time.Duration { return s.cache.Ages() }

// week is the last 7 UTC days, oldest first, as YYYY-MM-DD.
func (s *Service) week() []string {
	today := s.today()
	out := make([]string, WeekDays)
	for i := range out {
		out[i] = today.AddDate(0, 0, i-WeekDays+1).Format("2006-01-02")
	}
	return out
}

func (s *Service) today() time.Time {
	n := s.now()
	return time.Date(n.Year(), n.Month(), n.Day(), 0, 0, 0, 0, time.UTC)
}

func (s *Service) dayStart(day string) time.Time {
	t, _ := time.Parse("2006-01-02", day)
	return t
}

// rates is each coin's current USD rate.
func (s *Service) rates(ctx context.Context) (map[int64]decimal.Decimal, error) {
	return memo.Get(ctx, s.cache, "rates", LiveTTL, func(ctx context.Context) (map[int64]decimal.Decimal, error) {
		rows, err := s.db.QueryContext(ctx, `SELECT id, fiat_rate FROM coins`)
		if err != nil {
			return nil, err
		}
		defer rows.Close()
		m := map[int64]decimal.Decimal{}
		for rows.Next() {
			var id int64
			var r decimal.Decimal
			if err := rows.Scan(&id, &r); err != nil {
				return nil, err
			}
			m[id] = r
		}
		return m, rows.Err()
	})
}

// Warm computes the slow figures ahead of the first viewer.
func (s *Service) Warm(ctx context.Context) error {
	for _, sr := range allSeries {
		if _, err := s.closedDays(ctx, sr); err != nil {
			return err
		}
		if _, err := s.liveDay(ctx, sr); err != nil {
			return err
		}
	}
	// The accounting cards' live figures (sums over every wallet): once
	// cached, an expired one is served while it refreshes, so no viewer waits.
	now := s.now()
	if _, err := s.Users(ctx, now.AddDate(0, 0, -7), now); err != nil {
		return err
	}
	_, err := s.Financial(ctx, now.AddDate(0, 0, -7), now)
	return err
}

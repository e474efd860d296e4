// Package daytotals keeps per-day totals of closed days in the database, so
// that the dashboard's figures and the History totals cost what changed, not
// what the history holds.
//
// A day is summed once, a little after it ends (CloseDelay), and stored in
// day_totals. Triggers on the summed tables (migration 00011) mark a day
// stale when one of its rows is written later, by this server or any other
// writer; the next read sums that day again. Each node keeps what it has
// read and asks only for the days written since (day_totals.version), so a
// read costs the days that changed, whatever the length of the history.
//
// Nothing here holds a lock while summing: every write is conditional (the
// series' watermark unchanged; the stale mark unchanged since it was read),
// so two nodes summing at once cannot store an older sum over a newer one.
package daytotals

import (
	"context"
	"database/sql"
	"errors"
	"strings"
	"sync"
	"time"

	"github.com/shopspring/decimal"

	"xapa/backoffice/internal/store"
	"xapa/backoffice/internal/utc"
)

// CloseDelay is how long after its end a day is stored: a row written just
// before midnight by a transaction that commits just after it is in the sum.
const CloseDelay = 10 * time.Minute

// Series is a per-day aggregate of one table.
type Series struct {
	Name   string // day_totals.series, as the table's triggers name it
	Groups int    // the columns after the day that name a group
	Sums   int    // the columns after those: the group's sums
	// Query selects the day (YYYY-MM-DD, UTC), the group's columns and its
	// sums for the rows created in [$1, $2), grouped by day and group.
	Query func(store.Dialect) string
}

// Row is one group's sums on one day.
type Row struct {
	Group []string
	Sums  []decimal.Decimal
}

// Days maps a day (YYYY-MM-DD) to the sums of its groups. What Keeper
// returns is shared: never modify it.
type Days map[string][]Row

// Keeper reads and keeps the closed days of each series.
type Keeper struct {
	db  *store.DB
	now func() time.Time

	mu   sync.Mutex
	kept map[string]kept // by series
}

// kept is what a node has read of a series: every stored day written at or
// before version.
type kept struct {
	version int64
	days    Days
}

// New returns a keeper; now is the clock (nil: time.Now).
func New(db *store.DB, now func() time.Time) *Keeper {
	if now == nil {
		now = time.Now
	}
	return &Keeper{db: db, now: func() time.Time { return now().UTC() }, kept: map[string]kept{}}
}

// Closed returns the sums of every day of sr before today (UTC): stored
// days, after storing the days that closed and summing again the stale ones,
// and, in the first minutes of a day, yesterday summed straight from the
// table.
func (k *Keeper) Closed(ctx context.Context, sr Series) (Days, error) {
	now := k.now()
	today := utc.Midnight(now)
	st, err := k.store(ctx, sr, utc.Midnight(now.Add(-CloseDelay)))
	if err != nil {
		return nil, err
	}
	days, through, err := k.read(ctx, sr, st)
	if err != nil {
		return nil, err
	}
	end := today.Format(time.DateOnly)
	if through == end {
		return days, nil
	}
	out := Days{}
	for day, rows := range days {
		if day < end {
			out[day] = rows
		}
	}
	var from time.Time // nothing stored: from the beginning
	if through != "" {
		if from, err = time.Parse(time.DateOnly, through); err != nil {
			return nil, err
		}
	}
	if from.Before(today) {
		recent, err := Sum(ctx, k.db, sr, from, today)
		if err != nil {
			return nil, err
		}
		for day, rows := range recent {
			out[day] = rows
		}
	}
	return out, nil
}

// Sum sums sr's rows created in [from, to) by day, straight from its table.
func Sum(ctx context.Context, db *store.DB, sr Series, from, to time.Time) (Days, error) {
	rows, err := db.QueryContext(ctx, sr.Query(db.Dialect), from, to)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := Days{}
	for rows.Next() {
		var day string
		group := make([]string, sr.Groups)
		sums := make([]decimal.NullDecimal, sr.Sums)
		dest := []any{&day}
		for i := range group {
			dest = append(dest, &group[i])
		}
		for i := range sums {
			dest = append(dest, &sums[i])
		}
		if err := rows.Scan(dest...); err != nil {
			return nil, err
		}
		r := Row{Group: group, Sums: make([]decimal.Decimal, sr.Sums)}
		for i, s := range sums {
			r.Sums[i] = s.Decimal
		}
		out[day] = append(out[day], r)
	}
	return out, rows.Err()
}

// state is a series' row of day_totals_series.
type state struct {
	through string // every day before it is stored; "" when none is
	version int64
	exists  bool // the series is kept: its days are marked when they change
}

func readState(ctx context.Context, q interface {
	QueryRowContext(context.Context, string, ...any) *sql.Row
}, series string) (state, error) {
	var st state
	err := q.QueryRowContext(ctx, `SELECT through, version FROM day_totals_series WHERE series = $1`, series).
		Scan(&st.through, &st.version)
	if errors.Is(err, sql.ErrNoRows) {
		return st, nil
	}
	st.exists = err == nil
	return st, err
}

// store stores the days of sr before closeTo not stored yet, then sums
// again the stored days marked stale; it returns the series' state after.
func (k *Keeper) store(ctx context.Context, sr Series, closeTo time.Time) (state, error) {
	st, err := readState(ctx, k.db, sr.Name)
	if err != nil {
		return st, err
	}
	if !st.exists {
		// The series' row first, so that the triggers mark what changes
		// while the first sum runs.
		if _, err := k.db.ExecContext(ctx, `INSERT INTO day_totals_series (series, through, version) VALUES ($1, '', 0)
			ON CONFLICT (series) DO NOTHING`, sr.Name); err != nil {
			return st, err
		}
		if st, err = readState(ctx, k.db, sr.Name); err != nil {
			return st, err
		}
	}
	wrote := false
	if target := closeTo.Format(time.DateOnly); st.through < target {
		if err := k.advance(ctx, sr, st, closeTo); err != nil {
			return st, err
		}
		wrote = true
	}
	summed, err := k.restale(ctx, sr)
	if err != nil || !wrote && !summed {
		return st, err
	}
	return readState(ctx, k.db, sr.Name)
}

// advance stores the days of [st.through, closeTo), unless another node
// moved the watermark meanwhile.
func (k *Keeper) advance(ctx context.Context, sr Series, st state, closeTo time.Time) error {
	var from time.Time
	if st.through != "" {
		var err error
		if from, err = time.Parse(time.DateOnly, st.through); err != nil {
			return err
		}
	}
	days, err := Sum(ctx, k.db, sr, from, closeTo)
	if err != nil {
		return err
	}
	return k.db.Tx(ctx, func(tx *sql.Tx) error {
		version, ok, err := moveWatermark(ctx, tx, sr.Name, st, closeTo.Format(time.DateOnly))
		if err != nil || !ok {
			return err
		}
		for day, rows := range days {
			if err := writeDay(ctx, tx, sr.Name, day, rows, version); err != nil {
				return err
			}
		}
		return nil
	})
}

// moveWatermark sets the series' watermark to through and its version one
// up, if nobody changed them since st was read; it returns the new version.
func moveWatermark(ctx context.Context, tx *sql.Tx, series string, st state, through string) (int64, bool, error) {
	res, err := tx.ExecContext(ctx, `UPDATE day_totals_series SET through = $1, version = version + 1
		WHERE series = $2 AND through = $3 AND version = $4`, through, series, st.through, st.version)
	if err != nil {
		return 0, false, err
	}
	if n, err := res.RowsAffected(); err != nil || n != 1 {
		return 0, false, err
	}
	return st.version + 1, true, nil
}

// restale sums again each stored day marked stale, keeping the new sum only
// when the day was not marked again meanwhile; it reports whether any day
// was marked.
func (k *Keeper) restale(ctx context.Context, sr Series) (bool, error) {
	type mark struct {
		day   string
		marks int64
	}
	var stale []mark
	err := func() error {
		rows, err := k.db.QueryContext(ctx, `SELECT s.day, s.marks FROM day_totals_stale s
			JOIN day_totals_series t ON t.series = s.series WHERE s.series = $1 AND s.day < t.through`, sr.Name)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var m mark
			if err := rows.Scan(&m.day, &m.marks); err != nil {
				return err
			}
			stale = append(stale, m)
		}
		return rows.Err()
	}()
	if err != nil {
		return false, err
	}
	for _, m := range stale {
		day, err := time.Parse(time.DateOnly, m.day)
		if err != nil {
			return true, err
		}
		days, err := Sum(ctx, k.db, sr, day, day.AddDate(0, 0, 1))
		if err != nil {
			return true, err
		}
		if err := k.db.Tx(ctx, func(tx *sql.Tx) error {
			return replaceDay(ctx, tx, sr.Name, m.day, m.marks, days[m.day])
		}); err != nil {
			return true, err
		}
	}
	return len(stale) > 0, nil
}

// replaceDay stores rows as day's sums, with the marker row that tells
// nodes to read the day again, if its stale mark still holds marks.
func replaceDay(ctx context.Context, tx *sql.Tx, series, day string, marks int64, rows []Row) error {
	res, err := tx.ExecContext(ctx, `DELETE FROM day_totals_stale WHERE series = $1 AND day = $2 AND marks = $3`, series, day, marks)
	if err != nil {
		return err
	}
	if n, err := res.RowsAffected(); err != nil || n != 1 {
		return err // marked again, or summed by another node: left for the next read
	}
	var version int64
	if err := tx.QueryRowContext(ctx, `UPDATE day_totals_series SET version = version + 1 WHERE series = $1
		RETURNING version`, series).Scan(&version); err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, `DELETE FROM day_totals WHERE series = $1 AND day = $2`, series, day); err != nil {
		return err
	}
	return writeDay(ctx, tx, series, day, append([]Row{{}}, rows...), version)
}

// writeDay inserts a day's rows; a row without a group is the marker.
func writeDay(ctx context.Context, tx *sql.Tx, series, day string, rows []Row, version int64) error {
	for _, r := range rows {
		sums := make([]string, len(r.Sums))
		for i, s := range r.Sums {
			sums[i] = s.String()
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO day_totals (series, day, grp, sums, version) VALUES ($1, $2, $3, $4, $5)`,
			series, day, strings.Join(r.Group, "|"), strings.Join(sums, "|"), version); err != nil {
			return err
		}
	}
	return nil
}

// read returns every stored day of sr and the watermark of st, reading
// only the days written since this node's last read.
func (k *Keeper) read(ctx context.Context, sr Series, st state) (Days, string, error) {
	k.mu.Lock()
	have := k.kept[sr.Name]
	k.mu.Unlock()
	if have.days != nil && have.version == st.version {
		return have.days, st.through, nil
	}
	changed, err := readSince(ctx, k.db, sr, have.version)
	if err != nil {
		return nil, "", err
	}
	days := make(Days, len(have.days)+len(changed))
	for day, rows := range have.days {
		days[day] = rows
	}
	for day, rows := range changed {
		days[day] = rows
	}
	k.mu.Lock()
	if k.kept[sr.Name].version <= st.version {
		k.kept[sr.Name] = kept{version: st.version, days: days}
	}
	k.mu.Unlock()
	return days, st.through, nil
}

// readSince reads every row of the days written after version (a day's
// rows are written together, so a day is read whole).
func readSince(ctx context.Context, db *store.DB, sr Series, version int64) (Days, error) {
	rows, err := db.QueryContext(ctx, `SELECT day, grp, sums FROM day_totals
		WHERE series = $1 AND day IN (SELECT day FROM day_totals WHERE series = $1 AND version > $2)`, sr.Name, version)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := Days{}
	for rows.Next() {
		var day, grp, sums string
		if err := rows.Scan(&day, &grp, &sums); err != nil {
			return nil, err
		}
		if out[day] == nil {
			out[day] = []Row{}
		}
		if grp == "" && sums == "" {
			continue // the marker of a day summed again
		}
		r, err := parseRow(grp, sums, sr)
		if err != nil {
			return nil, err
		}
		out[day] = append(out[day], r)
	}
	return out, rows.Err()
}

func parseRow(grp, sums string, sr Series) (Row, error) {
	r := Row{Group: strings.Split(grp, "|")}
	for _, s := range strings.Split(sums, "|") {
		d, err := decimal.NewFromString(s)
		if err != nil {
			return Row{}, err
		}
		r.Sums = append(r.Sums, d)
	}
	if len(r.Group) != sr.Groups || len(r.Sums) != sr.Sums {
		return Row{}, errors.New("daytotals: a stored row of " + sr.Name + " does not match its series")
	}
	return r, nil
}

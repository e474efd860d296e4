// Package daytotals keeps per-day totals of closed days in the database, so
// that the dashboard's figures and the History totals cost what changed, not
// what the history holds.
//
// A day is summed once, a little after it ends (CloseDelay), and stored in
// day_totals. Triggers on the summed tables (migration 00011) mark a day
// stale when one of its rows is written later, by this server or any other
// writer; the next read sums that day again. Each reader (a View) keeps its
// own compact form of every day and asks only for the days written since
// its last read (day_totals.version), so a read costs the days that
// changed, whatever the length of the history. A long history is stored for
// the first time AdvanceDays at a time, each step kept as it commits.
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
	// First selects the day (YYYY-MM-DD, UTC) of the series' earliest row,
	// NULL when it has none: where storing its days begins.
	First func(store.Dialect) string
}

// Row is one group's sums on one day.
type Row struct {
	Group []string
	Sums  []decimal.Decimal
}

// Days maps a day (YYYY-MM-DD) to the sums of its groups.
type Days map[string][]Row

// Keeper stores the closed days of each series and tells what changed.
type Keeper struct {
	db  *store.DB
	now func() time.Time
}

// New returns a keeper; now is the clock (nil: time.Now).
func New(db *store.DB, now func() time.Time) *Keeper {
	if now == nil {
		now = time.Now
	}
	return &Keeper{db: db, now: func() time.Time { return now().UTC() }}
}

// changes is what a reader of a series lacks since it read version since.
type changes struct {
	version int64 // the series' version now: the next read's since
	stored  Days  // the stored days written after since, each whole
	recent  Days  // the days before today not stored yet, summed from the table
}

// changes stores the days of sr that closed and sums again the stale ones,
// then returns what changed since version since (0: everything), and, in
// the first minutes of a day, yesterday summed straight from the table.
func (k *Keeper) changes(ctx context.Context, sr Series, since int64) (changes, error) {
	now := k.now()
	today := utc.Midnight(now)
	st, err := k.store(ctx, sr, utc.Midnight(now.Add(-CloseDelay)))
	if err != nil {
		return changes{}, err
	}
	c := changes{version: st.version}
	if since != st.version {
		if c.stored, err = readSince(ctx, k.db, sr, since); err != nil {
			return changes{}, err
		}
	}
	var from time.Time // nothing stored: from the beginning
	if st.through != "" {
		if from, err = time.Parse(time.DateOnly, st.through); err != nil {
			return changes{}, err
		}
	}
	if from.Before(today) {
		if c.recent, err = Sum(ctx, k.db, sr, from, today); err != nil {
			return changes{}, err
		}
	}
	return c, nil
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

// AdvanceDays is how many days advance sums and stores at a time: storing a
// long history for the first time is a series of bounded steps, each kept
// when it commits, so a step cut short (a timeout, a restart) loses only
// itself.
const AdvanceDays = 31

// advance stores the days of [st.through, closeTo), AdvanceDays at a time,
// unless another node moves the watermark meanwhile.
func (k *Keeper) advance(ctx context.Context, sr Series, st state, closeTo time.Time) error {
	from, err := k.firstDay(ctx, sr, st, closeTo)
	if err != nil {
		return err
	}
	for {
		to := utc.Earlier(from.AddDate(0, 0, AdvanceDays), closeTo)
		days, err := Sum(ctx, k.db, sr, from, to)
		if err != nil {
			return err
		}
		through := to.Format(time.DateOnly)
		moved := false
		if err := k.db.Tx(ctx, func(tx *sql.Tx) error {
			version, ok, err := moveWatermark(ctx, tx, sr.Name, st, through)
			if err != nil || !ok {
				return err
			}
			moved, st = true, state{through: through, version: version, exists: true}
			for day, rows := range days {
				if err := writeDay(ctx, tx, sr.Name, day, rows, version); err != nil {
					return err
				}
			}
			return nil
		}); err != nil || !moved || !to.Before(closeTo) {
			return err
		}
		from = to
	}
}

// firstDay is where advance starts: the watermark, or when nothing is
// stored yet, the day of the series' first row (closeTo when it has none).
func (k *Keeper) firstDay(ctx context.Context, sr Series, st state, closeTo time.Time) (time.Time, error) {
	if st.through != "" {
		return time.Parse(time.DateOnly, st.through)
	}
	var day sql.NullString
	if err := k.db.QueryRowContext(ctx, sr.First(k.db.Dialect)).Scan(&day); err != nil || !day.Valid {
		return closeTo, err
	}
	return time.Parse(time.DateOnly, day.String)
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

// readSince reads every row of the days written after version (a day's
// rows are written together, so a day is read whole).
func readSince(ctx context.Context, db *store.DB, sr Series, version int64) (Days, error) {
	q := `SELECT day, grp, sums FROM day_totals WHERE series = $1`
	args := []any{sr.Name}
	if version > 0 { // else every day: one pass over the series, not a lookup per day
		q, args = q+` AND day IN (SELECT day FROM day_totals WHERE series = $1 AND version > $2)`, append(args, version)
	}
	rows, err := db.QueryContext(ctx, q, args...)
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

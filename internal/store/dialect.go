package store

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"errors"
	"fmt"
	"io"
	"net"
	"strings"
	"unicode/utf8"

	"github.com/jackc/pgx/v5/pgconn"
	"modernc.org/sqlite"
	sqlite3 "modernc.org/sqlite/lib"
)

// Dialect names a database kind. Every SQL difference between the two is a
// method here, so queries elsewhere are written once.
//
// Storage choices that differ: money is NUMERIC(38,18) in PostgreSQL and
// canonical decimal TEXT in SQLite (summed exactly by dec_sum, see
// decimal_sqlite.go); timestamps are TIMESTAMPTZ in PostgreSQL and UTC text
// "YYYY-MM-DD HH:MM:SS[.f]+00:00" in SQLite, which sorts chronologically.
type Dialect string

// The two dialects.
const (
	SQLite   Dialect = "sqlite"
	Postgres Dialect = "postgres"
)

// LockXact takes a lock named by key until tx ends, so transactions that
// check a rule across many rows (the last role editor) run one after another.
// PostgreSQL: an advisory transaction lock. SQLite: nothing to take, since a
// write transaction already holds the database's one write lock until it ends.
func (d Dialect) LockXact(ctx context.Context, tx *sql.Tx, key int64) error {
	if d == SQLite {
		return nil
	}
	_, err := tx.ExecContext(ctx, `SELECT pg_advisory_xact_lock($1)`, key)
	return err
}

// SkipLocked ends a SELECT whose rows a worker claims (a queue): PostgreSQL
// locks them and passes over rows another worker holds; SQLite has nothing
// to add, since its one writer claims alone.
func (d Dialect) SkipLocked() string {
	if d == SQLite {
		return ""
	}
	return " FOR UPDATE SKIP LOCKED"
}

// Unindexed names a column so that the planner does not reach the rows
// through an index on it: for a sum over most of a table's rows, SQLite
// would otherwise walk the index for the GROUP BY order and look up each
// row (a B-tree search per row) where one pass over the table does;
// PostgreSQL plans by its statistics and takes the column as it is.
func (d Dialect) Unindexed(col string) string {
	if d == SQLite {
		return "+" + col
	}
	return col
}

// Bytewise compares a text column byte by byte, so that a range on it
// (col >= 'ab' AND col < 'ac') holds exactly the values starting with a
// prefix: SQLite's default collation already does; PostgreSQL's may not, and
// its index for such ranges is made with the "C" collation.
func (d Dialect) Bytewise(col string) string {
	if d == SQLite {
		return col
	}
	return col + ` COLLATE "C"`
}

// Sum is the exact sum of a money expression (NULL over no rows).
func (d Dialect) Sum(expr string) string {
	if d == SQLite {
		return "dec_sum(" + expr + ")"
	}
	return "sum(" + expr + ")"
}

// Mul multiplies two money expressions exactly.
func (d Dialect) Mul(a, b string) string {
	if d == SQLite {
		return "dec_mul(" + a + ", " + b + ")"
	}
	return "(" + a + " * " + b + ")"
}

// Money reads a money column for Go: PostgreSQL's NUMERIC(38, 18) prints 18
// decimals ("0.100000000000000000"), which parse as big integers; without the
// trailing zeros most amounts parse and print on the int64 fast path, the
// same value. SQLite stores the shortest text already.
func (d Dialect) Money(col string) string {
	if d == SQLite {
		return col
	}
	return "trim_scale(" + col + ")"
}

// StoredTime reads a timestamp column for Go as it reads fastest: on SQLite
// the stored text (the driver parses a TIMESTAMP column's text twice, first
// as Go's time.String() layout, which fails, then as stored); PostgreSQL's
// column as it is (a time.Time, read in binary).
func (d Dialect) StoredTime(col string) string {
	if d == SQLite {
		return "CAST(" + col + " AS TEXT)"
	}
	return col
}

// UserSearch is the condition "user u's search key (email, username and
// display name in lower case; migration 00003) contains q", with the value to
// bind as parameter $n: u.id among userSearchIDs.
func (d Dialect) UserSearch(n int, q string) (cond string, arg string) {
	ids, arg := d.userSearchIDs(n, q)
	if ids == "" {
		return fmt.Sprintf(`u.search_key LIKE $%d ESCAPE '\'`, n), arg
	}
	return "u.id IN (" + ids + ")", arg
}

// UserSearchIDs is a query for the ids of every user whose search key
// contains q (bound as $1), when a trigram index answers it: q has 3 or more
// characters. Reading all of them then beats counting them and finding one
// page, which match the fragment twice. Else "".
func (d Dialect) UserSearchIDs(q string) (query string, arg string) {
	if utf8.RuneCountInString(q) < 3 {
		return "", ""
	}
	return d.userSearchIDs(1, q)
}

// userSearchIDs is the ids of the users whose search key contains q, from the
// narrow table users_search (migration 00004), or
// "" where SQLite must compute every key instead. PostgreSQL's trigram index
// takes any fragment with a LIKE recheck. SQLite's FTS5 trigram index takes
// fragments of 3 or more characters as a phrase: the fragment's trigrams at
// consecutive positions, which is exactly "contains" and needs no second look
// at each candidate's text, as LIKE through the same index does (3.8 ms
// instead of 31 ms for a surname matching 5,000 of 100,000 users). FTS5 folds
// case itself, and q is folded here because SQLite's lower() folds ASCII only.
func (d Dialect) userSearchIDs(n int, q string) (query string, arg string) {
	if d == SQLite {
		q = strings.ToLower(q)
		if utf8.RuneCountInString(q) >= 3 {
			return fmt.Sprintf("SELECT rowid FROM users_search WHERE users_search MATCH $%d", n), ftsPhrase(q)
		}
		return "", LikePattern(q)
	}
	return fmt.Sprintf(`SELECT id FROM users_search WHERE search_key LIKE lower($%d) ESCAPE '\'`, n), LikePattern(q)
}

// ftsPhrase quotes q as one FTS5 phrase: every character literal, quotes doubled.
func ftsPhrase(q string) string { return `"` + strings.ReplaceAll(q, `"`, `""`) + `"` }

// Day is the UTC calendar day of a timestamp expression as text YYYY-MM-DD.
func (d Dialect) Day(expr string) string {
	if d == SQLite {
		return "substr(" + expr + ", 1, 10)"
	}
	return "to_char(" + expr + " AT TIME ZONE 'UTC', 'YYYY-MM-DD')"
}

// Hour is the UTC hour of a timestamp expression as text YYYY-MM-DD HH.
func (d Dialect) Hour(expr string) string {
	if d == SQLite {
		return "substr(" + expr + ", 1, 13)"
	}
	return "to_char(" + expr + " AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24')"
}

// JoinText is the aggregate joining a text expression's values with commas
// (no order): NULL over no rows.
func (d Dialect) JoinText(expr string) string {
	if d == SQLite {
		return "group_concat(" + expr + ", ',')"
	}
	return "string_agg(" + expr + ", ',')"
}

// ILike is the case-insensitive LIKE operator (SQLite's LIKE already is, for ASCII).
func (d Dialect) ILike() string {
	if d == SQLite {
		return "LIKE"
	}
	return "ILIKE"
}

// NextID is the id the next row of table (with an id column) takes, for a
// row whose content must name its id before it is inserted: PostgreSQL's
// identity sequence gives it; on SQLite it is one more than the largest id the
// table holds or, for an AUTOINCREMENT table, ever held: what SQLite would
// pick, correct while the caller holds the write lock.
func (d Dialect) NextID(ctx context.Context, tx *sql.Tx, table string) (int64, error) {
	q := fmt.Sprintf("SELECT nextval(pg_get_serial_sequence('%s', 'id'))", table)
	if d == SQLite {
		// An AUTOINCREMENT table keeps the largest id it ever used in sqlite_sequence: an id whose row was deleted
		// is not given again. Other tables have no row there.
		q = fmt.Sprintf(`SELECT max(coalesce((SELECT max(id) FROM %[1]s), 0),
			coalesce((SELECT seq FROM sqlite_sequence WHERE name = '%[1]s'), 0)) + 1`, table)
	}
	var id int64
	err := tx.QueryRowContext(ctx, q).Scan(&id)
	return id, err
}

// FreshPlans has tx's statements planned for the tables as they are when
// each runs. PostgreSQL may otherwise keep a prepared statement's generic
// plan, made while a table was nearly empty (a sequential scan), while a
// backfill grows it by hundreds of thousands of rows: quadratic. SQLite
// plans from the schema alone.
func (d Dialect) FreshPlans(ctx context.Context, tx *sql.Tx) error {
	if d == SQLite {
		return nil
	}
	_, err := tx.ExecContext(ctx, "SET LOCAL plan_cache_mode = force_custom_plan")
	return err
}

// NextIDs is NextID for n rows at once, in one statement.
func (d Dialect) NextIDs(ctx context.Context, tx *sql.Tx, table string, n int) ([]int64, error) {
	ids := make([]int64, 0, n)
	if d == SQLite {
		first, err := d.NextID(ctx, tx, table)
		for i := range int64(n) {
			ids = append(ids, first+i)
		}
		return ids, err
	}
	rows, err := tx.QueryContext(ctx, fmt.Sprintf("SELECT nextval(pg_get_serial_sequence('%s', 'id')) FROM generate_series(1, $1)", table), n)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			return nil, err
		}
		ids = append(ids, id)
	}
	return ids, rows.Err()
}

// ResetSequences makes the identity of table continue after its largest id,
// after rows were inserted with explicit ids (SQLite's rowid needs nothing).
func (d Dialect) ResetSequences(table string) string {
	if d == SQLite {
		return ""
	}
	return fmt.Sprintf("SELECT setval(pg_get_serial_sequence('%s', 'id'), coalesce(max(id), 0) + 1, false) FROM %s", table, table)
}

// IsUniqueViolation reports whether err is a unique-constraint failure.
func IsUniqueViolation(err error) bool {
	var pg *pgconn.PgError
	if errors.As(err, &pg) {
		return pg.Code == "23505"
	}
	var se *sqlite.Error
	if errors.As(err, &se) {
		return se.Code() == sqlite3.SQLITE_CONSTRAINT_UNIQUE || se.Code() == sqlite3.SQLITE_CONSTRAINT_PRIMARYKEY
	}
	return false
}

// LikePattern escapes s for a "contains" LIKE match with ESCAPE '\'.
func LikePattern(s string) string {
	r := strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`)
	return "%" + r.Replace(s) + "%"
}

// IsUnavailable reports whether err means the database cannot be reached
// (answered as 503), as opposed to a bad query or data.
func IsUnavailable(err error) bool {
	if err == nil {
		return false
	}
	var connErr *pgconn.ConnectError
	var netErr net.Error
	var pg *pgconn.PgError
	if errors.As(err, &connErr) {
		return true
	}
	if errors.As(err, &pg) {
		// A server going away ends its sessions with one of these (a fast or
		// crash shutdown, a restart still in progress); class 08 is a broken
		// connection.
		return strings.HasPrefix(pg.Code, "08") || pg.Code == "57P01" || pg.Code == "57P02" || pg.Code == "57P03"
	}
	return errors.As(err, &netErr) || errors.Is(err, driver.ErrBadConn) ||
		errors.Is(err, sql.ErrConnDone) || errors.Is(err, pgconn.ErrConnClosed) ||
		errors.Is(err, io.ErrUnexpectedEOF) || strings.Contains(err.Error(), "sql: database is closed")
}

// RelaxCommit lets tx commit without waiting for its WAL to reach the disk
// (PostgreSQL's synchronous_commit off, for tx alone): for a transaction
// whose loss is harmless, such as a count of reads. A crash of PostgreSQL
// then loses such commits of its last moments (three times wal_writer_delay,
// 0.6 s by default), never one before a commit that was waited for. SQLite's commits here never wait for
// the disk (synchronous NORMAL in WAL mode).
func (d Dialect) RelaxCommit(ctx context.Context, tx *sql.Tx) error {
	if d == SQLite {
		return nil
	}
	_, err := tx.ExecContext(ctx, "SET LOCAL synchronous_commit = off")
	return err
}

// Vacuum brings PostgreSQL's planner statistics and visibility map up to
// date after a bulk load, as autovacuum's first pass would. Without the
// statistics it takes a table of a million rows for a small one and scans it
// where an index would do; without the visibility map, its index-only scans
// read the table's pages too. SQLite keeps neither: its statements here are
// planned without statistics.
func (db *DB) Vacuum(ctx context.Context) error {
	if db.Dialect == SQLite {
		return nil
	}
	_, err := db.ExecContext(ctx, "VACUUM (ANALYZE)")
	return err
}

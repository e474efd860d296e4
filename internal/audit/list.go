package audit

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"xapa/backoffice/internal/store"
	"xapa/backoffice/internal/utc"
)

// Service serves the audit log list from the database.
type Service struct{ db *store.DB }

// New returns the service over db.
func New(db *store.DB) *Service { return &Service{db: db} }

// Row is an audit entry as the API shows it.
type Row struct {
	ID    int64 `json:"id"`
	Actor struct {
		ID    *int64 `json:"id"`
		Email string `json:"email"`
	} `json:"actor"`
	Action Action `json:"action"`
	Target string `json:"target"`
	// TargetLabel names the target as it stands now: a user's email, a
	// role's, token's or app version's name; null for other targets and for
	// one since deleted.
	TargetLabel *string         `json:"target_label"`
	Details     json.RawMessage `json:"details"`
	IP          string          `json:"ip"`
	CreatedAt   string          `json:"created_at"`
}

// Filter selects audit entries: actor email (contains), action (exact or a
// prefix ending in '.'), and a date range.
type Filter struct {
	Actor, Action string
	From, To      *time.Time
}

func (f Filter) where(d store.Dialect) (string, []any) {
	var conds []string
	var args []any
	add := func(cond string, v any) {
		args = append(args, v)
		conds = append(conds, fmt.Sprintf(cond, len(args)))
	}
	if a := strings.TrimSpace(f.Actor); a != "" {
		add(`actor_email `+d.ILike()+` $%d ESCAPE '\'`, store.LikePattern(a))
	}
	if a := strings.TrimSpace(f.Action); strings.HasSuffix(a, ".") {
		add(`action LIKE $%d ESCAPE '\'`, strings.TrimPrefix(store.LikePattern(a), "%")) // "login." matches login.*
	} else if a != "" {
		add("action = $%d", a)
	}
	if f.From != nil {
		add("created_at >= $%d", f.From.UTC())
	}
	if f.To != nil {
		add("created_at <= $%d", f.To.UTC())
	}
	if len(conds) == 0 {
		return "", nil
	}
	return " WHERE " + strings.Join(conds, " AND "), args
}

// List returns a page of entries newest first and their count (limit 0:
// all of them, to each, in batches; the count is then -1).
func (s *Service) List(ctx context.Context, f Filter, limit, offset int, each func(Row) error) (int, error) {
	cond, args := f.where(s.db.Dialect)
	q := store.Newest{Select: `SELECT id, actor_id, actor_email, action, target, details, ip, created_at, ` + targetLabel(s.db.Dialect) + ` FROM audit_log`,
		Where: cond, Args: args, At: "created_at", ID: "id"}
	if limit <= 0 {
		return -1, store.EachNewest(ctx, s.db, q, scanRow, each)
	}
	var total int
	if err := s.db.QueryRowContext(ctx, `SELECT count(*) FROM audit_log`+cond, args...).Scan(&total); err != nil {
		return 0, err
	}
	return total, store.EachPage(ctx, s.db, q, limit, offset, scanRow, each)
}

func scanRow(rows *sql.Rows) (Row, store.Cursor, error) {
	var r Row
	var actor sql.NullInt64
	var details string
	var at time.Time
	var label sql.NullString
	if err := rows.Scan(&r.ID, &actor, &r.Actor.Email, &r.Action, &r.Target, &details, &r.IP, &at, &label); err != nil {
		return r, store.Cursor{}, err
	}
	if actor.Valid {
		r.Actor.ID = &actor.Int64
	}
	r.Details = json.RawMessage(details)
	if !json.Valid(r.Details) {
		r.Details, _ = json.Marshal(details)
	}
	if label.Valid {
		r.TargetLabel = &label.String
	}
	r.CreatedAt = utc.Stamp(at)
	return r, store.Cursor{At: at, ID: r.ID}, nil
}

// NamedKinds are the targets that have a name to show instead of their key
// ("user:57" → its email): the kind, and the table and column of the name,
// read by primary key. The audit list and the approval requests both read
// names through it.
var NamedKinds = []struct{ Kind, Table, Column string }{
	{"user", "users", "email"},
	{"role", "roles", "role"},
	{"coin", "coins", "name"},
	{"app_version", "app_versions", "name"},
}

// targetLabel is the column of an entry's target label: a lookup by primary
// key in the same statement (no query per row), made only for the rows a
// page returns. PostgreSQL casts only a target that is all digits after the
// kind; SQLite's cast never fails.
func targetLabel(d store.Dialect) string {
	var b strings.Builder
	b.WriteString("CASE")
	for _, l := range NamedKinds {
		prefix := l.Kind + ":"
		id := fmt.Sprintf("CAST(substr(audit_log.target, %d) AS BIGINT)", len(prefix)+1)
		match := fmt.Sprintf("audit_log.target GLOB '%s[0-9]*'", prefix)
		if d == store.Postgres {
			match = fmt.Sprintf("audit_log.target ~ '^%s[0-9]{1,18}$'", prefix)
		}
		fmt.Fprintf(&b, " WHEN %s THEN (SELECT n.%s FROM %s n WHERE n.id = %s)", match, l.Column, l.Table, id)
	}
	b.WriteString(" END")
	return b.String()
}

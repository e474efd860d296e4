package commands

import (
	"context"
	"database/sql"
	"fmt"
	"time"

	"xapa/backoffice/internal/store"
)

// Command is a command as operators read it.
type Command struct {
	ID          string     `json:"id"`
	Type        string     `json:"type"`
	Entity      string     `json:"entity" description:"What it changes: customer:17, coin:9, promotion, app_version:4."`
	State       string     `json:"state" enum:"waiting,delivered,applied,rejected"`
	Attempts    int        `json:"attempts" description:"Deliveries refused so far."`
	LastError   string     `json:"lastError" description:"Why the last delivery failed."`
	Reason      string     `json:"reason" description:"Why the core rejected it."`
	CreatedAt   time.Time  `json:"createdAt"`
	NextAttempt *time.Time `json:"nextAttemptAt" description:"When a waiting command is sent next."`
	DeliveredAt *time.Time `json:"deliveredAt"`
	AnsweredAt  *time.Time `json:"answeredAt"`
	Body        string     `json:"body" description:"The CloudEvent as sent."`
}

// Filter selects commands by state; failing are the waiting ones refused
// at least once. Its tags are the API's query parameter: the OpenAPI
// document states them, and the API's query binder checks them.
type Filter struct {
	State string `query:"state" enum:"waiting,failing,delivered,applied,rejected" invalid:"unknown state" refusal:"state must be one of waiting, failing, delivered, applied, rejected, or empty." description:"Empty: every state."`
}

func where(f Filter) (string, []any) {
	switch f.State {
	case "":
		return "", nil
	case "failing":
		return " WHERE state = 'waiting' AND attempts > 0", nil
	}
	return " WHERE state = $1", []any{f.State}
}

// List is a page of the commands, newest first, and the count of all that
// match.
func List(ctx context.Context, db *store.DB, f Filter, limit, offset int) ([]Command, int, error) {
	cond, args := where(f)
	var total int
	if err := db.QueryRowContext(ctx, `SELECT count(*) FROM core_commands`+cond, args...).Scan(&total); err != nil {
		return nil, 0, err
	}
	rows, err := db.QueryContext(ctx, `SELECT id, type, entity, state, attempts, last_error, reason, created_at,
		next_attempt_at, delivered_at, answered_at, body FROM core_commands`+cond+
		fmt.Sprintf(` ORDER BY seq DESC LIMIT $%d OFFSET $%d`, len(args)+1, len(args)+2), append(args, limit, offset)...)
	if err != nil {
		return nil, 0, err
	}
	defer rows.Close()
	out := []Command{}
	for rows.Next() {
		var c Command
		var next time.Time
		var delivered, answered sql.NullTime
		if err := rows.Scan(&c.ID, &c.Type, &c.Entity, &c.State, &c.Attempts, &c.LastError, &c.Reason, &c.CreatedAt,
			&next, &delivered, &answered, &c.Body); err != nil {
			return nil, 0, err
		}
		if c.State == Waiting {
			c.NextAttempt = &next
		}
		c.DeliveredAt, c.AnsweredAt = timeOrNil(delivered), timeOrNil(answered)
		out = append(out, c)
	}
	return out, total, rows.Err()
}

func timeOrNil(t sql.NullTime) *time.Time {
	if !t.Valid {
		return nil
	}
	return &t.Time
}

// CountRejected counts the commands the core rejected.
func CountRejected(ctx context.Context, db *store.DB) (int, error) {
	var n int
	err := db.QueryRowContext(ctx, `SELECT count(*) FROM core_commands WHERE state = 'rejected'`).Scan(&n)
	return n, err
}

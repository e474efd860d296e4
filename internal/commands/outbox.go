// Package commands sends what staff decide to the exchange core
// (docs/decisions/0016-commands-to-the-core.md). A staff change writes its
// command in its own transaction (Write): the change, its audit entry and
// its command commit together or not at all. One node at a time delivers
// them (Deliverer), at least once, in order per entity, each entity's
// failures holding back only that entity's later commands. The core answers
// each with xapa.command_result.v1 (Answer): until then the change is
// pending at core.
package commands

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/google/uuid"

	"xapa/backoffice/internal/store"
)

// Source is the CloudEvents source of every command.
const Source = "xapa.backoffice"

// States of a command.
const (
	Waiting   = "waiting"   // not yet taken by every receiver
	Delivered = "delivered" // taken: pending at core
	Applied   = "applied"   // the core applied it
	Rejected  = "rejected"  // the core refused it, with a reason; its own state stands
)

// Event is a command as sent: a CloudEvent in JSON structured mode.
type Event struct {
	SpecVersion string    `json:"specversion" required:"true" const:"1.0"`
	ID          string    `json:"id" required:"true" description:"A UUID: receivers de-duplicate by it."`
	Source      string    `json:"source" required:"true" const:"xapa.backoffice"`
	Type        string    `json:"type" required:"true"`
	Time        time.Time `json:"time" required:"true"`
	Subject     string    `json:"subject" required:"true" description:"The entity it changes (customer:17): commands of one entity arrive in the order made."`
	Data        any       `json:"data" required:"true"`
}

func entity(kind string, id int64) string { return fmt.Sprintf("%s:%d", kind, id) }

// Write records cmd in tx, beside the change it announces, and returns its id.
func Write(ctx context.Context, tx *sql.Tx, cmd Data) (string, error) {
	now := store.Now()
	e := Event{SpecVersion: "1.0", ID: uuid.NewString(), Source: Source, Type: cmd.CommandType(), Time: now,
		Subject: cmd.Entity(), Data: cmd}
	body, err := json.Marshal(e)
	if err != nil {
		return "", err
	}
	_, err = tx.ExecContext(ctx, `INSERT INTO core_commands (id, type, entity, body, next_attempt_at, created_at)
		VALUES ($1, $2, $3, $4, $5, $5)`, e.ID, e.Type, e.Subject, string(body), now)
	return e.ID, err
}

// ErrUnknown answers a result for a command that was never sent.
var ErrUnknown = errors.New("no command has this id")

// Answer records the core's answer to command id: applied, or rejected with
// its reason. A command already answered keeps its first answer (false).
func Answer(ctx context.Context, tx *sql.Tx, id, status, reason string) (bool, error) {
	res, err := tx.ExecContext(ctx, `UPDATE core_commands SET state = $1, reason = $2, answered_at = $3,
		delivered_at = coalesce(delivered_at, $3) WHERE id = $4 AND state IN ('waiting', 'delivered')`,
		status, reason, store.Now(), id)
	if err != nil {
		return false, err
	}
	if n, err := res.RowsAffected(); err != nil || n == 1 {
		return n == 1, err
	}
	var known int
	if err := tx.QueryRowContext(ctx, `SELECT count(*) FROM core_commands WHERE id = $1`, id).Scan(&known); err != nil {
		return false, err
	}
	if known == 0 {
		return false, ErrUnknown
	}
	return false, nil
}

// Status is where an entity's last command stands.
type Status struct {
	CommandID string    `json:"commandId"`
	State     string    `json:"state" enum:"waiting,delivered,applied,rejected"`
	Reason    string    `json:"reason,omitempty"`
	At        time.Time `json:"at"`
}

// Last is the status of the last command of each entity that has one.
func Last(ctx context.Context, db *store.DB, entities ...string) (map[string]Status, error) {
	out := map[string]Status{}
	if len(entities) == 0 {
		return out, nil
	}
	in, args := db.Dialect.In(1, entities)
	rows, err := db.QueryContext(ctx, `SELECT c.entity, c.id, c.state, c.reason, c.created_at FROM core_commands c
		WHERE c.seq IN (SELECT max(seq) FROM core_commands WHERE entity`+in+` GROUP BY entity)`, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	for rows.Next() {
		var e string
		var s Status
		if err := rows.Scan(&e, &s.CommandID, &s.State, &s.Reason, &s.At); err != nil {
			return nil, err
		}
		out[e] = s
	}
	return out, rows.Err()
}

// CoreCustomerID is the core's id of our customer id, "" when the core has
// not linked it yet (a customer registered here).
func CoreCustomerID(ctx context.Context, tx *sql.Tx, id int64) (string, error) {
	var core string
	err := tx.QueryRowContext(ctx, `SELECT core_id FROM core_ids WHERE kind = 'customer' AND local_id = $1`, id).Scan(&core)
	if err == sql.ErrNoRows {
		return "", nil
	}
	return core, err
}

// CoinNames are the catalogue's coins by our id, named as events name them:
// BTC for a chain's own coin, USDT@TRX for a token.
func CoinNames(ctx context.Context, tx *sql.Tx) (map[int64]string, error) {
	rows, err := tx.QueryContext(ctx, `SELECT c.id, c.symbol, coalesce(b.symbol, '') FROM coins c
		LEFT JOIN coins b ON b.id = c.blockchain_id AND c.kind = 'token'`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := map[int64]string{}
	for rows.Next() {
		var id int64
		var symbol, chain string
		if err := rows.Scan(&id, &symbol, &chain); err != nil {
			return nil, err
		}
		out[id] = CoinName(symbol, chain)
	}
	return out, rows.Err()
}

// CoinName is a coin's name in events: its symbol, and for a token "@" and
// its chain's symbol.
func CoinName(symbol, chain string) string {
	if chain == "" {
		return strings.ToUpper(symbol)
	}
	return strings.ToUpper(symbol) + "@" + strings.ToUpper(chain)
}

// Backlog is what waits to be delivered: the commands not yet taken, those
// of them refused at least once, and the oldest one's creation (zero when
// none waits). It reads only waiting commands (a partial index).
func Backlog(ctx context.Context, db *store.DB) (waiting, failing int, oldest time.Time, err error) {
	err = db.QueryRowContext(ctx, `SELECT count(*), coalesce(sum(CASE WHEN attempts > 0 THEN 1 ELSE 0 END), 0)
		FROM core_commands WHERE state = 'waiting'`).Scan(&waiting, &failing)
	if err != nil || waiting == 0 {
		return waiting, failing, time.Time{}, err
	}
	err = db.QueryRowContext(ctx, `SELECT created_at FROM core_commands WHERE state = 'waiting' ORDER BY seq LIMIT 1`).Scan(&oldest)
	if errors.Is(err, sql.ErrNoRows) { // delivered since the count
		return waiting, failing, time.Time{}, nil
	}
	return waiting, failing, oldest, err
}

// Mark gives each item of list the status of the last command of its
// entity, if it has one: one query for the whole list.
func Mark[T any](ctx context.Context, db *store.DB, list []T, entity func(*T) string, set func(*T, *Status)) error {
	entities := make([]string, len(list))
	for i := range list {
		entities[i] = entity(&list[i])
	}
	last, err := Last(ctx, db, entities...)
	for i := range list {
		if st, ok := last[entities[i]]; ok {
			set(&list[i], &st)
		}
	}
	return err
}

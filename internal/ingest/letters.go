package ingest

import (
	"context"
	"time"

	"xapa/backoffice/internal/store"
)

// Letters counts the events kept aside: held, and dead letters.
func Letters(ctx context.Context, db *store.DB) (held, dead int, err error) {
	err = db.QueryRowContext(ctx, `SELECT (SELECT count(*) FROM ingest_letters WHERE state = 'held'),
		(SELECT count(*) FROM ingest_letters WHERE state = 'dead')`).Scan(&held, &dead)
	return held, dead, err
}

// Source is one source of the core's events: its newest applied event's
// time, and when that batch arrived.
type Source struct {
	Name           string    `json:"name"`
	LastEventAt    time.Time `json:"lastEventAt"`
	LastReceivedAt time.Time `json:"lastReceivedAt"`
}

// Sources are the sources that sent an applied event, by name.
func Sources(ctx context.Context, db *store.DB) ([]Source, error) {
	rows, err := db.QueryContext(ctx, `SELECT source, last_event_at, last_received_at FROM ingest_sources ORDER BY source`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []Source{}
	for rows.Next() {
		var s Source
		if err := rows.Scan(&s.Name, &s.LastEventAt, &s.LastReceivedAt); err != nil {
			return nil, err
		}
		out = append(out, s)
	}
	return out, rows.Err()
}

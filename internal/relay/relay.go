// Package relay runs a delivery out of the database, on one node of the
// database at a time: the audit stream to the SIEM (internal/auditstream)
// and the commands to the exchange core (internal/commands). What each reads
// and how it sends (internal/webhook, NATS) is its own; when and where it
// runs is this one loop.
package relay

import (
	"context"
	"log/slog"
	"time"

	"xapa/backoffice/internal/store"
)

// Loop is one delivery.
type Loop struct {
	Name   string        // in the log: "audit stream", "commands"
	Lock   int32         // the store lock only the delivering node holds
	Leader time.Duration // how often a node that does not deliver checks whether the one that does is gone
	Poll   time.Duration // how long to wait once nothing is left, or after a failed pass
	After  func(time.Duration) <-chan time.Time
	// Step delivers what is due; more says that more may be due at once.
	Step func(ctx context.Context) (more bool, err error)
	// Pause, when set, may give a failed pass a longer wait than Poll (and log it its own way): > 0 to take it.
	Pause func(ctx context.Context, err error) time.Duration
}

// Run delivers until ctx ends: every node calls it, one delivers, and
// another takes over within Leader when that one stops or loses the
// database.
func (l Loop) Run(ctx context.Context, db *store.DB) {
	db.Lead(ctx, l.Lock, l.Leader, func(ctx context.Context) {
		slog.InfoContext(ctx, l.Name+": this node delivers")
		for {
			more, err := l.Step(ctx)
			if more && err == nil {
				continue
			}
			if !l.wait(ctx, l.afterFailure(ctx, err)) {
				return
			}
		}
	})
}

// afterFailure is the wait after a pass that ended with err (nil: Poll).
func (l Loop) afterFailure(ctx context.Context, err error) time.Duration {
	if err == nil || ctx.Err() != nil {
		return l.Poll
	}
	if l.Pause != nil {
		if d := l.Pause(ctx, err); d > 0 {
			return d
		}
	}
	slog.WarnContext(ctx, l.Name+": delivery pass failed", "err", err)
	return l.Poll
}

func (l Loop) wait(ctx context.Context, d time.Duration) bool {
	after := l.After
	if after == nil {
		after = time.After
	}
	select {
	case <-ctx.Done():
		return false
	case <-after(d):
		return true
	}
}

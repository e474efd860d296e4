package approvals

import (
	"context"
	"database/sql"
	"errors"
	"maps"
	"slices"
	"strings"

	"xapa/backoffice/internal/audit"
	"xapa/backoffice/internal/store"
)

// Plan is a change the policy holds back, as a value: the call that makes it
// and every audit entry it would write. The maker's call runs to the end of
// its transaction with Hold as that transaction's audit hook, so every check
// of every part of the change runs (the no-escalation of each user, the last
// role editor) before anything is kept; then the transaction rolls back and
// Service.Propose keeps the plan as a pending request.
type Plan struct {
	Action string
	Method string
	Path   string
	Query  string
	Body   []byte
	Held   []audit.Entry
}

// ErrHeld rolls back a change the policy sends for approval: the caller
// answers it with the request Service.Propose keeps (202).
var ErrHeld = errors.New("approvals: the change waits for a second person's approval")

// Hold is the audit hook of a change the policy covers: it keeps the entry
// and queues the rollback just before the commit, so the change runs on to
// its end. A change recorded outside a transaction of store.DB.Tx stops at
// its first entry.
func (p *Plan) Hold(_ context.Context, db store.Execer, e *audit.Entry) error {
	p.Held = append(p.Held, *e)
	tx, ok := db.(*sql.Tx)
	if !ok {
		return ErrHeld
	}
	if len(p.Held) > 1 {
		return nil // the rollback is queued
	}
	return store.BeforeCommit(tx, func(context.Context, *sql.Tx, *store.DB) error { return ErrHeld })
}

// Target is what the change acts on: its entries' targets, each once, joined
// by commas ("user:57,user:59"). Service.TargetVersion reads the version of
// each, so a change to any of them since is seen.
func (p *Plan) Target() string {
	var targets []string
	for _, e := range p.Held {
		if !slices.Contains(targets, e.Target) {
			targets = append(targets, e.Target)
		}
	}
	return strings.Join(targets, ",")
}

// Change is what the request shows: the details of the change's one entry,
// or, for a change of several targets, each target's details under its name
// (names: Service.targetNames); secrets left out.
func (p *Plan) Change(names map[string]string) map[string]any {
	if len(p.Held) == 1 {
		return redacted(p.Held[0].Details)
	}
	out := make(map[string]any, len(p.Held))
	for _, e := range p.Held {
		d := redacted(e.Details)
		key := named(names, e.Target)
		if prev, ok := out[key].(map[string]any); ok {
			maps.Copy(prev, d)
			continue
		}
		out[key] = d
	}
	return out
}

// Summary is the request's one line: the action, what it acts on, and every
// target of a change of several, each by its name where names has one.
func (p *Plan) Summary(names map[string]string) string {
	line := Label(p.Action)
	targets := strings.Split(p.Target(), ",")
	for i, t := range targets {
		targets[i] = named(names, t)
	}
	name := entryName(&p.Held[0], names)
	switch {
	case len(targets) > 1 && name == targets[0]: // "Remove members: ana@…, bo@…"
		return line + ": " + strings.Join(targets, ", ")
	case len(targets) > 1: // "Set the role of staff members: Support (ana@…, bo@…)"
		return line + ": " + name + " (" + strings.Join(targets, ", ") + ")"
	case strings.Contains(name, ":") || name != p.Held[0].Target:
		return line + ": " + name
	default: // the one of its kind ("promotion"): the label says it already
		return line
	}
}

// entryName is what an entry acts on, by name where its details give one
// (a role, a token, an email), else its target's name, else its target.
func entryName(e *audit.Entry, names map[string]string) string {
	for _, d := range []map[string]any{e.Details, asMap(e.Details["after"]), asMap(e.Details["before"])} {
		for _, key := range []string{"role", "name", "email", "symbol"} {
			if v, ok := d[key].(string); ok && v != "" {
				return v
			}
		}
	}
	return named(names, e.Target)
}

func asMap(v any) map[string]any { m, _ := v.(map[string]any); return m }

// redacted is details without anything secret-looking, for the screens.
func redacted(details map[string]any) map[string]any {
	out := make(map[string]any, len(details))
	for k, v := range details {
		lower := strings.ToLower(k)
		if strings.Contains(lower, "password") || strings.Contains(lower, "secret") || lower == "code" || strings.Contains(lower, "token") {
			continue
		}
		if m, ok := v.(map[string]any); ok {
			v = redacted(m)
		}
		out[k] = v
	}
	return out
}

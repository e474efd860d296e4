// Package approvals keeps the four-eyes approval of sensitive changes
// (docs/decisions/0013-four-eyes-approval.md): the policy that says which
// actions need a second person, and the requests made under it, each a
// change kept unapplied until another staff member approves it, rejects it,
// its maker withdraws it, or it expires.
//
// One request, from its making to its apply, all in this package:
//   - the maker's call runs with Plan.Hold as its audit hook and rolls back
//     just before its commit; Propose keeps the Plan as a pending request,
//     with each target's version;
//   - MayDecide says whether a person may approve or reject it, and voids it
//     when its maker can no longer make the change;
//   - Approve checks that no target changed, then has the caller make the
//     call again as the approver under Applying, the hook that marks the
//     request approved in the change's own transaction and names both people.
//
// The caller (internal/httpapi) routes the call: what an action demands is
// its route's rule (Rights), and a call is made again through the same route.
package approvals

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"strings"
	"time"

	"xapa/backoffice/internal/apperr"
	"xapa/backoffice/internal/audit"
	"xapa/backoffice/internal/secrets"
	"xapa/backoffice/internal/store"
	"xapa/backoffice/internal/textutil"
	"xapa/backoffice/internal/utc"
)

// Lifetime is how long a request waits for its decision.
const Lifetime = 24 * time.Hour

// MaxReason is the longest reason, in bytes.
const MaxReason = 500

// Action is a sensitive action the policy may cover.
type Action struct {
	Key   string `json:"key"`
	Label string `json:"label"`
}

// Actions are the actions the policy covers, in the order screens show them.
var Actions = []Action{
	{"role.create", "Create a role"},
	{"role.edit", "Edit a role"},
	{"role.delete", "Delete a role"},
	{"role.set", "Set the role of staff members"},
	{"role.remove_members", "Remove members"},
	{"staff.create", "Create a staff member"},
	{"user.edit", "Change another user's email, status or second factor"},
	{"token.create", "Create a token"},
	{"token.edit", "Edit a token"},
	{"promotion.save", "Save the promotion"},
	{"approval_policy.save", "Change the approval policy"},
}

// Label is an action's label ("" for none).
func Label(key string) string {
	for _, a := range Actions {
		if a.Key == key {
			return a.Label
		}
	}
	return ""
}

// DemoPolicy is the demo's policy: roles and the promotion need a second person.
var DemoPolicy = map[string]bool{"role.create": true, "role.edit": true, "role.delete": true, "promotion.save": true}

// Status is a request's status.
type Status string

// Statuses of a request.
const (
	Pending   Status = "pending"
	Approved  Status = "approved"
	Rejected  Status = "rejected"
	Withdrawn Status = "withdrawn"
	Expired   Status = "expired"
	Void      Status = "void" // its maker can no longer make the change
)

// Statuses are every status of a request, in the order the document lists
// them.
var Statuses = []Status{Pending, Approved, Rejected, Withdrawn, Expired, Void}

// Enum is Statuses for the OpenAPI document (jsonschema-go reads it) and
// for the list's filter (httpapi's bindQuery): a new status is added above
// only, and the web's types follow from the document.
func (Status) Enum() []any { return textutil.Values(Statuses) }

// PolicySave is the action of changing the policy itself.
const PolicySave = "approval_policy.save"

// MaxPending is how many pending requests one maker may have: more would bury
// the approvers' list, and a request left there loses its reader.
const MaxPending = 20

// Service reads and writes the policy and the requests, and holds the rules of
// deciding them.
type Service struct {
	db     *store.DB
	box    *secrets.Box
	rights Rights
	staff  Staff
	now    func() time.Time
}

// Options are what a Service needs.
type Options struct {
	DB     *store.DB
	Box    *secrets.Box // seals the body of a kept call
	Rights Rights       // what each action demands of its maker and of its approver
	Staff  Staff        // a maker as they are now
	Now    func() time.Time
}

// New is a store as o says (Now nil: the system's clock).
func New(o Options) *Service {
	return &Service{db: o.DB, box: o.Box, rights: o.Rights, staff: o.Staff, now: utc.Clock(o.Now)}
}

// Now is the store's time.
func (s *Service) Now() time.Time { return s.now() }

// Policy answers every action with whether it needs a second person.
func (s *Service) Policy(ctx context.Context) (map[string]bool, error) {
	policy := make(map[string]bool, len(Actions))
	for _, a := range Actions {
		policy[a.Key] = false
	}
	rows, err := s.db.QueryContext(ctx, `SELECT action, required FROM approval_policy`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	for rows.Next() {
		var action string
		var required bool
		if err := rows.Scan(&action, &required); err != nil {
			return nil, err
		}
		if _, known := policy[action]; known {
			policy[action] = required
		}
	}
	return policy, rows.Err()
}

// Requires reports whether action needs a second person. Changing the policy
// itself does whenever the policy covers any action, whatever it says of
// PolicySave: else one person could switch four eyes off, then act alone.
func (s *Service) Requires(ctx context.Context, action string) (bool, error) {
	if action == PolicySave {
		var covered int
		err := s.db.QueryRowContext(ctx, `SELECT count(*) FROM approval_policy WHERE required = TRUE`).Scan(&covered)
		return covered > 0, err
	}
	var required bool
	err := s.db.QueryRowContext(ctx, `SELECT required FROM approval_policy WHERE action = $1`, action).Scan(&required)
	if errors.Is(err, sql.ErrNoRows) {
		return false, nil
	}
	return required, err
}

// ErrUnknownAction names an action the policy does not know (400).
func errUnknownAction(key string) error {
	return apperr.Fieldf("actions."+key, "Unknown action %q: the policy covers %s.", key, keys())
}

func keys() string {
	k := make([]string, len(Actions))
	for i, a := range Actions {
		k[i] = a.Key
	}
	return strings.Join(k, ", ")
}

// SavePolicy sets the actions given (others keep their setting), audited
// by actor as approval_policy.update with before and after.
func (s *Service) SavePolicy(ctx context.Context, actor audit.Actor, actions map[string]bool) (map[string]bool, error) {
	for key := range actions {
		if Label(key) == "" {
			return nil, errUnknownAction(key)
		}
	}
	before, err := s.Policy(ctx)
	if err != nil {
		return nil, err
	}
	after := make(map[string]bool, len(before))
	for k, v := range before {
		after[k] = v
	}
	for k, v := range actions {
		after[k] = v
	}
	err = s.db.Tx(ctx, func(tx *sql.Tx) error {
		for key, required := range actions {
			if _, err := tx.ExecContext(ctx, `INSERT INTO approval_policy (action, required, updated_at) VALUES ($1, $2, $3)
				ON CONFLICT (action) DO UPDATE SET required = excluded.required, updated_at = excluded.updated_at`,
				key, required, s.now()); err != nil {
				return err
			}
		}
		return actor.Record(ctx, tx, "approval_policy.update", "approval_policy", map[string]any{"before": before, "after": after})
	})
	if err != nil {
		return nil, err
	}
	return after, nil
}

// SetPolicy writes policy as it is, unaudited: the demo's start.
func SetPolicy(ctx context.Context, db *store.DB, policy map[string]bool, now time.Time) error {
	for key, required := range policy {
		if _, err := db.ExecContext(ctx, `INSERT INTO approval_policy (action, required, updated_at) VALUES ($1, $2, $3)
			ON CONFLICT (action) DO UPDATE SET required = excluded.required`, key, required, now); err != nil {
			return err
		}
	}
	return nil
}

// marshal is v as JSON text ("{}" for nothing).
func marshal(v any) string {
	b, err := json.Marshal(v)
	if err != nil || string(b) == "null" {
		return "{}"
	}
	return string(b)
}

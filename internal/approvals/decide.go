package approvals

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"strings"

	"xapa/backoffice/internal/apperr"
	"xapa/backoffice/internal/audit"
	"xapa/backoffice/internal/secrets"
	"xapa/backoffice/internal/store"
	"xapa/backoffice/internal/utc"
)

// Rights says what an action demands: the permission keys of its route.
type Rights interface {
	// Admits reports whether a holder of the keys holds says is true of may
	// take action; if not, the key they lack ("" for an unknown action).
	Admits(action string, holds func(key string) bool) (ok bool, missing string)
}

// Standing is a maker as they are now.
type Standing struct {
	Email   string
	Enabled bool
	Staff   bool
	Holds   func(key string) bool
}

// Staff reads a maker's standing: an *apperr.NotFound for an account that no
// longer exists.
type Staff func(ctx context.Context, id int64) (Standing, error)

// Decider is a person who would approve or reject a request.
type Decider struct {
	Person
	Holds func(key string) bool
}

// ReasonHeader is where the maker of a change may say why, for its approver.
const ReasonHeader = "X-Change-Reason"

// Propose keeps plan, made by maker with reason, as a pending request (see
// Create): its body sealed, each target's version noted.
func (s *Service) Propose(ctx context.Context, actor audit.Actor, plan *Plan, maker Person, reason string) (Request, error) {
	target := plan.Target()
	version, err := s.TargetVersion(ctx, target)
	if err != nil {
		return Request{}, err
	}
	names, err := s.targetNames(ctx, target)
	if err != nil {
		return Request{}, err
	}
	reason = strings.TrimSpace(reason)
	if len(reason) > MaxReason {
		reason = reason[:MaxReason]
	}
	return s.Create(ctx, actor, Call{Action: plan.Action, Method: plan.Method, Path: plan.Path, Query: plan.Query,
		Body: s.box.Seal(secrets.Approval.Purpose(), plan.Body), Maker: maker, MakerReason: reason, Target: target,
		TargetVersion: version, Summary: plan.Summary(names), Change: plan.Change(names)})
}

// ErrNoRight refuses a decider who lacks what the request's action needs.
var ErrNoRight = &apperr.Forbidden{Message: "You lack the permission this change needs."}

// MayDecide refuses d deciding r: their own request (403), an action whose
// rights they lack (403), a maker who made or empowered them lately (403,
// Sponsored), a request decided or expired (409), or one whose maker can no
// longer make the change (then void, 409).
func (s *Service) MayDecide(ctx context.Context, actor audit.Actor, r Request, d Decider) error {
	if r.Maker.ID == d.ID {
		return ErrOwn
	}
	if ok, _ := s.rights.Admits(r.Action, d.Holds); !ok {
		return ErrNoRight
	}
	why, err := s.Sponsored(ctx, r.Maker, d.ID)
	if err != nil {
		return err
	}
	if why != "" {
		return &apperr.Forbidden{Message: why}
	}
	if err := s.Check(ctx, r); err != nil {
		return err
	}
	return s.voidIfMakerMayNot(ctx, actor, r)
}

// voidIfMakerMayNot voids a request whose maker can no longer make its change
// (disabled, no longer staff, or without what the action demands): 409, and
// nobody may approve it. An approval adds a second person to a change; it
// never gives the change more right than its maker now has.
func (s *Service) voidIfMakerMayNot(ctx context.Context, actor audit.Actor, r Request) error {
	maker, err := s.staff(ctx, r.Maker.ID)
	var gone *apperr.NotFound
	var why string
	switch {
	case errors.As(err, &gone):
		why = "its maker's account no longer exists."
	case err != nil:
		return err
	case !maker.Enabled:
		why = fmt.Sprintf("its maker, %s, was disabled.", maker.Email)
	case !maker.Staff:
		why = fmt.Sprintf("its maker, %s, is no longer a staff member.", maker.Email)
	default:
		if ok, missing := s.rights.Admits(r.Action, maker.Holds); !ok {
			why = fmt.Sprintf("its maker, %s, no longer holds %s.", maker.Email, missing)
		}
	}
	if why == "" {
		return nil
	}
	return s.Void(ctx, actor, r, why)
}

// Decidable are the actions a holder of holds may decide, in the
// catalogue's order: the requests they see besides their own.
func (s *Service) Decidable(holds func(key string) bool) []string {
	var actions []string
	for _, a := range Actions {
		if ok, _ := s.rights.Admits(a.Key, holds); ok {
			actions = append(actions, a.Key)
		}
	}
	return actions
}

// markDecidable sets CanDecide and CannotDecide of a page of requests as
// viewer sees them, asking Sponsored once per maker.
func (s *Service) markDecidable(ctx context.Context, list []Request, viewer Decider) error {
	sponsors := map[int64]string{} // by maker
	for i := range list {
		r := &list[i]
		r.CanDecide = r.Status == Pending && r.Maker.ID != viewer.ID
		if r.CanDecide {
			r.CanDecide, _ = s.rights.Admits(r.Action, viewer.Holds)
		}
		if !r.CanDecide {
			continue
		}
		why, seen := sponsors[r.Maker.ID]
		if !seen {
			var err error
			if why, err = s.Sponsored(ctx, r.Maker, viewer.ID); err != nil {
				return err
			}
			sponsors[r.Maker.ID] = why
		}
		r.CanDecide, r.CannotDecide = why == "", why
	}
	return nil
}

// Applying is an approved request being applied: the audit hook (Stamp) of
// its change's transaction, and the call to make again.
type Applying struct {
	Request Request
	Body    string // opened
	d       Decision
	marked  bool // the request was marked approved in the change's transaction
}

// Stamp marks the request approved in the change's transaction, once (of two
// approvals at once, one applies), and names both people in the entry.
func (a *Applying) Stamp(ctx context.Context, db store.Execer, e *audit.Entry) error {
	if !a.marked {
		if err := MarkApproved(ctx, db, a.Request.ID, a.d); err != nil {
			return err
		}
		a.marked = true
	}
	details := maps.Clone(e.Details)
	if details == nil {
		details = map[string]any{}
	}
	r := a.Request
	details["approval"] = map[string]any{"id": r.ID, "maker": r.Maker, "maker_reason": r.MakerReason,
		"requested_at": r.CreatedAt, "approver": a.d.By, "reason": a.d.Reason, "approved_at": utc.Stamp(a.d.At)}
	e.Details = details
	return nil
}

// Approve applies r, approved by by with reason, once MayDecide allowed it:
// ErrChanged when any target changed since it was made; else run makes the
// call again as the approver, with a as its change's audit hook, and reports
// whether the change was made (false: its route refused it, and r stays
// pending). A change that wrote no entry (nothing changed) approves r all
// the same.
func (s *Service) Approve(ctx context.Context, r Request, by Person, reason string, run func(a *Applying) (bool, error)) (Request, bool, error) {
	version, err := s.TargetVersion(ctx, r.Target)
	if err == nil && version != r.version {
		err = ErrChanged
	}
	a := &Applying{Request: r, d: Decision{By: by, Reason: reason, At: s.now()}}
	if err == nil {
		a.Body, err = secrets.OpenStored(s.box, secrets.Approval, r.body)
	}
	if err != nil {
		return r, false, err
	}
	done, err := run(a)
	if err != nil || !done {
		return r, false, err
	}
	if !a.marked {
		if err := MarkApproved(ctx, s.db, r.ID, a.d); err != nil {
			return r, false, err
		}
	}
	r, err = s.Get(ctx, r.ID)
	return r, true, err
}

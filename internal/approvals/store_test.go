package approvals_test

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"slices"
	"testing"
	"time"

	"xapa/backoffice/internal/apperr"
	"xapa/backoffice/internal/approvals"
	"xapa/backoffice/internal/audit"
	"xapa/backoffice/internal/rbac"
	"xapa/backoffice/internal/secrets"
	"xapa/backoffice/internal/seedtest"
	"xapa/backoffice/internal/store"
	"xapa/backoffice/internal/store/storetest"
)

// rights is the routes' rule for the actions these tests use.
type rights map[string]string

func (r rights) Admits(action string, holds func(string) bool) (bool, string) {
	key, ok := r[action]
	if !ok {
		return false, ""
	}
	if !holds(key) {
		return false, key
	}
	return true, ""
}

var testRights = rights{"token.edit": rbac.CreateToken, "promotion.save": rbac.ShowPromotion, "role.create": rbac.CreateRole}

type clock struct{ t time.Time }

func (c *clock) Now() time.Time { return c.t }

// fixture is a store on db with a maker and an approver of token edits.
type fixture struct {
	db              *store.DB
	s               *approvals.Service
	clock           *clock
	maker, approver audit.Actor
}

func keysOf(t *testing.T, db *store.DB, id int64) func(string) bool {
	keys := storetest.Column[string](t, db, `SELECT p.permission FROM users u JOIN role_permissions p ON p.role_id = u.role_id
		WHERE u.id = $1`, id)
	return func(k string) bool { return slices.Contains(keys, k) }
}

func newFixture(t *testing.T, db *store.DB) *fixture {
	f := &fixture{db: db, clock: &clock{t: store.Now()}}
	staff := func(ctx context.Context, id int64) (approvals.Standing, error) {
		st := approvals.Standing{Holds: keysOf(t, db, id)}
		err := db.QueryRowContext(ctx, `SELECT email, enabled, is_admin FROM users WHERE id = $1`, id).Scan(&st.Email, &st.Enabled, &st.Staff)
		if errors.Is(err, sql.ErrNoRows) {
			return st, &apperr.NotFound{What: "User"}
		}
		return st, err
	}
	f.s = approvals.New(approvals.Options{DB: db, Box: secrets.Ephemeral(), Rights: testRights, Staff: staff, Now: f.clock.Now})
	f.maker = seedtest.Staff(t, db, "maker", rbac.CreateToken, rbac.ShowPromotion)
	f.approver = seedtest.Staff(t, db, "approver", rbac.CreateToken)
	return f
}

func person(a audit.Actor) approvals.Person { return approvals.Person{ID: a.ID, Email: a.Email} }

func (f *fixture) decider(t *testing.T, a audit.Actor) approvals.Decider {
	return approvals.Decider{Person: person(a), Holds: keysOf(t, f.db, a.ID)}
}

// propose keeps an edit of coin id by maker as a request.
func (f *fixture) propose(t *testing.T, maker audit.Actor, coin int64, reason string) (approvals.Request, error) {
	t.Helper()
	plan := &approvals.Plan{Action: "token.edit", Method: "POST", Path: fmt.Sprintf("/api/admin/coins/%d/edit", coin),
		Body: []byte(`{"name":"Renamed"}`), Held: []audit.Entry{{Action: "token.update", Target: fmt.Sprintf("coin:%d", coin),
			Details: map[string]any{"symbol": "BTC", "name": "Renamed", "apiSecret": "s3cret"}}}}
	return f.s.Propose(context.Background(), maker, plan, person(maker), reason)
}

func refused[E error](t *testing.T, what string, err error, want string) {
	t.Helper()
	var e E
	if !errors.As(err, &e) || err.Error() != want {
		t.Errorf("%s: %v (%T), want %T %q", what, err, err, e, want)
	}
}

func TestPolicy(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		f := newFixture(t, db)
		policy, err := f.s.Policy(ctx)
		if err != nil || len(policy) != len(approvals.Actions) || slices.Contains(mapValues(policy), true) {
			t.Fatalf("a new policy %v, %v: want every action, none covered", policy, err)
		}
		if on, err := f.s.Requires(ctx, approvals.PolicySave); err != nil || on {
			t.Errorf("changing an empty policy needs a second person: %v, %v", on, err)
		}
		_, err = f.s.SavePolicy(ctx, f.maker, map[string]bool{"role.create": true, "role.nuke": true})
		var fe *apperr.Field
		if !errors.As(err, &fe) || fe.Field != "actions.role.nuke" {
			t.Errorf("an unknown action: %v", err)
		}
		after, err := f.s.SavePolicy(ctx, f.maker, map[string]bool{"role.create": true, "token.edit": true})
		if err != nil || !after["role.create"] || !after["token.edit"] || after["role.delete"] {
			t.Fatalf("saved %v, %v", after, err)
		}
		if _, err := f.s.SavePolicy(ctx, f.maker, map[string]bool{"token.edit": false}); err != nil {
			t.Fatal(err)
		}
		for action, want := range map[string]bool{"role.create": true, "token.edit": false, "role.nuke": false,
			// Covering any action covers changing the policy, whatever it says of itself.
			approvals.PolicySave: true} {
			if got, err := f.s.Requires(ctx, action); err != nil || got != want {
				t.Errorf("Requires(%s) = %v, %v; want %v", action, got, err, want)
			}
		}
		saves := seedtest.Entries(t, db, "approval_policy.update")
		if len(saves) != 2 || saves[1].Details["before"].(map[string]any)["token.edit"] != true ||
			saves[1].Details["after"].(map[string]any)["token.edit"] != false || saves[1].Details["after"].(map[string]any)["role.create"] != true {
			t.Errorf("policy changes audited: %+v", saves)
		}
		// The demo's start writes its policy unaudited.
		if err := approvals.SetPolicy(ctx, db, map[string]bool{"role.create": false}, f.clock.Now()); err != nil {
			t.Fatal(err)
		}
		if on, _ := f.s.Requires(ctx, approvals.PolicySave); on || len(seedtest.Entries(t, db, "approval_policy.update")) != 2 {
			t.Errorf("after SetPolicy: policy save covered %v", on)
		}
	})
}

func mapValues(m map[string]bool) []bool {
	var out []bool
	for _, v := range m {
		out = append(out, v)
	}
	return out
}

func TestRequests(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		f := newFixture(t, db)
		seedtest.Coins(t, db, seedtest.BTC, seedtest.ETH)

		r, err := f.propose(t, f.maker, 1, "  the name is wrong  ")
		if err != nil {
			t.Fatal(err)
		}
		if r.Status != approvals.Pending || r.MakerReason != "the name is wrong" || r.Summary != "Edit a token: Renamed" || r.Target != "coin:1" ||
			string(r.Change) != `{"name":"Renamed","symbol":"BTC"}` || r.Body() == `{"name":"Renamed"}` || r.Version() == "" {
			t.Errorf("request %+v (body %q): want it pending, the reason trimmed, secrets out of the change, the body sealed", r, r.Body())
		}
		if created, _ := time.Parse(time.RFC3339, r.CreatedAt); r.ExpiresAt != created.Add(approvals.Lifetime).Format("2006-01-02T15:04:05-07:00") &&
			r.ExpiresAt != created.Add(approvals.Lifetime).Format(time.RFC3339) {
			t.Errorf("made %s, expires %s: want 24 hours later", r.CreatedAt, r.ExpiresAt)
		}
		_, err = f.propose(t, f.approver, 1, "")
		var pending *approvals.ErrPending
		if !errors.As(err, &pending) || pending.ID != r.ID {
			t.Errorf("the same change again, by another maker: %v, want ErrPending naming request %d", err, r.ID)
		}

		t.Run("who may decide", func(t *testing.T) {
			refused[*apperr.Forbidden](t, "its maker", f.s.MayDecide(ctx, f.approver, r, f.decider(t, f.maker)), approvals.ErrOwn.Message)
			outsider := seedtest.Staff(t, db, "outsider", rbac.AuditLog)
			refused[*apperr.Forbidden](t, "without the action's key", f.s.MayDecide(ctx, outsider, r, f.decider(t, outsider)), approvals.ErrNoRight.Message)
			// The maker created this one's account: not a second pair of eyes.
			protege := seedtest.Staff(t, db, "protege", rbac.CreateToken)
			if err := audit.Record(ctx, db, audit.Entry{ActorID: f.maker.ID, Action: "user.create", Target: audit.UserTarget(protege.ID)}); err != nil {
				t.Fatal(err)
			}
			sponsored := "You cannot decide maker@example.com's requests: they created your account less than 30 days ago, so your approval would not be a second person's."
			refused[*apperr.Forbidden](t, "a protege", f.s.MayDecide(ctx, protege, r, f.decider(t, protege)), sponsored)
			if err := f.s.MayDecide(ctx, f.approver, r, f.decider(t, f.approver)); err != nil {
				t.Errorf("the approver: %v", err)
			}
			list, total, err := f.s.List(ctx, approvals.Filter{Status: approvals.Pending, Viewer: f.decider(t, protege)}, 10, 0)
			if err != nil || total != 1 || list[0].CanDecide || list[0].CannotDecide != sponsored {
				t.Errorf("the protege's list %+v, %d, %v", list, total, err)
			}
			if _, total, _ := f.s.List(ctx, approvals.Filter{Viewer: f.decider(t, outsider)}, 10, 0); total != 0 {
				t.Errorf("an outsider sees %d requests, want none", total)
			}
			// Once the window has passed, the protege is a second person.
			f.clock.t = f.clock.t.Add(approvals.SponsorWindow + time.Minute)
			why, err := f.s.Sponsored(ctx, person(f.maker), protege.ID)
			f.clock.t = f.clock.t.Add(-approvals.SponsorWindow - time.Minute)
			if err != nil || why != "" {
				t.Errorf("30 days on: %q, %v", why, err)
			}
		})

		t.Run("approve", func(t *testing.T) {
			other, err := f.propose(t, f.maker, 2, "")
			if err != nil {
				t.Fatal(err)
			}
			seedtest.Exec(t, db, `UPDATE coins SET updated_at = $1 WHERE id = 2`, store.Now().Add(time.Second))
			ran := false
			_, done, err := f.s.Approve(ctx, other, person(f.approver), "", func(*approvals.Applying) (bool, error) { ran = true; return true, nil })
			refused[*apperr.Conflict](t, "a target changed since", err, approvals.ErrChanged.Message)
			if ran || done {
				t.Error("a changed target's request was applied")
			}
			got, done, err := f.s.Approve(ctx, r, person(f.approver), "checked", func(a *approvals.Applying) (bool, error) {
				if a.Body != `{"name":"Renamed"}` {
					t.Errorf("the call to make again has body %q", a.Body)
				}
				actor := f.approver
				actor.Hook = a.Stamp
				err := db.Tx(ctx, func(tx *sql.Tx) error {
					if _, err := tx.ExecContext(ctx, `UPDATE coins SET name = 'Renamed' WHERE id = 1`); err != nil {
						return err
					}
					return actor.Record(ctx, tx, "token.update", "coin:1", map[string]any{"name": "Renamed"})
				})
				return err == nil, err
			})
			if err != nil || !done || got.Status != approvals.Approved || got.DecidedBy == nil || got.DecidedBy.ID != f.approver.ID || got.Reason != "checked" {
				t.Fatalf("approved %+v, %v, %v", got, done, err)
			}
			applied := seedtest.Entries(t, db, "token.update")
			if len(applied) != 1 || applied[0].ActorID != f.approver.ID {
				t.Fatalf("the change's entries %+v", applied)
			}
			stamp, _ := applied[0].Details["approval"].(map[string]any)
			maker, _ := stamp["maker"].(map[string]any)
			approver, _ := stamp["approver"].(map[string]any)
			if maker["email"] != "maker@example.com" || approver["email"] != "approver@example.com" || stamp["reason"] != "checked" ||
				stamp["maker_reason"] != "the name is wrong" {
				t.Errorf("the change's entry says of its approval %v, want both people and both reasons", stamp)
			}
			refused[*apperr.Conflict](t, "deciding it again", f.s.MayDecide(ctx, f.approver, got, f.decider(t, f.approver)), approvals.ErrDecided.Message)
		})

		t.Run("explain, withdraw, reject", func(t *testing.T) {
			plan := &approvals.Plan{Action: "promotion.save", Held: []audit.Entry{{Action: "promotion.update", Target: "promotion"}}}
			p, err := f.s.Propose(ctx, f.maker, plan, person(f.maker), "")
			if err != nil || p.Summary != "Save the promotion" || p.Version() != "gone" {
				t.Fatalf("%+v, %v", p, err)
			}
			p, err = f.s.Explain(ctx, f.maker, p, "launch day")
			if err != nil || p.MakerReason != "launch day" {
				t.Errorf("explained %+v, %v", p, err)
			}
			_, err = f.s.Explain(ctx, f.approver, p, "not mine")
			refused[*apperr.Forbidden](t, "another person giving the maker's reason", err, approvals.ErrNotMine.Message)
			_, err = f.s.Withdraw(ctx, f.approver, p)
			refused[*apperr.Forbidden](t, "another person withdrawing the maker's request", err, approvals.ErrNotMine.Message)
			w, err := f.s.Withdraw(ctx, f.maker, p)
			if err != nil || w.Status != approvals.Withdrawn {
				t.Errorf("withdrawn %+v, %v", w, err)
			}
			_, err = f.s.Reject(ctx, f.approver, w, "")
			refused[*apperr.Conflict](t, "rejecting a withdrawn request", err, approvals.ErrDecided.Message)
			again, err := f.s.Propose(ctx, f.maker, plan, person(f.maker), "")
			if err != nil {
				t.Fatalf("the same change after a withdrawal: %v", err)
			}
			rejected, err := f.s.Reject(ctx, f.approver, again, "not now")
			if err != nil || rejected.Status != approvals.Rejected || rejected.Reason != "not now" || rejected.DecidedAt == nil {
				t.Errorf("rejected %+v, %v", rejected, err)
			}
			for _, a := range []string{"approval.reason", "approval.withdraw", "approval.reject"} {
				if n := len(seedtest.Entries(t, db, a)); n != 1 {
					t.Errorf("%d %s entries, want 1", n, a)
				}
			}
		})

		t.Run("a maker who can no longer make it voids it", func(t *testing.T) {
			leaver := seedtest.Staff(t, db, "leaver", rbac.CreateToken)
			req, err := f.propose(t, leaver, 7, "")
			if err != nil {
				t.Fatal(err)
			}
			seedtest.Exec(t, db, `UPDATE users SET enabled = FALSE WHERE id = $1`, leaver.ID)
			refused[*apperr.Conflict](t, "a disabled maker", f.s.MayDecide(ctx, f.approver, req, f.decider(t, f.approver)),
				"This request is void: its maker, leaver@example.com, was disabled. Nothing was applied.")
			if got, _ := f.s.Get(ctx, req.ID); got.Status != approvals.Void {
				t.Errorf("status %s, want void", got.Status)
			}
			req, err = f.propose(t, f.maker, 8, "")
			if err != nil {
				t.Fatal(err)
			}
			seedtest.Exec(t, db, `DELETE FROM role_permissions WHERE permission = $1 AND role_id = (SELECT role_id FROM users WHERE id = $2)`,
				rbac.CreateToken, f.maker.ID)
			refused[*apperr.Conflict](t, "a maker without the key", f.s.MayDecide(ctx, f.approver, req, f.decider(t, f.approver)),
				"This request is void: its maker, maker@example.com, no longer holds ADMIN_CREATE_TOKEN. Nothing was applied.")
			seedtest.Exec(t, db, `INSERT INTO role_permissions (role_id, permission) SELECT role_id, $1 FROM users WHERE id = $2`, rbac.CreateToken, f.maker.ID)
		})

		t.Run("expiry", func(t *testing.T) {
			req, err := f.propose(t, f.maker, 9, "")
			if err != nil {
				t.Fatal(err)
			}
			f.clock.t = f.clock.t.Add(approvals.Lifetime)
			if got, _ := f.s.Get(ctx, req.ID); got.Status != approvals.Expired {
				t.Errorf("a day on, status %s, want expired", got.Status)
			}
			pending, _, _ := f.s.List(ctx, approvals.Filter{Status: approvals.Pending, Viewer: f.decider(t, f.maker)}, 100, 0)
			expired, _, _ := f.s.List(ctx, approvals.Filter{Status: approvals.Expired, Viewer: f.decider(t, f.maker)}, 100, 0)
			if len(pending) != 0 || len(expired) != 2 || expired[0].ID != req.ID {
				t.Errorf("pending %d, expired %d (first %d): want the expired ones, newest first, under expired only", len(pending), len(expired), expired[0].ID)
			}
			got, _ := f.s.Get(ctx, req.ID)
			refused[*apperr.Conflict](t, "deciding it", f.s.MayDecide(ctx, f.approver, got, f.decider(t, f.approver)), approvals.ErrExpired.Message)
			// (The other expired one is the request of a changed target, left pending.) An expired request no longer holds the change's place.
			if _, err := f.propose(t, f.maker, 9, ""); err != nil {
				t.Errorf("the same change after expiry: %v", err)
			}
		})

		t.Run("at most MaxPending per maker", func(t *testing.T) {
			busy := seedtest.Staff(t, db, "busy", rbac.CreateToken)
			start := f.clock.t
			for i := range approvals.MaxPending {
				if _, err := f.propose(t, busy, int64(100+i), ""); err != nil {
					t.Fatal(err)
				}
				f.clock.t = f.clock.t.Add(time.Minute)
			}
			_, err := f.propose(t, busy, 200, "")
			var tm *apperr.TooMany
			if !errors.As(err, &tm) || tm.RetryAfter != start.Add(approvals.Lifetime).Sub(f.clock.t) ||
				tm.Message != "You have 20 changes waiting for approval: withdraw one, or wait for a decision, before you send another." {
				t.Fatalf("the 21st: %v (%+v), want 429 until the first expires", err, tm)
			}
			if _, err := f.propose(t, f.maker, 200, ""); err != nil {
				t.Errorf("another maker: %v", err)
			}
		})

		t.Run("target versions", func(t *testing.T) {
			v1, _ := f.s.TargetVersion(ctx, "coin:1")
			for target, want := range map[string]string{"coin:1,coin:99": v1 + ",gone", "wallet:1": "", "coin:x": "", "approval_policy": "gone"} {
				if got, err := f.s.TargetVersion(ctx, target); err != nil || got != want {
					t.Errorf("TargetVersion(%s) = %q, %v; want %q", target, got, err, want)
				}
			}
			_, err := f.s.Get(ctx, 999999)
			refused[*apperr.NotFound](t, "an unknown request", err, "Approval request not found.")
		})
	})
}

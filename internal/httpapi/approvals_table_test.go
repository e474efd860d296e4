package httpapi_test

import (
	"fmt"
	"net/http"
	"testing"
	"time"

	"xapa/backoffice/internal/apitest"
	"xapa/backoffice/internal/approvals"
	"xapa/backoffice/internal/rbac"
	"xapa/backoffice/internal/store"
	"xapa/backoffice/internal/store/storetest"
)

// coveredAction is one action of the policy as the table below walks it: the call that makes the change for run
// i (each run acts on targets of its own), whether that change landed, and how its target is changed behind the
// request's back (nil for a change that makes its target: there is none yet to change).
type coveredAction struct {
	call      func(i int) apitest.Case
	applied   func(i int) bool
	bump      func(i int)
	tellsCore bool // once applied, it writes a command to the core
}

// Issue 34, item 6: every action of the policy, with the policy on, goes through request (202, nothing changes),
// approval by a second person (it lands), rejection (nothing lands) and, where it acts on an existing target, a
// change of that target after the request (approval refused with 409, nothing lands). The policy's own action is
// walked by TestOnePersonCannotSwitchFourEyesOff.
func TestEveryCoveredActionWithThePolicyOn(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		env := demoEnv(t, db) // its coins: a chain for new tokens, a token to edit
		_, maker := env.Staff(t, "walk-maker", rbac.AllKeys()...)
		_, approver := env.Staff(t, "walk-approver", rbac.AllKeys()...)
		walks := coveredActions(t, env, maker)
		for _, a := range approvals.Actions {
			if _, ok := walks[a.Key]; !ok && a.Key != "approval_policy.save" {
				t.Errorf("the policy's action %s is not walked here", a.Key)
			}
		}
		for key, a := range walks {
			t.Run(key, func(t *testing.T) {
				if err := approvals.SetPolicy(t.Context(), env.DB, map[string]bool{key: true}, store.Now()); err != nil {
					t.Fatal(err)
				}
				defer func() { _ = approvals.SetPolicy(t.Context(), env.DB, map[string]bool{key: false}, store.Now()) }()
				walkCoveredAction(t, env, a, approver)
			})
		}
	})
}

func walkCoveredAction(t *testing.T, env *apitest.Env, a coveredAction, approver string) {
	t.Helper()
	commandsSent := func() int64 { return queryInt64(t, env, `SELECT count(*) FROM core_commands`) }
	request := func(i int) approvals.Request {
		before := commandsSent()
		req := approvalOf(t, env.Do(t, a.call(i)))
		if a.applied(i) {
			t.Fatalf("run %d: the change landed before its approval", i)
		}
		if commandsSent() != before {
			t.Fatalf("run %d: a change awaiting approval told the core", i)
		}
		return req
	}
	env.StepUp(t, approver)
	approved := request(1)
	before := commandsSent()
	env.Run(t, []apitest.Case{decide(approved.ID, "approve", approver, "Agreed", http.StatusOK)})
	if a.tellsCore && commandsSent() != before+1 {
		t.Errorf("approved, the change wrote %d commands to the core, want 1", commandsSent()-before)
	}
	if !a.applied(1) {
		t.Error("approved, the change did not land")
	}
	rejected := request(2)
	sent := commandsSent()
	env.Run(t, []apitest.Case{decide(rejected.ID, "reject", approver, "Not now", http.StatusOK)})
	if commandsSent() != sent {
		t.Error("rejected, the change told the core")
	}
	if a.applied(2) {
		t.Error("rejected, the change landed")
	}
	if a.bump == nil {
		return
	}
	stale := request(3)
	a.bump(3)
	env.Run(t, []apitest.Case{decide(stale.ID, "approve", approver, "Agreed", http.StatusConflict)})
	if a.applied(3) {
		t.Error("its target changed, the change landed all the same")
	}
}

// coveredActions are the walks of the policy's actions but its own, by key.
func coveredActions(t *testing.T, env *apitest.Env, maker string) map[string]coveredAction {
	has := func(query string, args ...any) bool { return queryInt64(t, env, query, args...) > 0 }
	later := func(table string, id int64) {
		if _, err := env.DB.ExecContext(t.Context(), `UPDATE `+table+` SET updated_at = $1 WHERE id = $2`,
			store.Now().Add(time.Second), id); err != nil {
			t.Fatal(err)
		}
	}
	// staff(key, i) is a staff member of run i of an action, made once, holding a role of their own.
	made := map[string]apitest.User{}
	staff := func(key string, i int) apitest.User {
		name := fmt.Sprintf("%s-%d", key, i)
		if u, ok := made[name]; ok {
			return u
		}
		made[name] = env.CreateUser(t, name, true, true, rbac.UsersList)
		return made[name]
	}
	roleOf := func(u apitest.User) int64 { return queryInt64(t, env, `SELECT role_id FROM users WHERE id = $1`, u.ID) }
	// spare(key, i) is a role nobody holds, of run i of an action, made once.
	spares := map[string]int64{}
	spare := func(key string, i int) int64 {
		name := fmt.Sprintf("spare-%s-%d", key, i)
		if id, ok := spares[name]; ok {
			return id
		}
		spares[name] = queryInt64(t, env, `INSERT INTO roles (role, description, created_at, updated_at) VALUES ($1, '', $2, $2) RETURNING id`,
			name, store.Now())
		return spares[name]
	}
	chain := queryInt64(t, env, `SELECT min(id) FROM coins WHERE kind = 'coin'`)
	tokenID := queryInt64(t, env, `SELECT min(id) FROM coins WHERE kind = 'token'`)
	token := func(i int) map[string]any {
		return map[string]any{"name": fmt.Sprintf("Walk Token %d", i), "symbol": fmt.Sprintf("WLK%d", i), "decimals": 8,
			"mainContract": fmt.Sprintf("0xwalk%010d", i), "testContract": fmt.Sprintf("0xtest%010d", i),
			"maxConfirmation": 12, "minSpendable": "0.0001", "blockchain": chain}
	}
	at := func(d time.Duration) string { return env.Clock.Now().Add(d).UTC().Format("2006-01-02 15:04:05") }
	promotion := func(i int) map[string]any {
		return map[string]any{"isEnabled": true, "minimum": []any{map[string]any{"coin": chain, "main": "60"}},
			"invited_bonus": map[string]any{"coin": chain, "amount": "0", "default": "33", "network": "main"},
			"inviter_bonus": map[string]any{"coin": chain, "amount": "10", "default": "0", "network": "main"},
			"waiting_time":  map[string]any{"days": 40 + i},
			"range":         map[string]any{"start_date": at(-24 * time.Hour), "end_date": at(30 * 24 * time.Hour)}}
	}
	post := func(path string, body any) apitest.Case {
		return apitest.Case{Method: "POST", Path: path, Token: maker, Body: body}
	}
	return map[string]coveredAction{
		"role.create": {
			call: func(i int) apitest.Case {
				return post("/api/admin/roles/new", roleBody(fmt.Sprintf("walked-%d", i), ""))
			},
			applied: func(i int) bool {
				return has(`SELECT count(*) FROM roles WHERE role = $1`, fmt.Sprintf("walked-%d", i))
			},
		},
		"role.edit": {
			call: func(i int) apitest.Case {
				return post(fmt.Sprintf("/api/admin/roles/%d/edit", spare("edit", i)), roleBody(fmt.Sprintf("spare-edit-%d", i), "edited"))
			},
			applied: func(i int) bool {
				return has(`SELECT count(*) FROM roles WHERE id = $1 AND description = 'edited'`, spare("edit", i))
			},
			bump: func(i int) { later("roles", spare("edit", i)) },
		},
		"role.delete": {
			call: func(i int) apitest.Case {
				return apitest.Case{Method: "DELETE", Path: fmt.Sprintf("/api/admin/roles/%d", spare("delete", i)), Token: maker}
			},
			applied: func(i int) bool { return !has(`SELECT count(*) FROM roles WHERE id = $1`, spare("delete", i)) },
			bump:    func(i int) { later("roles", spare("delete", i)) },
		},
		"role.set": {
			call: func(i int) apitest.Case {
				return post(fmt.Sprintf("/api/admin/roles/%d/adduser", spare("set", i)), map[string]any{"users": []int64{staff("set", i).ID}})
			},
			applied: func(i int) bool { return roleOf(staff("set", i)) == spare("set", i) },
			bump:    func(i int) { later("users", staff("set", i).ID) },
		},
		"role.remove_members": {
			call: func(i int) apitest.Case {
				return apitest.Case{Method: "PATCH", Path: "/api/admin/roles/removeMember", Token: maker,
					Body: map[string]any{"users": []int64{staff("removed", i).ID}}}
			},
			applied: func(i int) bool {
				return has(`SELECT count(*) FROM users WHERE id = $1 AND is_admin = FALSE`, staff("removed", i).ID)
			},
			bump: func(i int) { later("users", staff("removed", i).ID) },
		},
		"user.edit": {
			call: func(i int) apitest.Case {
				return post(fmt.Sprintf("/api/admin/users/%d/edit", staff("disabled", i).ID), map[string]any{"enabled": false})
			},
			applied: func(i int) bool {
				return has(`SELECT count(*) FROM users WHERE id = $1 AND enabled = FALSE`, staff("disabled", i).ID)
			},
			bump: func(i int) { later("users", staff("disabled", i).ID) },
		},
		"staff.create": {
			call: func(i int) apitest.Case {
				name := fmt.Sprintf("walked-staff-%d", i)
				return post("/api/admin/users/new", map[string]any{"full_name": name, "username": name, "email": name + "@example.com",
					"password": "Sturdy-Passw0rd-" + name, "enabled": true, "roles": []string{rbac.RoleAdmin}})
			},
			applied: func(i int) bool {
				return has(`SELECT count(*) FROM users WHERE username = $1 AND is_admin = TRUE`, fmt.Sprintf("walked-staff-%d", i))
			},
		},
		"promotion.save": {
			tellsCore: true,
			call:      func(i int) apitest.Case { return post("/api/admin/promotion", promotion(i)) },
			applied:   func(i int) bool { return has(`SELECT count(*) FROM promotion_settings WHERE waiting_days = $1`, 40+i) },
			bump: func(int) {
				if _, err := env.DB.ExecContext(t.Context(), `UPDATE promotion_settings SET updated_at = $1`, store.Now().Add(time.Second)); err != nil {
					t.Fatal(err)
				}
			},
		},
		"token.create": {
			tellsCore: true,
			call:      func(i int) apitest.Case { return post("/api/admin/coins/new", token(i)) },
			applied:   func(i int) bool { return has(`SELECT count(*) FROM coins WHERE symbol = $1`, fmt.Sprintf("WLK%d", i)) },
		},
		"token.edit": {
			tellsCore: true,
			call: func(i int) apitest.Case {
				b := token(10 + i)
				b["id"] = tokenID
				return post(fmt.Sprintf("/api/admin/coins/%d/edit", tokenID), b)
			},
			applied: func(i int) bool {
				return has(`SELECT count(*) FROM coins WHERE id = $1 AND symbol = $2`, tokenID, fmt.Sprintf("WLK%d", 10+i))
			},
			bump: func(int) { later("coins", tokenID) },
		},
	}
}

func roleBody(name, description string) map[string]any {
	return map[string]any{"role": name, "description": description, "permissions": []string{rbac.UsersList}}
}

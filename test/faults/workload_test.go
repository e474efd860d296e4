//go:build faults && linux

package faults

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/shopspring/decimal"

	"xapa/backoffice/internal/audit"
	"xapa/backoffice/internal/secrets"
	"xapa/backoffice/internal/store"
)

// workload is a steady mix of reads (History pages, the user list,
// profiles, dashboard figures) and writes (roles created and edited, users
// created) from several clients. Every write is booked with its outcome so
// the database can be checked afterwards: nothing half-done.
type workload struct {
	c        *client
	prefix   string // of every role name and username this workload makes
	userIDs  []int64
	perms    []string
	readOnly bool // no writes
	noReads  bool // writes only

	mu       sync.Mutex
	replies  []reply
	problems []string // replies that do not show what was sent
	roles    map[string]*roleBook
	users    map[string]*userBook
	promos   map[string]promoBook // by marker: the inviter amount, unique to one save
	rated    []int64              // coins with a USD rate (the promotion pays in them)
	seq      atomic.Int64
}

// promoBook is one promotion save: the settings row is a singleton, so the
// database must hold exactly one save that was not refused, minimums and all.
type promoBook struct {
	minimums string // coin:amount,... in order
	outcome  outcome
}

// outcome of a write as the client saw it.
type outcome int

const (
	done      outcome = iota // 2xx: it must have landed, fully
	ambiguous                // 503 or no reply: it landed fully or not at all
	refused                  // 4xx: it must not have landed
)

func outcomeOf(r reply) outcome {
	switch {
	case r.status >= 200 && r.status < 300:
		return done
	case r.status >= 400 && r.status < 500:
		return refused
	default:
		return ambiguous
	}
}

type roleState struct {
	Description string   `json:"description"`
	Permissions []string `json:"permissions"`
}

// String is the state with its keys in order: two equal states print the same.
func (s roleState) String() string {
	return s.Description + ":" + strings.Join(slices.Sorted(slices.Values(s.Permissions)), ",")
}

// roleBook is what the client knows of one role it created.
type roleBook struct {
	name      string
	id        int64
	created   outcome
	confirmed roleState   // the state of the last write answered 2xx
	pending   []roleState // writes after it with no clear answer
	updates   [2]int      // role.update writes answered 2xx, and without a clear answer
}

type userBook struct {
	username string
	staff    bool
	created  outcome
}

func newWorkload(t *testing.T, c *client, prefix string) *workload {
	t.Helper()
	w := &workload{c: c, prefix: prefix, roles: map[string]*roleBook{}, users: map[string]*userBook{}, promos: map[string]promoBook{}}
	r := c.do("setup", "GET", "/api/admin/users?page=1&maxPerPage=100", nil)
	var list struct {
		Users []struct {
			ID int64 `json:"id"`
		} `json:"users"`
	}
	if r.status != 200 || json.Unmarshal(r.body, &list) != nil || len(list.Users) == 0 {
		t.Fatalf("user list: %d %v %.300s", r.status, r.err, r.body)
	}
	for _, u := range list.Users {
		w.userIDs = append(w.userIDs, u.ID)
	}
	r = c.do("setup", "GET", "/api/admin/roles/permissions", nil)
	var cat struct {
		Permissions map[string][]struct {
			Key string `json:"key"`
		} `json:"permissions"`
	}
	if r.status != 200 || json.Unmarshal(r.body, &cat) != nil {
		t.Fatalf("permission catalogue: %d %v %.300s", r.status, r.err, r.body)
	}
	for _, list := range cat.Permissions {
		for _, p := range list {
			w.perms = append(w.perms, p.Key)
		}
	}
	slices.Sort(w.perms)
	r = c.do("setup", "GET", "/api/cointypes", nil)
	var coins []struct {
		ID   int64           `json:"id"`
		Rate decimal.Decimal `json:"fiatExchangeRate"`
	}
	if r.status != 200 || json.Unmarshal(r.body, &coins) != nil {
		t.Fatalf("coins: %d %v %.300s", r.status, r.err, r.body)
	}
	for _, coin := range coins {
		if coin.Rate.IsPositive() {
			w.rated = append(w.rated, coin.ID)
		}
	}
	if len(w.rated) < 2 {
		t.Fatalf("want two coins with a USD rate, got %v", w.rated)
	}
	return w
}

func (w *workload) record(r reply) {
	w.mu.Lock()
	w.replies = append(w.replies, r)
	w.mu.Unlock()
	if r.status == 0 {
		time.Sleep(10 * time.Millisecond) // no server (after SIGTERM): do not spin
	}
}

// waitFor polls the replies until cond holds (a condition, never a fixed
// time); it fails the test after limit, a bound for a stuck run only.
func (w *workload) waitFor(t *testing.T, what string, limit time.Duration, cond func([]reply) bool) {
	t.Helper()
	for deadline := time.Now().Add(limit); !cond(w.Replies()); time.Sleep(20 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("waited %v for %s", limit, what)
		}
	}
}

// count is how many replies started at or after since satisfy ok.
func count(replies []reply, since time.Time, ok func(reply) bool) int {
	n := 0
	for _, r := range replies {
		if !r.start.Before(since) && ok(r) {
			n++
		}
	}
	return n
}

func success(r reply) bool { return r.status >= 200 && r.status < 300 }

// Replies returns every reply so far.
func (w *workload) Replies() []reply {
	w.mu.Lock()
	defer w.mu.Unlock()
	return slices.Clone(w.replies)
}

// run starts n clients that call until stop is closed; wait for them with the WaitGroup.
func (w *workload) run(n int, stop <-chan struct{}, wg *sync.WaitGroup) {
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			rng := rand.New(rand.NewPCG(uint64(i), uint64(time.Now().UnixNano())))
			var mine []*roleBook
			for {
				select {
				case <-stop:
					return
				default:
				}
				if b := w.step(rng, mine); b != nil {
					mine = append(mine, b)
				}
				// A steady load, not a flood: 503s come back in a millisecond or
				// two, and clients spinning on them would starve the machine.
				time.Sleep(5 * time.Millisecond)
			}
		}()
	}
}

// step makes one call; it returns a role this client created.
func (w *workload) step(rng *rand.Rand, mine []*roleBook) *roleBook {
	x := rng.IntN(100)
	switch {
	case w.noReads:
		x = 70 + rng.IntN(30)
	case w.readOnly:
		x = rng.IntN(70)
	}
	id := w.userIDs[rng.IntN(len(w.userIDs))]
	switch {
	case x < 18:
		w.record(w.c.do("history", "GET", fmt.Sprintf("/api/admin/transactions/history?page=%d&maxPerPage=25", 1+rng.IntN(40)), nil))
	case x < 30:
		w.record(w.c.do("users", "GET", fmt.Sprintf("/api/admin/users?page=%d&maxPerPage=25", 1+rng.IntN(20)), nil))
	case x < 36:
		w.record(w.c.do("users", "GET", "/api/admin/users?q=user&maxPerPage=25", nil))
	case x < 48:
		path := []string{"/api/admin/users/%d", "/api/admin/users/brief/%d", "/api/admin/users/wallets/%d"}[rng.IntN(3)]
		w.record(w.c.do("profile", "GET", fmt.Sprintf(path, id), nil))
	case x < 70:
		path := []string{"/api/admin/users/total_registers", "/api/admin/wallets/customer_balance",
			"/api/admin/transactions/total/balances", "/api/admin/transactions/total/revenue/send",
			"/api/admin/users/total_onlines"}[rng.IntN(5)]
		w.record(w.c.do("dashboard", "GET", path, nil))
	case x < 82 || (x < 92 && len(mine) == 0):
		return w.createRole(rng)
	case x < 92:
		w.editRole(rng, mine[rng.IntN(len(mine))])
	case x < 97:
		w.createUser(rng)
	default:
		w.savePromotion(rng)
	}
	return nil
}

// savePromotion saves the promotion with a marker (the inviter amount, unique
// to this save) and a minimum list of one to three entries derived from it.
func (w *workload) savePromotion(rng *rand.Rand) {
	marker := fmt.Sprint(time.Now().UnixNano()%1e12 + w.seq.Add(1))
	var minimums []map[string]any
	var book []string
	for i := range 1 + rng.IntN(min(3, len(w.rated))) {
		amount := fmt.Sprintf("%s.%d", marker, i+1)
		minimums = append(minimums, map[string]any{"coin": w.rated[i], "main": amount})
		book = append(book, fmt.Sprintf("%d:%s", w.rated[i], amount))
	}
	now := time.Now().UTC()
	r := w.c.do("write", "POST", "/api/admin/promotion", map[string]any{"isEnabled": true, "minimum": minimums,
		"inviter_bonus": map[string]any{"coin": w.rated[0], "amount": marker, "default": "0", "network": "main"},
		"invited_bonus": map[string]any{"coin": w.rated[1], "amount": "5", "default": "0", "network": "main"},
		"waiting_time":  map[string]any{"days": rng.IntN(100)},
		"range": map[string]any{"start_date": now.Add(-time.Hour).Format(time.DateTime),
			"end_date": now.Add(time.Hour).Format(time.DateTime)}})
	w.record(r)
	w.mu.Lock()
	w.promos[marker] = promoBook{minimums: strings.Join(book, ","), outcome: outcomeOf(r)}
	w.mu.Unlock()
}

// checkPromotion: the settings and the minimum list are those of one save
// that was not refused (a save of an earlier workload only when none of this
// one's was answered 2xx).
func (w *workload) checkPromotion(t *testing.T, db *store.DB, fail func(string, ...any), counts map[string]int) {
	var amount string
	if err := db.QueryRowContext(context.Background(), `SELECT `+db.Dialect.Money("inviter_amount")+
		` FROM promotion_settings WHERE id = 1`).Scan(&amount); err != nil {
		t.Fatal(err)
	}
	marker := decimal.RequireFromString(amount).String()
	landed, mine := w.promos[marker]
	anyDone := false
	for _, b := range w.promos {
		counts[fmt.Sprintf("promotion saves %s", []string{"done", "ambiguous", "refused"}[b.outcome])]++
		anyDone = anyDone || b.outcome == done
	}
	got := promotionMinimums(t, db)
	switch {
	case mine && landed.outcome == refused:
		fail("promotion: the refused save %s is in the database", marker)
	case mine && got != landed.minimums:
		fail("promotion: the settings are save %s's, the minimum list %q is not (sent %q): a half-done save", marker, got, landed.minimums)
	case !mine && anyDone:
		fail("promotion: a save was answered 2xx, but the database holds %s, never sent by this workload", marker)
	}
}

func promotionMinimums(t *testing.T, db *store.DB) string {
	rows, err := db.QueryContext(context.Background(), `SELECT coin_id, `+db.Dialect.Money("amount")+` FROM promotion_minimums ORDER BY position`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var coin int64
		var amount string
		if err := rows.Scan(&coin, &amount); err != nil {
			t.Fatal(err)
		}
		out = append(out, fmt.Sprintf("%d:%s", coin, decimal.RequireFromString(amount).String()))
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	return strings.Join(out, ",")
}

func (w *workload) somePerms(rng *rand.Rand) []string {
	var out []string
	for _, p := range w.perms {
		if rng.IntN(2) == 0 {
			out = append(out, p)
		}
	}
	if len(out) == 0 {
		out = []string{w.perms[rng.IntN(len(w.perms))]}
	}
	return out
}

func (w *workload) createRole(rng *rand.Rand) *roleBook {
	n := w.seq.Add(1)
	b := &roleBook{name: fmt.Sprintf("%s-role-%d", w.prefix, n)}
	st := roleState{Description: "v0", Permissions: w.somePerms(rng)}
	r := w.c.do("write", "POST", "/api/admin/roles/new", map[string]any{"role": b.name, "description": st.Description, "permissions": st.Permissions})
	w.record(r)
	b.created = outcomeOf(r)
	b.confirmed = st
	if b.created == done {
		var got struct {
			ID int64 `json:"id"`
			roleState
		}
		if err := json.Unmarshal(r.body, &got); err != nil || got.ID == 0 || got.String() != st.String() {
			w.mu.Lock()
			w.problems = append(w.problems, fmt.Sprintf("role %s: reply %.300s, sent %s", b.name, r.body, st))
			w.mu.Unlock()
		}
		b.id = got.ID
	}
	w.mu.Lock()
	w.roles[b.name] = b
	w.mu.Unlock()
	if b.created == done {
		return b
	}
	return nil
}

// editRole replaces a role's description and keys (only its creator edits
// it, so the writes to one role never race each other).
func (w *workload) editRole(rng *rand.Rand, b *roleBook) {
	w.mu.Lock()
	version := len(b.pending) + b.updates[0] + b.updates[1] + 1
	w.mu.Unlock()
	st := roleState{Description: fmt.Sprintf("v%d", version), Permissions: w.somePerms(rng)}
	r := w.c.do("write", "POST", fmt.Sprintf("/api/admin/roles/%d/edit", b.id), map[string]any{"role": b.name, "description": st.Description, "permissions": st.Permissions})
	w.record(r)
	w.mu.Lock()
	defer w.mu.Unlock()
	switch outcomeOf(r) {
	case done:
		b.confirmed, b.pending = st, nil
		b.updates[0]++
	case ambiguous:
		b.pending = append(b.pending, st)
		b.updates[1]++
	}
}

func (w *workload) createUser(rng *rand.Rand) {
	n := w.seq.Add(1)
	b := &userBook{username: fmt.Sprintf("%s-user-%d", w.prefix, n), staff: rng.IntN(2) == 0}
	roles := []string{}
	if b.staff {
		roles = []string{"ROLE_ADMIN"}
	}
	r := w.c.do("write", "POST", "/api/admin/users/new", map[string]any{"full_name": "Fault " + b.username, "username": b.username,
		"email": b.username + "@faults.example", "password": "Faults-pass-" + b.username, "enabled": true, "roles": roles})
	w.record(r)
	b.created = outcomeOf(r)
	w.mu.Lock()
	w.users[b.username] = b
	w.mu.Unlock()
}

// check compares the database with the booked writes: every write answered
// 2xx landed fully, every write without a clear answer landed fully or not
// at all, nothing else landed, and the audit log has one row per write that
// landed, its hash chain intact. It returns the problems found and a summary.
func (w *workload) check(t *testing.T, dbURL string) {
	t.Helper()
	ctx := context.Background()
	db, err := store.Open(ctx, dbURL)
	if err != nil {
		t.Fatalf("open %s for the check: %v", dbURL, err)
	}
	defer db.Close()
	box, err := secrets.Load(os.Getenv("BACKOFFICE_SECRETS_KEY_FILE")) // TestMain's, which every node used
	if err != nil {
		t.Fatal(err)
	}
	db.AuditKey = box.AuditKey()
	var problems []string
	fail := func(format string, args ...any) { problems = append(problems, fmt.Sprintf(format, args...)) }
	like := w.prefix + "-%"

	// Roles: each one in the database is the full state of one write.
	type dbRole struct {
		id    int64
		state roleState
	}
	got := map[string]*dbRole{}
	rows, err := db.QueryContext(ctx, `SELECT id, role, description FROM roles WHERE role LIKE $1`, like)
	if err != nil {
		t.Fatal(err)
	}
	for rows.Next() {
		r := &dbRole{}
		var name string
		if err := rows.Scan(&r.id, &name, &r.state.Description); err != nil {
			t.Fatal(err)
		}
		got[name] = r
	}
	rows.Close()
	for _, r := range got {
		r.state.Permissions = strings.Split(queryString(t, db, `SELECT permission FROM role_permissions WHERE role_id = $1 ORDER BY permission`, r.id), "\n")
		if r.state.Permissions[0] == "" {
			r.state.Permissions = nil
		}
	}
	counts := map[string]int{}
	for name, b := range w.roles {
		r, ok := got[name]
		counts[fmt.Sprintf("roles %s", []string{"done", "ambiguous", "refused"}[b.created])]++
		switch {
		case b.created == done && !ok:
			fail("role %s was created (2xx) but is missing", name)
			continue
		case b.created == refused && ok:
			fail("role %s was refused but exists", name)
			continue
		case !ok:
			continue
		}
		if b.created == done && r.id != b.id {
			fail("role %s has id %d, the reply said %d", name, r.id, b.id)
		}
		allowed := append([]roleState{b.confirmed}, b.pending...)
		if !slices.ContainsFunc(allowed, func(s roleState) bool { return s.String() == r.state.String() }) {
			fail("role %s holds %s: a half-done write? allowed: %v", name, r.state, allowed)
		}
		if n := countAudit(t, db, "role.create", fmt.Sprintf("role:%d", r.id)); n != 1 {
			fail("role %s: %d role.create audit rows, want 1", name, n)
		}
		if n := countAudit(t, db, "role.update", fmt.Sprintf("role:%d", r.id)); n < b.updates[0] || n > b.updates[0]+b.updates[1] {
			fail("role %s: %d role.update audit rows, want %d..%d", name, n, b.updates[0], b.updates[0]+b.updates[1])
		} else if n > 0 {
			var last struct {
				After struct {
					roleState
				} `json:"after"`
			}
			details := queryString(t, db, `SELECT CAST(details AS TEXT) FROM audit_log WHERE action = 'role.update' AND target = $1 ORDER BY id DESC LIMIT 1`, fmt.Sprintf("role:%d", r.id))
			if err := json.Unmarshal([]byte(details), &last); err != nil || last.After.String() != r.state.String() {
				fail("role %s: the last role.update audit row says %s, the role holds %s", name, details, r.state)
			}
		}
		counts["roles in the database"]++
	}
	for name := range got {
		if w.roles[name] == nil {
			fail("role %s exists but was never sent", name)
		}
	}

	// Users: each one has the security role it was sent with and one audit row.
	type dbUser struct {
		id    int64
		staff bool
	}
	users := map[string]dbUser{}
	rows, err = db.QueryContext(ctx, `SELECT id, username, is_admin FROM users WHERE username LIKE $1`, like)
	if err != nil {
		t.Fatal(err)
	}
	for rows.Next() {
		var u dbUser
		var name string
		if err := rows.Scan(&u.id, &name, &u.staff); err != nil {
			t.Fatal(err)
		}
		users[name] = u
	}
	rows.Close()
	for name, b := range w.users {
		u, ok := users[name]
		counts[fmt.Sprintf("users %s", []string{"done", "ambiguous", "refused"}[b.created])]++
		switch {
		case b.created == done && !ok:
			fail("user %s was created (2xx) but is missing", name)
		case b.created == refused && ok:
			fail("user %s was refused but exists", name)
		case ok && u.staff != b.staff:
			fail("user %s: staff=%v, sent %v", name, u.staff, b.staff)
		}
		if ok {
			counts["users in the database"]++
			if n := countAudit(t, db, "user.create", fmt.Sprintf("user:%d", u.id)); n != 1 {
				fail("user %s: %d user.create audit rows, want 1", name, n)
			}
		}
	}
	for name := range users {
		if w.users[name] == nil {
			fail("user %s exists but was never sent", name)
		}
	}
	// Audit rows of writes that did not land.
	var orphans int
	if err := db.QueryRowContext(ctx, `SELECT count(*) FROM audit_log a WHERE
		(a.action = 'role.create' AND CAST(a.details AS TEXT) LIKE $1 AND NOT EXISTS (SELECT 1 FROM roles r WHERE a.target = 'role:' || r.id))
		OR (a.action = 'user.create' AND CAST(a.details AS TEXT) LIKE $1 AND NOT EXISTS (SELECT 1 FROM users u WHERE a.target = 'user:' || u.id))`,
		"%"+w.prefix+"-%").Scan(&orphans); err != nil {
		t.Fatal(err)
	}
	if orphans != 0 {
		fail("%d audit rows record a write that did not land", orphans)
	}
	w.checkPromotion(t, db, fail, counts)
	// The audit log's hash chain holds through outages, restarts and kill -9 (docs/decisions/0012-audit-hash-chain.md).
	if v, err := audit.Verify(ctx, db); err != nil || v.BrokenAt != nil {
		fail("the audit chain does not verify: broken at %v, %v", v.BrokenAt, err)
	} else {
		counts["audit entries verified"] = int(v.Verified)
	}
	problems = append(problems, w.problems...)
	t.Logf("writes checked (%s): %v", db.Dialect, counts)
	for _, p := range problems {
		t.Error(p)
	}
}

func queryString(t *testing.T, db *store.DB, q string, args ...any) string {
	t.Helper()
	rows, err := db.QueryContext(context.Background(), q, args...)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var s string
		if err := rows.Scan(&s); err != nil {
			t.Fatal(err)
		}
		out = append(out, s)
	}
	return strings.Join(out, "\n")
}

func countAudit(t *testing.T, db *store.DB, action, target string) int {
	t.Helper()
	var n int
	if err := db.QueryRowContext(context.Background(), `SELECT count(*) FROM audit_log WHERE action = $1 AND target = $2`, action, target).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

// TestWorkloadOutlivesTheStepUpWindow: a workload client whose session is
// past its step-up window (as after 5 minutes of a long run) gets a new one
// for its sensitive calls, which then pass; calls refused meanwhile share it.
func TestWorkloadOutlivesTheStepUpWindow(t *testing.T) {
	db := "sqlite:" + t.TempDir() + "/faults.db"
	prepare(t, db, 20, 100)
	stale := backoffice(t, "admin", "token", "--db", db, "--username", "root", "--stepped-up=false")
	srv := startServer(t, db)
	if r := newClient(srv.base, stale, 15*time.Second).do("write", "POST", "/api/admin/roles/new",
		map[string]any{"role": "Stale", "permissions": []string{"ADMIN_CANDLES"}}); !refusedForStepUp(r) {
		t.Fatalf("a role created on a session that has not stepped up: %d %.300s; want the step_up refusal", r.status, r.body)
	}
	cl := newClient(srv.base, stale, 15*time.Second).renewing(db, "root")
	var wg sync.WaitGroup
	replies := make([]reply, 4)
	for i := range replies {
		wg.Add(1)
		go func() {
			defer wg.Done()
			replies[i] = cl.do("write", "POST", "/api/admin/roles/new",
				map[string]any{"role": fmt.Sprintf("Renewed %d", i), "permissions": []string{"ADMIN_CANDLES"}})
		}()
	}
	wg.Wait()
	for _, r := range replies {
		if r.status != 201 {
			t.Fatalf("a role created through a renewing client: %d %.300s; want 201", r.status, r.body)
		}
	}
	if token := cl.token.Load().(string); token == stale {
		t.Fatal("the client kept its stale session")
	}
}

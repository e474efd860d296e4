package httpapi_test

import (
	"context"
	"encoding/csv"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"xapa/backoffice/internal/apitest"
	"xapa/backoffice/internal/auth"
	"xapa/backoffice/internal/httpapi"
	"xapa/backoffice/internal/rbac"
	"xapa/backoffice/internal/store"
	"xapa/backoffice/internal/store/storetest"
)

// readEntry is an audit entry of a read, as the audit list shows it.
type readEntry struct {
	Actor struct {
		Email string `json:"email"`
	} `json:"actor"`
	Action  string         `json:"action"`
	Target  string         `json:"target"`
	Details map[string]any `json:"details"`
}

// reads are the audit entries of action, newest first.
func reads(t *testing.T, env *apitest.Env, tok, action string) []readEntry {
	t.Helper()
	var reply struct {
		Audit []readEntry `json:"audit"`
	}
	r := env.Do(t, apitest.Case{Method: "GET", Path: "/api/admin/audit?maxPerPage=100&action=" + action, Token: tok})
	if r.Status != http.StatusOK {
		t.Fatalf("audit list: %d %s", r.Status, r.Body)
	}
	r.JSON(t, &reply)
	return reply.Audit
}

// checkExport checks an export's entry against what its client received.
func checkExport(t *testing.T, e readEntry, path string, filters map[string]any, rows, bytes int, cut bool) {
	t.Helper()
	d := e.Details
	if e.Action != "read.csv_export" || e.Actor.Email != "exporter@example.com" || d["route"] != path ||
		d["rows"] != float64(rows) || d["bytes"] != float64(bytes) || d["cut"] != cut {
		t.Errorf("export of %s: %+v, want %d rows, %d bytes, cut %v", path, e, rows, bytes, cut)
	}
	if seconds, ok := d["seconds"].(float64); !ok || seconds < 0 {
		t.Errorf("export of %s: seconds %v, want a number >= 0", path, d["seconds"])
	}
	if got, want := fmt.Sprint(d["filters"]), fmt.Sprint(filters); got != want {
		t.Errorf("export of %s: filters %s, want %s", path, got, want)
	}
}

// Every CSV export that sent data is recorded once it ends: its path, the
// filters as given (never one naming a secret), the rows and bytes its
// client received; an export refused for a bad filter sent nothing and is
// not. The entries of a customer's exports name the customer. The audit
// screen's filter selects them: "read." and "read.csv_export".
func TestExportsAreAudited(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		env := apitest.NewEnv(t, db)
		f := newLedgerFixture(t, env)
		_, tok := env.Staff(t, "exporter", rbac.AuditLog, rbac.ShowUser, rbac.TransactionHistory)
		export := func(path string) ([][]string, int) {
			t.Helper()
			env.Clock.Advance(7 * time.Second) // beyond the exports' per-minute limit
			r := env.Do(t, apitest.Case{Method: "GET", Path: path, Token: tok})
			rows, err := csv.NewReader(strings.NewReader(string(r.Body))).ReadAll()
			if r.Status != http.StatusOK || err != nil {
				t.Fatalf("%s: %d %v", path, r.Status, err)
			}
			return rows, len(r.Body)
		}
		// The transactions export is made by PostgreSQL's COPY there, row by row on SQLite.
		history, historyBytes := export("/api/admin/transactions/history/CSV?network=main&coinType=1&access_token=abc")
		id := fmt.Sprint(f.userID)
		report, reportBytes := export("/api/admin/users/report/" + id + "/CSV?type=sent&type=received")
		if r := env.Do(t, apitest.Case{Method: "GET", Path: "/api/admin/audit/CSV?minDate=yesterday", Token: tok}); r.Status != http.StatusBadRequest {
			t.Fatalf("a bad filter: %d", r.Status)
		}
		entries := reads(t, env, tok, "read.csv_export")
		if len(entries) != 2 || len(reads(t, env, tok, "read.")) != 2 {
			t.Fatalf("export entries: %+v", entries)
		}
		checkExport(t, entries[1], "/api/admin/transactions/history/CSV", map[string]any{"network": "main", "coinType": "1"},
			len(history)-1, historyBytes, false)
		checkExport(t, entries[0], "/api/admin/users/report/"+id+"/CSV", map[string]any{"type": []any{"sent", "received"}},
			len(report)-1, reportBytes, false)
		if entries[0].Target != "user:"+id || entries[1].Target != "" {
			t.Errorf("targets %q and %q, want the customer's for the customer's export only", entries[0].Target, entries[1].Target)
		}
	})
}

// cutWriter is a client that goes away after its first Flush: every write
// after it fails.
type cutWriter struct {
	*httptest.ResponseRecorder
	flushed bool
}

func (c *cutWriter) Write(p []byte) (int, error) {
	if c.flushed {
		return 0, errors.New("client gone")
	}
	return c.ResponseRecorder.Write(p)
}

func (c *cutWriter) Flush() { c.flushed = true }

// An export whose client goes away part-way is recorded as cut, with what
// was sent until then: the first thousand rows (csvout flushes every
// thousand) and the bytes the client took.
func TestCutExportIsAudited(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		env := apitest.NewEnv(t, db)
		_, tok := env.Staff(t, "exporter", rbac.AuditLog)
		if _, err := db.ExecContext(context.Background(), `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 2500)
			INSERT INTO audit_log (actor_email, action, target, details, ip, created_at)
			SELECT 'someone@example.com', 'role.update', 'role:1', '{}', '192.0.2.1', $1 FROM n`, env.Clock.Now()); err != nil {
			t.Fatal(err)
		}
		req := httptest.NewRequest("GET", "/api/admin/audit/CSV?action=role.update", nil)
		req.Header.Set("Authorization", "Bearer "+tok)
		w := &cutWriter{ResponseRecorder: httptest.NewRecorder()}
		func() {
			defer func() {
				if p := recover(); p != http.ErrAbortHandler {
					t.Errorf("the cut export ended with %v, want http.ErrAbortHandler", p)
				}
			}()
			env.Server.Handler().ServeHTTP(w, req)
		}()
		entries := reads(t, env, tok, "read.csv_export")
		if len(entries) != 1 {
			t.Fatalf("export entries: %+v", entries)
		}
		checkExport(t, entries[0], "/api/admin/audit/CSV", map[string]any{"action": "role.update"}, 1000, w.Body.Len(), true)
		if lines := strings.Count(w.Body.String(), "\n"); lines != 1001 {
			t.Errorf("the client took %d lines, want the header and 1000 rows", lines)
		}
	})
}

// Opening a customer's profile (GET /api/admin/users/{id}) is recorded at
// most once per staff member, customer and clock hour, as its part
// "profile"; the brief, another part, has its own entry; an unknown user's
// read is not recorded.
func TestProfileOpeningIsAudited(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		env := apitest.NewEnv(t, db)
		viewer, tok := env.Staff(t, "viewer", rbac.ShowUser, rbac.AuditLog)
		_, other := env.Staff(t, "other", rbac.ShowUser)
		a, b := env.CreateUser(t, "alice", false, false), env.CreateUser(t, "bob", false, false)
		open := func(token string, id int64) {
			t.Helper()
			env.Do(t, apitest.Case{Method: "GET", Path: fmt.Sprint("/api/admin/users/", id), Token: token, Status: http.StatusOK})
		}
		env.Clock.Advance(-time.Duration(env.Clock.Now().Minute()) * time.Minute) // the hour's start: the next 59 minutes are in it
		open(tok, a.ID)
		env.Clock.Advance(59 * time.Minute)
		open(tok, a.ID) // the same hour
		env.Do(t, apitest.Case{Method: "GET", Path: fmt.Sprint("/api/admin/users/brief/", a.ID), Token: tok, Status: http.StatusOK})
		env.Do(t, apitest.Case{Method: "GET", Path: "/api/admin/users/999999", Token: tok, Status: http.StatusNotFound})
		open(tok, b.ID)   // another customer
		open(other, a.ID) // another staff member
		env.Clock.Advance(time.Minute)
		open(tok, a.ID) // the next hour
		entries := reads(t, env, tok, "read.profile_open")
		var got []string
		for _, e := range entries {
			got = append(got, fmt.Sprint(e.Actor.Email, " ", e.Target, " ", e.Details["part"]))
		}
		want := []string{"viewer@example.com user:" + fmt.Sprint(a.ID, " profile"), "other@example.com user:" + fmt.Sprint(a.ID, " profile"),
			"viewer@example.com user:" + fmt.Sprint(b.ID, " profile"), "viewer@example.com user:" + fmt.Sprint(a.ID, " brief"),
			"viewer@example.com user:" + fmt.Sprint(a.ID, " profile")}
		if fmt.Sprint(got) != fmt.Sprint(want) {
			t.Errorf("profile reads recorded, newest first:\n got %q\nwant %q", got, want)
		}
		if n := len(reads(t, env, tok, "read.")); n != len(want) {
			t.Errorf("reads recorded: %d, want %d", n, len(want))
		}

		// Two nodes of one database, several openings at once: one entry.
		nodes := []*apitest.Env{env, apitest.NewEnvWith(t, db, func(o *httpapi.Options) { o.Now = env.Clock.Now })}
		env.Clock.Advance(time.Hour)
		tok = env.Token(t, viewer, auth.Full) // the last one has been idle for an hour
		var wg sync.WaitGroup
		for i := range 8 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				r := nodes[i%2].Do(t, apitest.Case{Method: "GET", Path: fmt.Sprint("/api/admin/users/", b.ID), Token: tok})
				if r.Status != http.StatusOK {
					t.Errorf("an opening at once: %d %s", r.Status, r.Body)
				}
			}()
		}
		wg.Wait()
		if n := len(reads(t, env, tok, "read.profile_open")); n != len(want)+1 {
			t.Errorf("entries after eight openings at once on two nodes: %d, want %d", n, len(want)+1)
		}
	})
}

// hourStart moves env's clock back to the start of its hour: the next 59
// minutes are in the same hour.
func hourStart(env *apitest.Env) time.Time {
	env.Clock.Advance(-time.Duration(env.Clock.Now().Minute()) * time.Minute)
	return env.Clock.Now().Truncate(time.Hour)
}

// Every read of a customer's data is recorded (issue 34, item 9): each part
// of the profile (the profile, its brief, report, wallets, invites and
// sessions) at most once per staff member, customer and clock hour, as the
// profile's opening is. A second read in the hour adds nothing, on any node;
// an unknown customer's read records nothing.
func TestProfileReadsAreAudited(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		env := apitest.NewEnv(t, db)
		f := newLedgerFixture(t, env)
		viewer, tok := env.Staff(t, "finance", rbac.ShowUser, rbac.AuditLog)
		id := fmt.Sprint(f.userID)
		paths := map[string]string{
			"brief":    "/api/admin/users/brief/" + id,
			"invites":  "/api/admin/users/invites/" + id,
			"report":   "/api/admin/users/report/" + id + "?type=sent&maxPerPage=100",
			"wallets":  "/api/admin/users/wallets/" + id,
			"sessions": "/api/admin/users/sessions/" + id,
			"profile":  "/api/admin/users/" + id,
		}
		read := func(node *apitest.Env, token string, parts ...string) {
			t.Helper()
			for _, part := range parts {
				if r := node.Do(t, apitest.Case{Method: "GET", Path: paths[part], Token: token}); r.Status != http.StatusOK {
					t.Errorf("reading the %s: %d %s", part, r.Status, r.Body)
				}
			}
		}
		// recorded is each entry as "part hour", newest first, checking its actor and target.
		recorded := func() []string {
			t.Helper()
			var out []string
			for _, e := range reads(t, env, tok, "read.profile_open") {
				if e.Actor.Email != viewer.Email || e.Target != "user:"+id {
					t.Errorf("an entry of %s on %s, want %s on user:%s", e.Actor.Email, e.Target, viewer.Email, id)
				}
				out = append(out, fmt.Sprint(e.Details["part"], " ", e.Details["hour"]))
			}
			return out
		}
		hour := hourStart(env).Format(time.RFC3339)
		read(env, tok, "brief", "invites", "report", "wallets")
		env.Clock.Advance(59 * time.Minute)
		read(env, tok, "brief", "invites", "report", "wallets") // the same hour
		env.Do(t, apitest.Case{Method: "GET", Path: "/api/admin/users/brief/999999", Token: tok, Status: http.StatusNotFound})
		want := []string{"wallets " + hour, "report " + hour, "invites " + hour, "brief " + hour}
		if got := recorded(); fmt.Sprint(got) != fmt.Sprint(want) {
			t.Fatalf("reads recorded, newest first:\n got %q\nwant %q", got, want)
		}

		// The next hour, on two nodes at once: one entry per part read.
		env.Clock.Advance(time.Minute)
		next := env.Clock.Now().Truncate(time.Hour).Format(time.RFC3339)
		nodes := []*apitest.Env{env, apitest.NewEnvWith(t, db, func(o *httpapi.Options) { o.Now = env.Clock.Now })}
		var wg sync.WaitGroup
		for i := range 8 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				read(nodes[i%2], tok, "sessions", "profile")
			}()
		}
		wg.Wait()
		got := recorded()
		if len(got) != len(want)+2 || !slices.Contains(got[:2], "sessions "+next) || !slices.Contains(got[:2], "profile "+next) {
			t.Errorf("after reading the sessions and the profile eight times at once on two nodes, newest first: %q", got)
		}
	})
}

// A staff member who reads more than 500 rows of one list within a clock
// hour gets one read.bulk entry for the list and the hour, written by the
// page that crossed the bound, with the rows read until then and that
// page's filters (issue 34, item 9): 2,000 History rows through 20 pages of
// 100 give one entry. The count is in the database: two nodes reading at
// once record one entry.
func TestBulkReadsAreAudited(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		env := apitest.NewEnv(t, db)
		f := newLedgerFixture(t, env)
		finance, tok := env.Staff(t, "finance", rbac.TransactionHistory, rbac.UsersList, rbac.AuditLog)
		if _, err := db.ExecContext(context.Background(), `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 2000)
			INSERT INTO transactions (id, user_id, wallet_id, coin_id, type, network, status, confirmations, max_confirmation,
				amount, commission, fee, hash, explorer_url, created_at, updated_at)
			SELECT 1000 + i, $1, 1, 1, 'sent', 'main', 'confirmed', 3, 3, '0.001', '0', '0', '0xbulk' || i, '', $2, $2 FROM n`,
			f.userID, env.Clock.Now().Add(-time.Minute)); err != nil {
			t.Fatal(err)
		}
		const filters = "network=main&coinType=1&type=sent"
		page := func(node *apitest.Env, token string, n int) {
			t.Helper()
			var reply struct {
				Rows []json.RawMessage `json:"transactionHistory"`
			}
			r := node.Do(t, apitest.Case{Method: "GET", Path: fmt.Sprintf("/api/admin/transactions/history?%s&maxPerPage=100&page=%d", filters, n), Token: token})
			if r.Status != http.StatusOK {
				t.Errorf("page %d: %d %s", n, r.Status, r.Body)
				return
			}
			if r.JSON(t, &reply); len(reply.Rows) != 100 {
				t.Errorf("page %d: %d rows, want 100", n, len(reply.Rows))
			}
		}
		hour := hourStart(env).Format(time.RFC3339)
		for n := 1; n <= 20; n++ {
			page(env, tok, n)
		}
		env.Do(t, apitest.Case{Method: "GET", Path: "/api/admin/users?maxPerPage=100", Token: tok, Status: http.StatusOK}) // another list, a few rows
		entries := reads(t, env, tok, "read.bulk")
		if len(entries) != 1 {
			t.Fatalf("bulk-read entries after 2,000 rows: %+v, want 1", entries)
		}
		e := entries[0]
		if e.Actor.Email != finance.Email || e.Target != "" || e.Details["list"] != "/api/admin/transactions/history" ||
			e.Details["route"] != "/api/admin/transactions/history" || e.Details["rows"] != float64(600) || e.Details["hour"] != hour {
			t.Errorf("the bulk read: %+v, want finance's of the History, 600 rows (the sixth page's), the hour %s", e, hour)
		}
		if got, want := fmt.Sprint(e.Details["filters"]), fmt.Sprint(map[string]any{"network": "main", "coinType": "1", "type": "sent"}); got != want {
			t.Errorf("filters %s, want %s (the paging left out)", got, want)
		}

		// The next hour counts afresh: twelve pages at once on two nodes cross the bound once.
		env.Clock.Advance(time.Hour)
		tok = env.Token(t, finance, auth.Full) // the last one has been idle for an hour
		nodes := []*apitest.Env{env, apitest.NewEnvWith(t, db, func(o *httpapi.Options) { o.Now = env.Clock.Now })}
		var wg sync.WaitGroup
		for i := range 12 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				page(nodes[i%2], tok, i+1)
			}()
		}
		wg.Wait()
		entries = reads(t, env, tok, "read.bulk")
		if len(entries) != 2 {
			t.Fatalf("bulk-read entries after 1,200 more rows the next hour, on two nodes at once: %d, want 2", len(entries))
		}
		if rows, _ := entries[0].Details["rows"].(float64); rows <= 500 || rows > 600 {
			t.Errorf("the next hour's entry holds %v rows, want the count that crossed 500 (501 to 600)", entries[0].Details["rows"])
		}
	})
}

// partWriter is a client that goes away after taking its first limit bytes:
// the write reaching the limit is taken in part, every write after it fails.
type partWriter struct {
	*httptest.ResponseRecorder
	left int
}

func (p *partWriter) Write(b []byte) (int, error) {
	if len(b) <= p.left {
		p.left -= len(b)
		return p.ResponseRecorder.Write(b)
	}
	n, _ := p.ResponseRecorder.Write(b[:p.left])
	p.left = 0
	return n, errors.New("client gone")
}

func (p *partWriter) Flush() {}

// A cut export records the rows that reached its client whole, the header
// left out, however few: the client of a row-by-row export (the audit log)
// and of one made of the database's lines (the transactions: COPY on
// PostgreSQL) goes away after its first bytes, before any flush. The entry
// used to say 0 rows with those bytes sent.
func TestCutExportCountsTheRowsSent(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		env := apitest.NewEnv(t, db)
		newLedgerFixture(t, env)
		_, tok := env.Staff(t, "exporter", rbac.AuditLog, rbac.TransactionHistory)
		if _, err := db.ExecContext(context.Background(), `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 2500)
			INSERT INTO audit_log (actor_email, action, target, details, ip, created_at)
			SELECT 'someone@example.com', 'role.update', 'role:1', '{}', '192.0.2.1', $1 FROM n`, env.Clock.Now()); err != nil {
			t.Fatal(err)
		}
		for _, c := range []struct {
			path    string
			filters map[string]any
			limit   int
		}{
			{"/api/admin/audit/CSV?action=role.update", map[string]any{"action": "role.update"}, 3482},
			{"/api/admin/transactions/history/CSV?network=main", map[string]any{"network": "main"}, 700},
		} {
			env.Clock.Advance(7 * time.Second) // beyond the exports' per-minute limit
			req := httptest.NewRequest("GET", c.path, nil)
			req.Header.Set("Authorization", "Bearer "+tok)
			w := &partWriter{ResponseRecorder: httptest.NewRecorder(), left: c.limit}
			func() {
				defer func() {
					if p := recover(); p != http.ErrAbortHandler {
						t.Errorf("%s: the cut export ended with %v, want http.ErrAbortHandler", c.path, p)
					}
				}()
				env.Server.Handler().ServeHTTP(w, req)
			}()
			body := w.Body.String()
			whole, err := csv.NewReader(strings.NewReader(body[:strings.LastIndexByte(body, '\n')+1])).ReadAll()
			if err != nil || len(whole) < 2 || len(body) != c.limit {
				t.Fatalf("%s: the client took %d bytes, %d whole lines (%v): want %d bytes, the header and rows", c.path, len(body), len(whole), err, c.limit)
			}
			entries := reads(t, env, tok, "read.csv_export")
			path, _, _ := strings.Cut(c.path, "?")
			checkExport(t, entries[0], path, c.filters, len(whole)-1, c.limit, true)
		}
	})
}

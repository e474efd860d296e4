package httpapi_test

import (
	"context"
	"encoding/csv"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
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
// most once per staff member, customer and clock hour; the profile's other
// reads are not recorded, nor is an unknown user's.
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
			got = append(got, e.Actor.Email+" "+e.Target)
		}
		want := []string{"viewer@example.com user:" + fmt.Sprint(a.ID), "other@example.com user:" + fmt.Sprint(a.ID),
			"viewer@example.com user:" + fmt.Sprint(b.ID), "viewer@example.com user:" + fmt.Sprint(a.ID)}
		if fmt.Sprint(got) != fmt.Sprint(want) {
			t.Errorf("profile openings recorded, newest first:\n got %q\nwant %q", got, want)
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

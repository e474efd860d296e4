package httpapi_test

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"xapa/backoffice/internal/apitest"
	"xapa/backoffice/internal/demo"
	"xapa/backoffice/internal/httpapi"
	"xapa/backoffice/internal/rbac"
	"xapa/backoffice/internal/store"
	"xapa/backoffice/internal/store/storetest"
)

// TestEveryCSVRouteIsAnExport: a CSV route without the export limits would be
// an open door; the flag means nothing elsewhere.
func TestEveryCSVRouteIsAnExport(t *testing.T) {
	t.Parallel()
	env := apitest.NewEnv(t, storetest.SQLite(t))
	n := 0
	for _, rt := range env.Server.Routes() {
		csv := strings.HasSuffix(rt.Path, "/CSV")
		if csv != rt.Rule.Export {
			t.Errorf("%s %s: Export=%v; every route ending in /CSV, and only those, must be Export(...)", rt.Method, rt.Path, rt.Rule.Export)
		}
		if csv {
			n++
			if rt.Rule.Public {
				t.Errorf("%s: a public export", rt.Path)
			}
		}
	}
	if n == 0 {
		t.Fatal("no CSV routes found")
	}
}

// TestExportRateLimit goes through the real router: ten exports a minute per
// staff member, the eleventh is 429 with Retry-After and the error envelope;
// another staff member and, a minute later, the same one go through again.
func TestExportRateLimit(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		env := apitest.NewEnv(t, db)
		_, tok := env.Staff(t, "exporter", rbac.AuditLog)
		_, other := env.Staff(t, "colleague", rbac.AuditLog)
		csv := apitest.Case{Method: "GET", Path: "/api/admin/audit/CSV", Token: tok}
		for i := 0; i < 10; i++ {
			if r := env.Do(t, csv); r.Status != 200 {
				t.Fatalf("export %d: %d %s", i+1, r.Status, r.Body)
			}
			env.Clock.Advance(time.Second)
		}
		env.Run(t, []apitest.Case{{Name: "eleventh export in a minute", Method: "GET", Path: csv.Path, Token: tok, Status: 429,
			JSON: `{"code":429,"message":"Too many exports in a short time. Try again shortly.","errors":[]}`,
			Check: func(t *testing.T, rec *httptest.ResponseRecorder) {
				if s, err := strconv.Atoi(rec.Header().Get("Retry-After")); err != nil || s < 1 || s > 60 {
					t.Errorf("Retry-After %q", rec.Header().Get("Retry-After"))
				}
				if rec.Header().Get("Cache-Control") != "no-store" {
					t.Errorf("Cache-Control %q", rec.Header().Get("Cache-Control"))
				}
			}}})
		env.Run(t, []apitest.Case{
			{Name: "another staff member", Method: "GET", Path: csv.Path, Token: other, Status: 200},
			{Name: "the JSON list is not an export", Method: "GET", Path: "/api/admin/audit", Token: tok, Status: 200},
			{Name: "no token: 401 before any limit", Method: "GET", Path: csv.Path, Status: 401},
		})
		env.Clock.Advance(time.Minute)
		env.Run(t, []apitest.Case{{Name: "a minute later", Method: "GET", Path: csv.Path, Token: tok, Status: 200}})
	})
}

// Two nodes on one database share the export limits: 10 exports a minute spread over both, the 11th refused on
// either (before, each node kept its own count in memory: 28 exports a minute passed through a balancer).
func TestExportLimitsHoldAcrossNodes(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		a := apitest.NewEnv(t, db)
		b := apitest.NewEnvWith(t, db, func(o *httpapi.Options) { o.Now = a.Clock.Now })
		_, tok := a.Staff(t, "exporter", rbac.AuditLog)
		csv := apitest.Case{Method: "GET", Path: "/api/admin/audit/CSV", Token: tok}
		for i := range 10 {
			node := []*apitest.Env{a, b}[i%2]
			if r := node.Do(t, csv); r.Status != 200 {
				t.Fatalf("export %d: %d %s", i+1, r.Status, r.Body)
			}
		}
		for name, node := range map[string]*apitest.Env{"node a": a, "node b": b} {
			if r := node.Do(t, csv); r.Status != 429 {
				t.Errorf("%s, 11th export in a minute: %d; want 429", name, r.Status)
			}
		}
	})
}

// Stalled downloads cannot starve the pool: eight CSV exports whose clients read nothing (four staff members, two
// each) take at most a quarter of the node's connections; the others are refused at once with 503, and a sign-in
// check (GET /api/user) still answers. Before, the eight held the whole SQLite pool and every other call hung.
func TestStalledExportsLeaveThePoolFree(t *testing.T) {
	t.Parallel()
	_, env := exportData(t, 2)
	srv := httptest.NewServer(env.Handler)
	defer srv.Close()
	var tokens []string
	for i := range 4 {
		_, tok := env.Staff(t, fmt.Sprintf("exporter%d", i), rbac.TransactionHistory)
		tokens = append(tokens, tok)
	}
	var conns []net.Conn
	defer func() {
		for _, c := range conns {
			c.Close()
		}
	}()
	refused := make(chan int, 8)
	for _, tok := range tokens {
		for range 2 {
			c, err := net.Dial("tcp", srv.Listener.Addr().String())
			if err != nil {
				t.Fatal(err)
			}
			conns = append(conns, c)
			fmt.Fprintf(c, "GET /api/admin/transactions/history/CSV?minDate=2000-01-01%%2000:00:00 HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer %s\r\n\r\n", tok)
			// Only the status line is read: a refusal answers at once, a running export streams into a client
			// that reads no further.
			go func(c net.Conn) {
				line, _ := bufio.NewReader(c).ReadString('\n')
				var status int
				_, _ = fmt.Sscanf(line, "HTTP/1.1 %d", &status)
				refused <- status
			}(c)
		}
	}
	counts := map[int]int{}
	for range 8 {
		counts[<-refused]++
	}
	if counts[http.StatusOK] > 2 || counts[http.StatusServiceUnavailable] < 6 {
		t.Fatalf("export replies %v; want at most 2 running (a quarter of 8 connections) and the others refused with 503", counts)
	}
	client := &http.Client{Timeout: 30 * time.Second} // a bound for a hang only
	req, _ := http.NewRequest(http.MethodGet, srv.URL+"/api/user", nil)
	req.Header.Set("Authorization", "Bearer "+tokens[0])
	resp, err := client.Do(req)
	if err != nil {
		t.Fatalf("GET /api/user while exports stall: %v", err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("GET /api/user while exports stall: %d", resp.StatusCode)
	}
}

// A download whose client stopped reading holds no database connection: the export's read gives it back within
// store.Pause and goes on when the client reads again. With a pool of one connection, GET /api/user answers while an
// export of 20,000 rows is stalled mid-stream, and the export then completes when its client reads on. Before, the
// export held the only connection until the client read on or the stall cut (60 s), and every other call waited.
func TestStalledExportHoldsNoConnection(t *testing.T) {
	t.Parallel()
	db, env := exportData(t, 3)
	_, tok := env.Staff(t, "exporter", rbac.TransactionHistory)
	db.SetMaxOpenConns(1)
	srv := httptest.NewServer(env.Handler)
	defer srv.Close()
	// A small receive window: the rows stay on the server, blocked in the write, while the client reads nothing.
	dialer := net.Dialer{Control: func(_, _ string, c syscall.RawConn) error {
		return c.Control(func(fd uintptr) { _ = syscall.SetsockoptInt(int(fd), syscall.SOL_SOCKET, syscall.SO_RCVBUF, 4096) })
	}}
	c, err := dialer.Dial("tcp", srv.Listener.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	fmt.Fprintf(c, "GET /api/admin/transactions/history/CSV HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer %s\r\nConnection: close\r\n\r\n", tok)
	export := bufio.NewReaderSize(c, 512)
	if line, _ := export.ReadString('\n'); !strings.HasPrefix(line, "HTTP/1.1 200") {
		t.Fatalf("export: %q", line)
	}
	client := &http.Client{Timeout: 30 * time.Second} // a bound for a hang only
	req, _ := http.NewRequest(http.MethodGet, srv.URL+"/api/user", nil)
	req.Header.Set("Authorization", "Bearer "+tok)
	resp, err := client.Do(req)
	if err != nil {
		t.Fatalf("GET /api/user while an export stalls on the only connection: %v", err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("GET /api/user while an export stalls: %d", resp.StatusCode)
	}
	rest, err := io.ReadAll(export)
	if err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(string(rest), "\n"); n < 20000 {
		t.Fatalf("the export sent %d lines after its stall; want the header and 20,000 rows", n)
	}
}

// exportData is a SQLite database of 20,000 demo transactions (20 users) and its test environment.
func exportData(t *testing.T, seed int64) (*store.DB, *apitest.Env) {
	t.Helper()
	db := storetest.SQLite(t)
	env := apitest.NewEnv(t, db)
	if err := demo.Generate(context.Background(), db, demo.Options{Secrets: env.Secrets, Users: 20, Transactions: 20000, Seed: seed,
		Now: env.Clock.Now()}); err != nil {
		t.Fatal(err)
	}
	return db, env
}

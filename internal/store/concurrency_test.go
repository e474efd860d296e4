package store_test

import (
	"bytes"
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	"xapa/backoffice/internal/apitest"
	"xapa/backoffice/internal/rbac"
	"xapa/backoffice/internal/store"
	"xapa/backoffice/internal/store/storetest"
)

// TestConcurrentWritersThroughTheAPI runs 20 clients writing at once (roles
// created and edited, staff created and given a role) while 5 read, through
// the real router over HTTP: no call may fail with a 5xx or a "database is
// locked"/"busy" error (SQLite serialises writers through busy_timeout and
// the write lock each write transaction takes first), and every write lands
// with its audit row.
func TestConcurrentWritersThroughTheAPI(t *testing.T) {
	t.Parallel()
	quiet(t)
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		env := apitest.NewEnv(t, db)
		_, token := env.Staff(t, "boss", rbac.CreateRole, rbac.EditRole, rbac.RolesList, rbac.CreateUser,
			rbac.UsersList, rbac.AddUserRole, rbac.TransactionHistory, rbac.AuditLog)
		ts := httptest.NewServer(env.Handler)
		defer ts.Close()
		client := ts.Client()
		client.Transport.(*http.Transport).MaxIdleConnsPerHost = 32

		type result struct {
			what   string
			status int
			body   string
		}
		var (
			mu      sync.Mutex
			results []result
		)
		call := func(what, method, path string, body any) (int, []byte) {
			var rd io.Reader
			if body != nil {
				b, _ := json.Marshal(body)
				rd = bytes.NewReader(b)
			}
			req, _ := http.NewRequest(method, ts.URL+path, rd)
			req.Header.Set("Authorization", "Bearer "+token)
			req.Header.Set("Content-Type", "application/json")
			status, out := 0, []byte(nil)
			resp, err := client.Do(req)
			if err == nil {
				out, err = io.ReadAll(resp.Body)
				resp.Body.Close()
				status = resp.StatusCode
			}
			if err != nil {
				out = []byte(err.Error())
			}
			mu.Lock()
			results = append(results, result{what, status, string(out)})
			mu.Unlock()
			return status, out
		}
		id := func(b []byte) int64 {
			var v struct {
				ID int64 `json:"id"`
			}
			_ = json.Unmarshal(b, &v)
			return v.ID
		}

		const writers, rounds, readers = 20, 4, 5
		perms := []string{rbac.UsersList, rbac.TransactionHistory}
		var wg sync.WaitGroup
		done := make(chan struct{})
		for r := range readers {
			wg.Add(1)
			go func() {
				defer wg.Done()
				paths := []string{"/api/admin/roles?maxPerPage=100", "/api/admin/users?role=ROLE_ADMIN&maxPerPage=100",
					"/api/admin/audit?maxPerPage=50", "/api/admin/transactions/history", "/api/user"}
				for i := 0; ; i++ {
					select {
					case <-done:
						return
					default:
					}
					call("read", "GET", paths[(r+i)%len(paths)], nil)
				}
			}()
		}
		var writes sync.WaitGroup
		for w := range writers {
			writes.Add(1)
			go func() {
				defer writes.Done()
				for i := range rounds {
					name := fmt.Sprintf("conc-%d-%d", w, i)
					status, body := call("role create", "POST", "/api/admin/roles/new", map[string]any{"role": name, "description": "new", "permissions": perms})
					if status != http.StatusCreated {
						continue
					}
					roleID := id(body)
					call("role edit", "POST", fmt.Sprintf("/api/admin/roles/%d/edit", roleID), map[string]any{"role": name, "description": "edited", "permissions": perms})
					if i == 0 { // one each: hashing the password is the slow part
						status, body = call("user create", "POST", "/api/admin/users/new", map[string]any{"full_name": name, "username": name,
							"email": name + "@example.com", "password": "Conc-pass-" + name, "enabled": true, "roles": []string{rbac.RoleAdmin}})
						if status == http.StatusCreated {
							call("set role", "POST", fmt.Sprintf("/api/admin/roles/%d/adduser", roleID), map[string]any{"users": []int64{id(body)}})
						}
					}
				}
			}()
		}
		writes.Wait()
		close(done)
		wg.Wait()

		counts := map[string]int{}
		for _, r := range results {
			counts[r.what]++
			low := strings.ToLower(r.body)
			switch {
			case r.status >= 500 || r.status == 0:
				t.Errorf("%s: %d %.300s", r.what, r.status, r.body)
			case strings.Contains(low, "locked") || strings.Contains(low, "busy"):
				t.Errorf("%s: %d mentions a lock: %.300s", r.what, r.status, r.body)
			case r.what != "read" && (r.status < 200 || r.status > 299):
				t.Errorf("%s: %d %.300s", r.what, r.status, r.body)
			}
		}
		t.Logf("%s: %v", db.Dialect, counts)

		// Every write landed, with its audit row.
		ctx := context.Background()
		var roles, edited, users, withRole, audits int
		q := func(dst *int, query string) {
			t.Helper()
			if err := db.QueryRowContext(ctx, query).Scan(dst); err != nil && err != sql.ErrNoRows {
				t.Fatal(err)
			}
		}
		q(&roles, `SELECT count(*) FROM roles WHERE role LIKE 'conc-%'`)
		q(&edited, `SELECT count(*) FROM roles r WHERE role LIKE 'conc-%' AND description = 'edited'
			AND (SELECT count(*) FROM role_permissions p WHERE p.role_id = r.id) = 2`)
		q(&users, `SELECT count(*) FROM users WHERE username LIKE 'conc-%' AND is_admin = TRUE`)
		q(&withRole, `SELECT count(*) FROM users u JOIN roles r ON r.id = u.role_id WHERE u.username LIKE 'conc-%' AND r.role = u.username`)
		q(&audits, `SELECT count(*) FROM audit_log WHERE action IN ('role.create', 'role.update', 'user.create', 'user.set_role')`)
		wantUsers := writers
		if roles != writers*rounds || edited != roles || users != wantUsers || withRole != wantUsers || audits != 2*roles+2*users {
			t.Errorf("roles %d (edited %d), staff %d (holding their role %d), audit rows %d; want %d roles, %d staff, %d audit rows",
				roles, edited, users, withRole, audits, writers*rounds, wantUsers, 2*writers*rounds+2*wantUsers)
		}
	})
}

// quiet drops the request log (hundreds of lines) while the test runs.
func quiet(t *testing.T) {
	prev := slog.Default()
	slog.SetDefault(slog.New(slog.DiscardHandler))
	t.Cleanup(func() { slog.SetDefault(prev) })
}

// TestSQLiteConcurrentTransactions hammers one SQLite file from 20
// goroutines with write transactions, autocommit writes and read
// transactions at once: none may fail with "database is locked".
func TestSQLiteConcurrentTransactions(t *testing.T) {
	t.Parallel()
	if !storetest.Enabled("sqlite") {
		t.Skip("SQLite tests run in the TEST_DB=sqlite pass")
	}
	db := storetest.SQLite(t)
	ctx := context.Background()
	now := store.Now()
	var wg sync.WaitGroup
	errs := make(chan error, 1000)
	for g := range 20 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range 25 {
				var err error
				switch i % 3 {
				case 0: // a write transaction that reads first
					err = db.Tx(ctx, func(tx *sql.Tx) error {
						var n int
						if err := tx.QueryRowContext(ctx, `SELECT count(*) FROM roles`).Scan(&n); err != nil {
							return err
						}
						var id int64
						if err := tx.QueryRowContext(ctx, `INSERT INTO roles (role, description, created_at, updated_at) VALUES ($1, $2, $3, $3) RETURNING id`,
							fmt.Sprintf("tx-%d-%d", g, i), fmt.Sprint(n), now).Scan(&id); err != nil {
							return err
						}
						_, err := tx.ExecContext(ctx, `INSERT INTO role_permissions (role_id, permission) VALUES ($1, $2)`, id, rbac.UsersList)
						return err
					})
				case 1: // an autocommit write
					_, err = db.ExecContext(ctx, `INSERT INTO roles (role, description, created_at, updated_at) VALUES ($1, '', $2, $2)`,
						fmt.Sprintf("tx-%d-%d", g, i), now)
				default: // a read
					var n int
					err = db.QueryRowContext(ctx, `SELECT count(*) FROM roles r JOIN role_permissions p ON p.role_id = r.id`).Scan(&n)
				}
				if err != nil {
					errs <- fmt.Errorf("goroutine %d step %d: %w", g, i, err)
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
	var n int
	if err := db.QueryRowContext(ctx, `SELECT count(*) FROM roles WHERE role LIKE 'tx-%'`).Scan(&n); err != nil || n != 20*17 {
		t.Errorf("roles written: %d (%v), want %d", n, err, 20*17)
	}
}

package retention_test

import (
	"context"
	"slices"
	"sync"
	"testing"
	"time"

	"xapa/backoffice/internal/audit"
	"xapa/backoffice/internal/retention"
	"xapa/backoffice/internal/store"
	"xapa/backoffice/internal/store/storetest"
)

// now is the tests' clock: what is older than 90 days before it goes.
var now = time.Date(2026, 11, 22, 12, 30, 0, 0, time.UTC)

func ago(days int) time.Time { return now.AddDate(0, 0, -days) }

func exec(t *testing.T, db *store.DB, q string, args ...any) {
	t.Helper()
	if _, err := db.ExecContext(context.Background(), q, args...); err != nil {
		t.Fatalf("%s: %v", q, err)
	}
}

// labels are the values of column col left in table, sorted.
func labels(t *testing.T, db *store.DB, table, col string) []string {
	t.Helper()
	out := storetest.Column[string](t, db, `SELECT CAST(`+col+` AS TEXT) FROM `+table)
	slices.Sort(out)
	return out
}

// seed adds rows of every kind on both sides of their cutoff, each labelled
// "old…" (to be pruned) or "keep…".
func seed(t *testing.T, db *store.DB) {
	exec(t, db, `INSERT INTO users (id, email, username, full_name, password_hash, invitation_code, created_at, updated_at)
		VALUES (1, 'c@example.com', 'c', 'C', 'x', 'inv1', $1, $1)`, ago(400))
	session := func(label string, expires time.Time, revoked any) {
		exec(t, db, `INSERT INTO sessions (user_id, token_hash, kind, created_at, updated_at, expires_at, revoked_at)
			VALUES (1, $1, 'full', $2, $2, $3, $4)`, label, ago(400), expires, revoked)
	}
	session("old-expired", ago(91), nil)
	session("old-revoked", now.Add(time.Hour), ago(91)) // ended when revoked
	session("keep-expired", ago(89), nil)
	session("keep-revoked", now.Add(time.Hour), ago(1))
	session("keep-live", now.Add(time.Hour), nil)
	for label, at := range map[string]time.Time{"old": ago(91), "keep": ago(89)} {
		exec(t, db, `INSERT INTO login_attempts (username, ip, success, created_at) VALUES ($1, '192.0.2.1', FALSE, $2)`, label, at)
		exec(t, db, `INSERT INTO captcha_used (challenge, expires_at) VALUES ($1, $2)`, label, at)
	}
	mail := func(label, status string, sent any) {
		exec(t, db, `INSERT INTO outbox (to_address, subject, body, created_at, status, sent_at)
			VALUES ('c@example.com', $1, '', $2, $3, $4)`, label, ago(400), status, sent)
	}
	mail("old-sent", "sent", ago(91))
	mail("keep-sent", "sent", ago(89))
	mail("keep-queued", "queued", nil) // never delivered, however old
	mail("keep-kept", "kept", nil)
	mail("keep-failed", "failed", nil)
	for staff, hour := range map[int64]time.Duration{1: -2 * time.Hour, 2: -time.Hour, 3: 0} {
		at := now.Truncate(time.Hour).Add(hour).Unix()
		exec(t, db, `INSERT INTO profile_opens (staff_id, user_id, hour, part) VALUES ($1, 1, $2, 'profile'), ($1, 1, $2, 'wallets')`, staff, at)
		exec(t, db, `INSERT INTO list_reads (staff_id, list, hour, row_count) VALUES ($1, '/api/admin/users', $2, 100)`, staff, at)
	}
}

// Each kind loses exactly its rows past the retention period: sessions that
// ended (expired or revoked) over 90 days ago, sign-in attempts, captcha
// records, delivered mail (never undelivered), and the marks of reads
// (profile parts read, list rows read) of hours before the last.
func TestPrune(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		seed(t, db)
		p, err := retention.New(db, 90, func() time.Time { return now })
		if err != nil {
			t.Fatal(err)
		}
		counts, err := p.Prune(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		want := map[string]int64{"sessions_expired": 1, "sessions_revoked": 1, "login_attempts": 1, "captcha_used": 1,
			"mail_delivered": 1, "profile_opens": 2, "list_reads": 1}
		for k, n := range want {
			if counts[k] != n {
				t.Errorf("pruned %s: %d, want %d (all: %v)", k, counts[k], n, counts)
			}
		}
		for table, col := range map[string]string{"sessions": "token_hash", "login_attempts": "username",
			"captcha_used": "challenge", "outbox": "subject"} {
			for _, l := range labels(t, db, table, col) {
				if l[:4] != "keep" {
					t.Errorf("%s: %q left", table, l)
				}
			}
		}
		if got := labels(t, db, "sessions", "token_hash"); len(got) != 3 {
			t.Errorf("sessions left: %q", got)
		}
		if got := labels(t, db, "outbox", "subject"); len(got) != 4 {
			t.Errorf("mail left: %q", got)
		}
		if got := labels(t, db, "profile_opens", "staff_id"); !slices.Equal(got, []string{"2", "2", "3", "3"}) {
			t.Errorf("profile parts read left, by staff member: %q", got)
		}
		if got := labels(t, db, "list_reads", "staff_id"); !slices.Equal(got, []string{"2", "3"}) {
			t.Errorf("list rows read left, by staff member: %q", got)
		}
	})
}

// The audit log is never pruned: with the clock a century ahead everything
// else goes, and every audit entry stays.
func TestPruneNeverTouchesTheAuditLog(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		seed(t, db)
		for _, action := range []string{"login.failure", "read.profile_open", "read.csv_export"} {
			if err := audit.Record(context.Background(), db, audit.Entry{Action: action}); err != nil {
				t.Fatal(err)
			}
		}
		p, _ := retention.New(db, 1, func() time.Time { return now.AddDate(100, 0, 0) })
		if _, err := p.Prune(context.Background()); err != nil {
			t.Fatal(err)
		}
		if got := labels(t, db, "audit_log", "action"); len(got) != 3 {
			t.Errorf("audit entries left: %q", got)
		}
		if got := labels(t, db, "sessions", "token_hash"); len(got) != 0 {
			t.Errorf("sessions left a century on: %q", got)
		}
		if got := labels(t, db, "outbox", "subject"); !slices.Equal(got, []string{"keep-failed", "keep-kept", "keep-queued"}) {
			t.Errorf("mail left a century on: %q (undelivered mail stays)", got)
		}
	})
}

// More rows than a batch go in several DELETEs, and nodes pruning at once
// together delete each row once: the counts add up to the rows there were.
func TestPruneInBatchesOnSeveralNodes(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		const rows = 2*retention.Batch + 7
		exec(t, db, `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < $1)
			INSERT INTO login_attempts (username, ip, success, created_at) SELECT 'old', '192.0.2.1', FALSE, $2 FROM n`, rows, ago(91))
		exec(t, db, `INSERT INTO login_attempts (username, ip, success, created_at) VALUES ('keep', '192.0.2.1', FALSE, $1)`, ago(1))
		var wg sync.WaitGroup
		totals := make([]int64, 3)
		for i := range totals {
			wg.Add(1)
			go func() {
				defer wg.Done()
				p, _ := retention.New(db, 90, func() time.Time { return now })
				counts, err := p.Prune(context.Background())
				if err != nil {
					t.Error(err)
				}
				totals[i] = counts["login_attempts"]
			}()
		}
		wg.Wait()
		var sum int64
		for _, n := range totals {
			sum += n
		}
		if sum != rows {
			t.Errorf("pruned %d in all (%v), want %d", sum, totals, rows)
		}
		if got := labels(t, db, "login_attempts", "username"); !slices.Equal(got, []string{"keep"}) {
			t.Errorf("left: %d rows", len(got))
		}
	})
}

func TestRetentionPeriodAtLeastADay(t *testing.T) {
	t.Parallel()
	if _, err := retention.New(nil, 0, nil); err == nil {
		t.Error("a retention period of 0 days was accepted")
	}
}

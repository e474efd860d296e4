package auditstream_test

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"xapa/backoffice/internal/audit"
	"xapa/backoffice/internal/auditstream"
	"xapa/backoffice/internal/metrics"
	"xapa/backoffice/internal/store"
	"xapa/backoffice/internal/store/storetest"
	"xapa/backoffice/internal/webhook"
)

const secret = "a secret the receiver shares"

// patience bounds every wait for a condition.
const patience = 60 * time.Second

// openDB opens url's database (migrated) as a new process would.
var streamAuditKey = storetest.AuditKey()

func openDB(t *testing.T, url string) *store.DB {
	t.Helper()
	ctx := context.Background()
	db, err := store.Open(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	db.AuditKey = streamAuditKey // one key for every handle, as the nodes of one database share one
	if err := db.Migrate(ctx); err != nil {
		t.Fatal(err)
	}
	return db
}

// record appends n entries, each in a transaction of its own, with details
// of about pad bytes.
func record(t *testing.T, db *store.DB, n, pad int) {
	t.Helper()
	if err := appendEntries(db, n, pad); err != nil {
		t.Fatal(err)
	}
}

// appendEntries is record's work, for other goroutines than the test's.
func appendEntries(db *store.DB, n, pad int) error {
	for i := range n {
		e := audit.Entry{ActorID: int64(i%3 + 1), ActorEmail: "a@example.com", Action: "test.stream", Target: audit.UserTarget(int64(i)),
			Details: map[string]any{"n": i, "note": "<é> & \"quoted\"", "pad": strings.Repeat("x", pad)}, IP: "192.0.2.1"}
		if err := audit.Record(context.Background(), db, e); err != nil {
			return err
		}
	}
	return nil
}

// recordUnchained adds n entries as they were written before the chain: no hash.
func recordUnchained(t *testing.T, db *store.DB, n int) {
	t.Helper()
	for range n {
		if _, err := db.ExecContext(context.Background(), `INSERT INTO audit_log (action, created_at) VALUES ('test.old', $1)`, store.Now()); err != nil {
			t.Fatal(err)
		}
	}
}

// logged is the audit log as the database holds it, in id order.
type logged struct {
	id      int64
	hash    sql.NullString
	details string
}

func readLog(t *testing.T, db *store.DB) []logged {
	t.Helper()
	rows, err := db.QueryContext(context.Background(), `SELECT id, hash, details FROM audit_log ORDER BY id`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var out []logged
	for rows.Next() {
		var l logged
		if err := rows.Scan(&l.id, &l.hash, &l.details); err != nil {
			t.Fatal(err)
		}
		out = append(out, l)
	}
	return out
}

// acked is the last acknowledged id.
func acked(t *testing.T, db *store.DB) int64 {
	t.Helper()
	var id int64
	if err := db.QueryRowContext(context.Background(), `SELECT acked_id FROM audit_stream`).Scan(&id); err != nil {
		t.Fatal(err)
	}
	return id
}

// fast are options for tests: short waits on the real clock; retries
// (at most 2 ms) are told apart from polls (3 ms) and reported on retried.
func fast(url, key string, retried chan<- struct{}) auditstream.Options {
	const poll = 3 * time.Millisecond
	return auditstream.Options{URL: url, Secret: key, Batch: 50, Poll: poll, FirstRetry: time.Millisecond,
		MaxRetry: 2 * time.Millisecond, LeaderRetry: 5 * time.Millisecond,
		After: func(d time.Duration) <-chan time.Time {
			if d < poll && retried != nil {
				select {
				case retried <- struct{}{}:
				default:
				}
			}
			return time.After(d)
		}}
}

// startWorker runs a streamer on db and returns its stop, which returns
// once it has stopped.
func startWorker(t *testing.T, db *store.DB, o auditstream.Options) (stop func()) {
	t.Helper()
	s, err := auditstream.New(db, o)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() {
		defer close(done)
		s.Run(ctx)
	}()
	stop = func() {
		cancel()
		<-done
	}
	t.Cleanup(stop)
	return stop
}

// waitFor waits until cond holds, checking it every few milliseconds.
func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(patience)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("waited %s for %s", patience, what)
		}
		time.Sleep(2 * time.Millisecond)
	}
}

// waitClosed waits until ch has something or is closed.
func waitClosed(t *testing.T, what string, ch <-chan struct{}) {
	t.Helper()
	select {
	case <-ch:
	case <-time.After(patience):
		t.Fatalf("waited %s for %s", patience, what)
	}
}

// firsts is got with each entry's later copies left out (de-duplicated by id).
func firsts(got []auditstream.Entry) []auditstream.Entry {
	seen := map[int64]bool{}
	var out []auditstream.Entry
	for _, e := range got {
		if !seen[e.ID] {
			seen[e.ID] = true
			out = append(out, e)
		}
	}
	return out
}

// allAcked says that the receiver acknowledged the last entry of want (the
// entries are then checked against what it took).
func allAcked(t *testing.T, db *store.DB, want []logged) func() bool {
	return func() bool { return acked(t, db) == want[len(want)-1].id }
}

// checkDelivered checks that after de-duplication by id got is want: every
// entry once, in id order, with its hash (none for the entries before the
// chain) and its details as stored.
func checkDelivered(t *testing.T, want []logged, got []auditstream.Entry) {
	t.Helper()
	once := firsts(got)
	if len(once) != len(want) {
		t.Fatalf("%d entries delivered, want %d", len(once), len(want))
	}
	for i, w := range want {
		e := once[i]
		hash := sql.NullString{Valid: e.Hash != nil}
		if e.Hash != nil {
			hash.String = *e.Hash
		}
		if e.ID != w.id || hash != w.hash || string(e.Details) != w.details {
			t.Fatalf("delivered #%d: id %d, hash %v, details %s; want id %d, hash %v, details %s",
				i, e.ID, hash, e.Details, w.id, w.hash, w.details)
		}
	}
}

// The test: entries from before the chain and after, the receiver
// crashing mid-stream (a batch taken but not acknowledged) and then stopped,
// entries written meanwhile, the server restarted on the same database while
// the receiver is still down (it retries), the receiver back: every entry
// arrives, exactly once after de-duplication by id, in order, with its hash,
// every body signed.
func TestStreamSurvivesReceiverAndServerRestarts(t *testing.T) {
	t.Parallel()
	storetest.EachURL(t, func(t *testing.T, url string) {
		db := openDB(t, url)
		recordUnchained(t, db, 2)
		record(t, db, 120, 10)
		r := newReceiver(t, secret, 2) // batches of 50: it crashes at the second
		stop := startWorker(t, db, fast(r.url(), secret, nil))
		waitClosed(t, "the receiver's crash", r.wentDown)
		r.stop()
		record(t, db, 60, 10)
		stop()
		db.Close()

		db = openDB(t, url) // the server restarted
		retried := make(chan struct{}, 1)
		stop = startWorker(t, db, fast(r.url(), secret, retried))
		waitClosed(t, "a failed post to the stopped receiver", retried)
		r.start()
		record(t, db, 30, 10)
		want := readLog(t, db)
		waitFor(t, "the last entry acknowledged", allAcked(t, db, want))
		stop()

		got := r.received()
		checkDelivered(t, want, got)
		if len(got) == len(want) {
			t.Error("no entry came twice: the batch taken at the crash was not sent again")
		}
		if rejected, _ := r.counts(); rejected != 0 {
			t.Errorf("%d bodies with a wrong signature", rejected)
		}
	})
}

// Two nodes streaming one database while entries are written: one delivers
// at a time, every entry once, in order.
func TestTwoNodesDeliverOneAtATimeInOrder(t *testing.T) {
	t.Parallel()
	storetest.EachURL(t, func(t *testing.T, url string) {
		db := openDB(t, url)
		other := db // SQLite is one process: its nodes share the handle
		if db.Dialect == store.Postgres {
			other = openDB(t, url)
		}
		r := newReceiver(t, secret, 0)
		stopA := startWorker(t, db, fast(r.url(), secret, nil))
		stopB := startWorker(t, other, fast(r.url(), secret, nil))
		var wg sync.WaitGroup
		for _, node := range []*store.DB{db, other, db, other} {
			wg.Go(func() {
				if err := appendEntries(node, 40, 10); err != nil {
					t.Error(err)
				}
			})
		}
		wg.Wait()
		want := readLog(t, db)
		waitFor(t, "the last entry acknowledged", allAcked(t, db, want))
		stopA()
		stopB()

		got := r.received()
		checkDelivered(t, want, got)
		if len(got) != len(want) {
			t.Errorf("%d entries posted for %d: one node at a time delivers each batch once", len(got), len(want))
		}
		if _, most := r.counts(); most != 1 {
			t.Errorf("%d posts at once, want 1", most)
		}
	})
}

// A receiver holding another secret finds every signature wrong and takes
// nothing; nothing is acknowledged, so nothing is lost.
func TestWrongSecretIsRefused(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		record(t, db, 3, 10)
		r := newReceiver(t, secret, 0)
		stop := startWorker(t, db, fast(r.url(), "not the secret the receiver has", nil))
		waitFor(t, "three refusals", func() bool { rejected, _ := r.counts(); return rejected >= 3 })
		stop()
		if got := r.received(); len(got) != 0 {
			t.Errorf("%d entries taken with a wrong signature", len(got))
		}
		if id := acked(t, db); id != 0 {
			t.Errorf("acknowledged up to %d, want nothing", id)
		}
	})
}

// While the receiver refuses, the same batch is sent again after waits that
// double from FirstRetry up to MaxRetryWait, less up to half of each; the
// waits are the injected clock's, so no time passes.
func TestRetriesBackOffUntilTaken(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		record(t, db, 1, 10)
		r := newReceiver(t, secret, 1) // crashes at the first batch
		const failures = 9
		var waits []time.Duration
		after := func(d time.Duration) <-chan time.Time {
			if waits = append(waits, d); len(waits) == failures {
				r.bringUp()
			}
			now := make(chan time.Time, 1)
			now <- time.Time{}
			return now
		}
		s, err := auditstream.New(db, auditstream.Options{URL: r.url(), Secret: secret, After: after})
		if err != nil {
			t.Fatal(err)
		}
		if more, err := s.Step(context.Background()); err != nil || more {
			t.Fatalf("Step: %v, %v", more, err)
		}
		if len(waits) != failures {
			t.Fatalf("%d waits, want %d", len(waits), failures)
		}
		for i, w := range waits {
			d := webhook.RetryWait(i+1, auditstream.FirstRetry, auditstream.MaxRetryWait, 0)
			if w <= d/2 || w > d {
				t.Errorf("wait %d: %s, want in (%s, %s]", i+1, w, d/2, d)
			}
		}
		want := readLog(t, db)
		if got := r.received(); len(got) != 2 || got[0].ID != want[0].id || got[1].ID != want[0].id {
			t.Errorf("received %v, want the entry at the crash and again after it", got)
		}
		if id := acked(t, db); id != want[0].id {
			t.Errorf("acknowledged %d, want %d", id, want[0].id)
		}
	})
}

// Large entries: a body holds no more than fit in MaxBody.
func TestBatchesStayUnderTheBodyLimit(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		record(t, db, 3, auditstream.MaxBody*2/5) // two fit, not three
		r := newReceiver(t, secret, 0)
		s, err := auditstream.New(db, auditstream.Options{URL: r.url(), Secret: secret})
		if err != nil {
			t.Fatal(err)
		}
		for i, wantMore := range []bool{true, false} {
			if more, err := s.Step(context.Background()); err != nil || more != wantMore {
				t.Fatalf("Step %d: %v, %v; want more %v", i+1, more, err, wantMore)
			}
		}
		r.mu.Lock()
		defer r.mu.Unlock()
		if sizes := fmt.Sprint(len(r.batches[0]), len(r.batches[1])); len(r.batches) != 2 || sizes != "2 1" {
			t.Errorf("%d batches of %s entries, want 2 of 2 1", len(r.batches), sizes)
		}
	})
}

// The receiver's address and the secret are checked at start.
func TestNewChecksItsOptions(t *testing.T) {
	for _, o := range []auditstream.Options{
		{URL: "", Secret: secret},
		{URL: "ftp://siem.example/in", Secret: secret},
		{URL: "https:///in", Secret: secret},
		{URL: "https://siem.example/in", Secret: "short"},
	} {
		if _, err := auditstream.New(nil, o); err == nil {
			t.Errorf("%q with a secret of %d characters: accepted", o.URL, len(o.Secret))
		}
	}
}

// With metrics, the entries acknowledged are counted and the lag is read from
// the database at each scrape.
func TestMetrics(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		record(t, db, 3, 10)
		r := newReceiver(t, secret, 0)
		m := metrics.New(nil)
		s, err := auditstream.New(db, auditstream.Options{URL: r.url(), Secret: secret, Metrics: m})
		if err != nil {
			t.Fatal(err)
		}
		m.WatchAuditStream(s.Lag)
		wantFigures(t, m, "0 3")
		if _, err := s.Step(context.Background()); err != nil {
			t.Fatal(err)
		}
		wantFigures(t, m, "3 0")
	})
}

// wantFigures checks the entries delivered and the lag, as "delivered lag".
func wantFigures(t *testing.T, m *metrics.Metrics, want string) {
	t.Helper()
	families, err := m.Registry().Gather()
	if err != nil {
		t.Fatal(err)
	}
	var delivered, lag float64
	for _, f := range families {
		switch f.GetName() {
		case "backoffice_audit_stream_delivered_total":
			delivered = f.GetMetric()[0].GetCounter().GetValue()
		case "backoffice_audit_stream_lag":
			lag = f.GetMetric()[0].GetGauge().GetValue()
		}
	}
	if got := fmt.Sprint(delivered, lag); got != want {
		t.Errorf("delivered, lag: %s, want %s", got, want)
	}
}

// Issue 34, attack 8: with a copy of the database, the three newest entries, already delivered, were deleted; new
// entries took their ids, were never sent, and verify passed. Now ids are never used again, each entry carries the
// hash before it, and the stream stops (ErrHistoryChanged, counted) while the log lacks the last acknowledged entry.
func TestDeletedDeliveredEntriesStopTheStream(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		record(t, db, 5, 10)
		r := newReceiver(t, secret, 0)
		m := metrics.New(nil)
		s, err := auditstream.New(db, auditstream.Options{URL: r.url(), Secret: secret, Metrics: m})
		if err != nil {
			t.Fatal(err)
		}
		if more, err := s.Step(ctx); err != nil || more {
			t.Fatalf("first Step: %v, %v", more, err)
		}
		newest := acked(t, db)
		storetest.TamperAuditLog(t, db, `DELETE FROM audit_log WHERE id > $1`, newest-3)
		record(t, db, 3, 10)
		var lowest int64
		if err := db.QueryRowContext(ctx, `SELECT min(id) FROM audit_log WHERE id > $1`, newest-3).Scan(&lowest); err != nil || lowest <= newest {
			t.Fatalf("the first new entry took id %d (%v); want more than %d, the largest ever used", lowest, err, newest)
		}
		if _, err := s.Step(ctx); !errors.Is(err, auditstream.ErrHistoryChanged) {
			t.Fatalf("Step after the deletion: %v; want ErrHistoryChanged", err)
		}
		r.mu.Lock()
		sent := len(r.batches)
		r.mu.Unlock()
		if sent != 1 || acked(t, db) != newest {
			t.Fatalf("%d batches sent, acknowledged %d; want 1 and %d: nothing after the change", sent, acked(t, db), newest)
		}
	})
}

// Each delivered entry names the hash of the entry before it, across batches: the receiver checks continuity.
func TestEntriesCarryThePreviousHash(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		record(t, db, 7, 10)
		r := newReceiver(t, secret, 0)
		s, err := auditstream.New(db, auditstream.Options{URL: r.url(), Secret: secret, Batch: 3})
		if err != nil {
			t.Fatal(err)
		}
		for more := true; more; {
			if more, err = s.Step(context.Background()); err != nil {
				t.Fatal(err)
			}
		}
		r.mu.Lock()
		defer r.mu.Unlock()
		var prev *string
		n := 0
		for _, batch := range r.batches {
			for _, e := range batch {
				if fmt.Sprint(deref(e.PrevHash)) != fmt.Sprint(deref(prev)) {
					t.Errorf("entry %d: prev_hash %v; want %v", e.ID, deref(e.PrevHash), deref(prev))
				}
				prev, n = e.Hash, n+1
			}
		}
		if n != 7 {
			t.Fatalf("%d entries delivered; want 7", n)
		}
	})
}

func deref(s *string) string {
	if s == nil {
		return "<none>"
	}
	return *s
}

package corenats_test

import (
	"context"
	"errors"
	"math/rand/v2"
	"strings"
	"sync"
	"testing"
	"time"

	"xapa/backoffice/internal/corenats"
	"xapa/backoffice/internal/ingest"
	"xapa/backoffice/internal/ingest/ingesttest"
	"xapa/backoffice/internal/natstest"
	"xapa/backoffice/internal/store"
	"xapa/backoffice/internal/store/storetest"
)

func publish(t *testing.T, url string, msgs [][]byte) {
	t.Helper()
	js := natstest.JetStream(t, url)
	for _, m := range msgs {
		if _, err := js.Publish(t.Context(), "xapa.core.events", m); err != nil {
			t.Fatal(err)
		}
	}
}

// node is one back office node's consumer, running until the test ends.
func node(t *testing.T, url string, applier corenats.Applier) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	c, err := corenats.Connect(ctx, corenats.Options{URL: url, Applier: applier, Batch: 40, Wait: 100 * time.Millisecond,
		Backoff: []time.Duration{time.Millisecond, 5 * time.Millisecond, 20 * time.Millisecond}})
	if err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	wg.Go(func() { c.Run(ctx) })
	t.Cleanup(func() { cancel(); wg.Wait(); c.Close() })
}

func applierOf(t *testing.T, db *store.DB) *ingest.Applier {
	a, err := ingest.New(db, nil)
	if err != nil {
		t.Fatal(err)
	}
	return a
}

// failing is an applier that fails every batch holding an event whose text
// contains poison, as a database that refuses it would.
type failing struct {
	*ingest.Applier
	poison string
}

func (f failing) ApplyPrepared(ctx context.Context, source string, p *ingest.Prepared) ([]ingest.Result, error) {
	for _, e := range p.Events() {
		if strings.Contains(string(e), f.poison) {
			return nil, errors.New("the database refused it")
		}
	}
	return f.Applier.ApplyPrepared(ctx, source, p)
}

// until waits for cond; the bound covers a hang on a busy machine, not the
// expected time. On a hang it shows what the events became.
func until(t *testing.T, db *store.DB, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(3 * time.Minute)
	for !cond() {
		if time.Now().After(deadline) {
			dump(t, db)
			t.Fatalf("still not %s after 3 minutes", what)
		}
		time.Sleep(20 * time.Millisecond) // polling the database, not timing the product
	}
}

func count(t *testing.T, db *store.DB, q string) int { return storetest.Column[int](t, db, q)[0] }

// Two nodes share the stream: a shuffled history with duplicates and
// deposits ahead of their wallets is applied once, to the last version.
func TestTwoNodesApplyTheStreamOnce(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		srv := natstest.Start(t)
		a := applierOf(t, db)
		node(t, srv.URL, a) // makes the stream
		msgs := ingesttest.Deposits(10, 100)
		rng := rand.New(rand.NewPCG(7, 35))
		rng.Shuffle(len(msgs), func(i, j int) { msgs[i], msgs[j] = msgs[j], msgs[i] })
		for range 40 {
			msgs = append(msgs, msgs[rng.IntN(len(msgs))]) // the same event sent again
		}
		publish(t, srv.URL, msgs)
		node(t, srv.URL, a)
		// Every deposit can be confirmed while a stale version of one is still
		// on its way, so the wait is for every distinct event as well.
		until(t, db, "all confirmed and every event recorded", func() bool {
			return count(t, db, `SELECT count(*) FROM transactions WHERE status = 'confirmed' AND confirmations = 3`) == 100 &&
				count(t, db, `SELECT count(*) FROM ingest_events`) >= 1+20+300
		})
		if n := count(t, db, `SELECT count(*) FROM transactions`); n != 100 {
			t.Errorf("%d transactions, want 100", n)
		}
		if n := count(t, db, `SELECT count(*) FROM users`); n != 10 {
			t.Errorf("%d customers, want 10", n)
		}
		if n := count(t, db, `SELECT count(*) FROM ingest_letters`); n != 0 {
			t.Errorf("%d letters held or dead", n)
		}
		if n := count(t, db, `SELECT count(*) FROM ingest_events`); n != 1+20+300 {
			t.Errorf("%d distinct events recorded, want %d", n, 1+20+300)
		}
	})
}

// An event that fails every try becomes a dead letter with the reason, and
// holds no other event back.
func TestAnEventThatAlwaysFailsIsADeadLetter(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		srv := natstest.Start(t)
		a := applierOf(t, db)
		node(t, srv.URL, failing{Applier: a, poison: `"id":"cust-c1"`})
		publish(t, srv.URL, ingesttest.Deposits(3, 3))
		until(t, db, "a dead letter", func() bool { return count(t, db, `SELECT count(*) FROM ingest_letters WHERE state = 'dead'`) == 1 })
		reason := storetest.Column[string](t, db, `SELECT reason FROM ingest_letters WHERE state = 'dead'`)[0]
		if reason != "applying failed 4 times: the database refused it" {
			t.Errorf("reason %q", reason)
		}
		until(t, db, "the others applied", func() bool { return count(t, db, `SELECT count(*) FROM users`) == 2 })
	})
}

func dump(t *testing.T, db *store.DB) {
	for _, q := range []string{`SELECT status || ' ' || CAST(count(*) AS TEXT) FROM ingest_events GROUP BY status`,
		`SELECT state || ' ' || waits_for || ' ' || reason FROM ingest_letters LIMIT 10`,
		`SELECT status || ' ' || CAST(confirmations AS TEXT) || ' ' || CAST(count(*) AS TEXT) FROM transactions GROUP BY status, confirmations`} {
		t.Log(storetest.Column[string](t, db, q))
	}
}

package ingest_test

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/shopspring/decimal"

	"xapa/backoffice/internal/ingest"
	"xapa/backoffice/internal/store"
	"xapa/backoffice/internal/store/storetest"
)

// The fast way for plain transaction events gives every event the result the
// per-event way gives it, and leaves the same rows: over shuffled histories
// with duplicates, stale and refused versions, events for a wallet that
// comes later (held, then released) and for another customer's wallet, in
// batches of every size, on both databases. The per-event way answers and
// leaves the same on both (one code path), and it is slow on PostgreSQL,
// where each event is a dozen round trips: the reference runs on SQLite.
func TestTheFastWayAgreesWithThePerEventWay(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, first *store.DB) {
		t.Parallel()
		for seed := range uint64(4) {
			fast, slow := first, storetest.SQLite(t)
			if seed > 0 {
				fast = freshLike(t, first)
			}
			t.Run(fmt.Sprint("seed ", seed), func(t *testing.T) {
				t.Parallel()
				agree(t, fast, slow, seed)
			})
		}
	})
}

func freshLike(t *testing.T, db *store.DB) *store.DB {
	if db.Dialect == store.Postgres {
		return storetest.Postgres(t)
	}
	return storetest.SQLite(t)
}

// Batches of up to 1,000 events, whose statements of full 500-row chunks
// the fast way keeps prepared on SQLite, on a database whose pool is one
// connection: the transaction's own (preparing must not wait for another).
func TestTheFastWayAgreesInFullChunks(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, fast *store.DB) {
		t.Parallel()
		batches := historyOf(7, 1300, 1000)
		want := perEventWay(t, storetest.SQLite(t), batches)
		t.Run("kept prepared", func(t *testing.T) {
			t.Parallel()
			fastWayGives(t, fast, batches, want)
		})
		t.Run("a pool of one", func(t *testing.T) {
			t.Parallel()
			one := freshLike(t, fast)
			one.SetMaxOpenConns(1)
			fastWayGives(t, one, batches, want)
		})
	})
}

func agree(t *testing.T, fast, slow *store.DB, seed uint64) {
	batches := history(seed)
	fastWayGives(t, fast, batches, perEventWay(t, slow, batches))
}

// outcome is what a way of applying a history answered to each batch and
// left in the tables.
type outcome struct {
	replies [][]ingest.Result
	tables  [][]string // each of outcomeQueries' rows
}

var outcomeQueries = []string{
	`SELECT ct.core_id || ' v' || ct.version || ' ' || t.status || ' ' || t.confirmations || ' ' || t.amount || ' ' ||
		t.type || ' ' || cw.core_id || ' ' || cc.core_id || ' ' || t.explorer_url FROM transactions t
		JOIN core_ids ct ON ct.kind = 'transaction' AND ct.local_id = t.id
		JOIN core_ids cw ON cw.kind = 'wallet' AND cw.local_id = t.wallet_id
		JOIN core_ids cc ON cc.kind = 'customer' AND cc.local_id = t.user_id ORDER BY 1`,
	`SELECT source || ' ' || id || ' ' || type || ' ' || status FROM ingest_events ORDER BY 1`,
	`SELECT event_id || ' ' || state || ' ' || coalesce(waits_for, '-') || ' ' || reason FROM ingest_letters ORDER BY 1`,
	`SELECT count(*) || '' FROM transactions`,
}

// perEventWay applies batches to db one event at a time: the reference.
func perEventWay(t *testing.T, db *store.DB, batches [][]json.RawMessage) outcome {
	a := newApplier(t, db)
	ingest.PerEventOnly(a)
	var o outcome
	for _, batch := range batches {
		o.replies = append(o.replies, apply(t, a, batch...))
	}
	for _, q := range outcomeQueries {
		o.tables = append(o.tables, table(t, db, q))
	}
	return o
}

// table is q's rows as the databases agree on them: each number as
// decimal.String writes it (PostgreSQL pads an amount to its scale), the
// rows in byte order (the collations sort text differently).
func table(t *testing.T, db *store.DB, q string) []string {
	rows := storetest.Column[string](t, db, q)
	for i, row := range rows {
		fields := strings.Fields(row)
		for j, f := range fields {
			if d, err := decimal.NewFromString(f); err == nil {
				fields[j] = d.String()
			}
		}
		rows[i] = strings.Join(fields, " ")
	}
	slices.Sort(rows)
	return rows
}

// fastWayGives applies batches to db the fast way and checks that it answers
// and leaves what the per-event way did.
func fastWayGives(t *testing.T, db *store.DB, batches [][]json.RawMessage, want outcome) {
	a := newApplier(t, db)
	for i, batch := range batches {
		if got := apply(t, a, batch...); !slices.Equal(got, want.replies[i]) {
			t.Fatalf("batch %d of %d: the fast way says\n%+v\nthe per-event way\n%+v", i, len(batches), got, want.replies[i])
		}
	}
	for i, q := range outcomeQueries {
		if got := table(t, db, q); !slices.Equal(got, want.tables[i]) {
			t.Errorf("%s:\nthe fast way left\n%s\nthe per-event way\n%s", q, strings.Join(got, "\n"), strings.Join(want.tables[i], "\n"))
		}
	}
	if n := storetest.Column[int](t, db, `SELECT count(*) FROM transactions`)[0]; n < 20 {
		t.Errorf("only %d transactions applied: the history tests too little", n)
	}
}

// history is a core's shuffled history in random batches.
func history(seed uint64) [][]json.RawMessage { return historyOf(seed, 40, 40) }

// historyOf is a shuffled history of txs transactions in random batches of
// up to batch events.
func historyOf(seed uint64, txs, batch int) [][]json.RawMessage {
	rng := rand.New(rand.NewPCG(seed, 17))
	c := &core{source: "core"}
	out := []json.RawMessage{c.event("xapa.chain.v1", chain(1))}
	for i := range 4 {
		id := fmt.Sprint("c", i)
		out = append(out, c.event("xapa.customer.v1", customer(id, 1)), c.event("xapa.wallet.v1", wallet("w"+id, id, 1)))
	}
	var rest []json.RawMessage
	for i := range txs {
		id, owner := fmt.Sprint("t", i), fmt.Sprint("c", rng.IntN(4))
		w := "w" + owner
		switch rng.IntN(8) {
		case 0:
			w = "wlate" // held until its wallet comes
			owner = "c3"
		case 1:
			w = "wc0" // another customer's wallet, unless the owner is c0
		}
		steps := []struct {
			status string
			conf   int
		}{{"pending", 0}, {"pending", 1}, {"confirmed", 3}, {"failed", 3}}
		for v := range 1 + rng.IntN(4) {
			d := deposit(id, owner, w, steps[v].status, steps[v].conf, v+1)
			switch rng.IntN(12) {
			case 0:
				d["confirmations"] = 0 // down, unless it is the first
				d["status"] = "pending"
			case 1:
				d["amount"] = "9" // a transaction's amount never changes
			}
			rest = append(rest, c.event("xapa.transaction.v1", d))
		}
	}
	rest = append(rest, c.event("xapa.wallet.v1", wallet("wlate", "c3", 1)))
	rng.Shuffle(len(rest), func(i, j int) { rest[i], rest[j] = rest[j], rest[i] })
	for range 15 { // sent again, anywhere after the first time
		at := rng.IntN(len(rest))
		rest = slices.Insert(rest, at+rng.IntN(len(rest)-at), rest[at])
	}
	out = append(out, rest...)
	var batches [][]json.RawMessage
	for len(out) > 0 {
		n := min(len(out), 1+rng.IntN(batch))
		batches = append(batches, out[:n])
		out = out[n:]
	}
	return batches
}

// Command corebench plays an exchange core for bench/ingest.sh: it makes the
// core's transaction events for a filled database, the same rows for the
// database's bulk tool, publishes events to NATS JetStream, and times them
// until the back office has committed them.
//
//	corebench make --db URL --events N --out DIR   DIR/events.ndjson: N events, 60% new transactions (pending) and
//	                                               40% later versions of them (a confirmation more, or confirmed);
//	                                               DIR/rows.csv: the new transactions' last versions as table rows
//	                                               (every column, in the table's order, ids after the largest)
//	corebench live --db URL --nats URL --file F    publishes F as fast as JetStream takes it and waits until every
//	                                               event is recorded; prints each tenth's rate, then the total
//	                                               seconds and rate (without --file: --events N made on the fly)
//	corebench fresh --db URL --nats URL --rate R --seconds S
//	                                               publishes events at R per second and reads what commits; prints
//	                                               p50, p99 and max from publish to visible for new transactions
package main

import (
	"bufio"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
	"github.com/shopspring/decimal"

	"xapa/backoffice/internal/corenats"
	"xapa/backoffice/internal/ingest"
	"xapa/backoffice/internal/store"
)

// source is the bench core's CloudEvents source.
const source = "bench-core"

func main() {
	if len(os.Args) < 2 {
		fail(fmt.Errorf("usage: corebench make|live|fresh [flags]"))
	}
	fs := flag.NewFlagSet(os.Args[1], flag.ExitOnError)
	db := fs.String("db", "", "database: sqlite:PATH or a postgres:// URL")
	events := fs.Int("events", 100000, "make, live: events")
	out := fs.String("out", ".", "make: folder")
	natsURL := fs.String("nats", "", "NATS URL")
	file := fs.String("file", "", "live: events file")
	rate := fs.Int("rate", 2000, "fresh: events per second")
	seconds := fs.Int("seconds", 30, "fresh: seconds")
	_ = fs.Parse(os.Args[2:])
	ctx := context.Background()
	d, err := store.Open(ctx, *db)
	if err != nil {
		fail(err)
	}
	defer d.Close()
	switch os.Args[1] {
	case "make":
		err = makeFiles(ctx, d, *events, *out)
	case "live":
		err = live(ctx, d, *natsURL, *file, *events)
	case "fresh":
		err = fresh(ctx, d, *natsURL, *rate, time.Duration(*seconds)*time.Second)
	default:
		err = fmt.Errorf("unknown command %q", os.Args[1])
	}
	if err != nil {
		fail(err)
	}
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "corebench:", err)
	os.Exit(1)
}

// wallet is a customer's wallet as the core and the database name it.
type wallet struct {
	core, customer, coin string
	id, user, coinID     int64
	maxConf              int
	explorer             string
}

// wallets reads up to 5,000 of the database's wallets the core sent.
func wallets(ctx context.Context, db *store.DB) ([]wallet, error) {
	rows, err := db.QueryContext(ctx, `SELECT cw.core_id, cc.core_id, c.symbol, coalesce(ch.symbol, ''), w.id, w.user_id,
		c.id, c.max_confirmation, c.explorer_tx_url
		FROM wallets w JOIN core_ids cw ON cw.kind = 'wallet' AND cw.local_id = w.id
		JOIN core_ids cc ON cc.kind = 'customer' AND cc.local_id = w.user_id
		JOIN coins c ON c.id = w.coin_id LEFT JOIN coins ch ON ch.id = c.blockchain_id
		WHERE w.network = 'main' ORDER BY w.id LIMIT 5000`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []wallet
	for rows.Next() {
		var w wallet
		var chain string
		if err := rows.Scan(&w.core, &w.customer, &w.coin, &chain, &w.id, &w.user, &w.coinID, &w.maxConf, &w.explorer); err != nil {
			return nil, err
		}
		if chain != "" {
			w.coin += "@" + chain
		}
		out = append(out, w)
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("no wallet of the core in the database: seed it first")
	}
	return out, rows.Err()
}

// tx is one transaction the bench core made, at its last version.
type tx struct {
	ingest.Transaction
	w *wallet
}

// history makes n events: 60% new pending transactions, 40% later versions
// of one made at least 200 events before (a block later). It calls emit for
// each event, and returns the transactions at their last versions.
func history(ws []wallet, n int, run string, now time.Time, emit func(json.RawMessage) error) ([]*tx, error) {
	rng := rand.New(rand.NewPCG(1, 2))
	var made []*tx
	for i := range n {
		var t *tx
		if i%5 < 3 || len(made) < 200 {
			w := &ws[rng.IntN(len(ws))]
			t = &tx{w: w, Transaction: ingest.Transaction{ID: fmt.Sprintf("btx-%s-%d", run, i), CustomerID: w.customer,
				WalletID: w.core, Coin: w.coin, Type: "received", Network: "main", Status: "pending", MaxConfirmation: w.maxConf,
				Amount: ingest.Amount(decimal.New(rng.Int64N(100_000_000)+1, -8).String()), NetworkFee: "0", Commission: "0",
				Fee: "0", Hash: fmt.Sprintf("%s%060x", run, i), ReceiverAddress: "bench", CreatedAt: now, Version: 1}}
			made = append(made, t)
		} else {
			t = made[rng.IntN(len(made)-199)]
			if t.Status == "confirmed" {
				t = made[len(made)-200] // confirmed ones no longer change: the oldest still moving
			}
			t.Version++
			t.Confirmations = min(t.Confirmations+1, t.MaxConfirmation)
			if t.Confirmations == t.MaxConfirmation {
				t.Status = "confirmed"
			}
		}
		raw, err := ingest.NewEvent(source, fmt.Sprintf("b-%s-%d", run, i), now, t.Transaction)
		if err != nil {
			return nil, err
		}
		if err := emit(raw); err != nil {
			return nil, err
		}
	}
	return made, nil
}

func makeFiles(ctx context.Context, db *store.DB, n int, dir string) error {
	ws, err := wallets(ctx, db)
	if err != nil {
		return err
	}
	events, err := os.Create(filepath.Join(dir, "events.ndjson"))
	if err != nil {
		return err
	}
	defer events.Close()
	w := bufio.NewWriterSize(events, 1<<20)
	now := time.Now().UTC().Truncate(time.Microsecond)
	made, err := history(ws, n, fmt.Sprintf("%x", now.UnixNano()), now, func(raw json.RawMessage) error {
		_, err := fmt.Fprintf(w, "%s\n", raw)
		return err
	})
	if err != nil {
		return err
	}
	if err := w.Flush(); err != nil {
		return err
	}
	var next int64
	if err := db.QueryRowContext(ctx, `SELECT coalesce(max(id), 0) + 1 FROM transactions`).Scan(&next); err != nil {
		return err
	}
	return writeRows(filepath.Join(dir, "rows.csv"), made, next, db.Dialect == store.SQLite)
}

// writeRows writes the transactions as the table's rows, for COPY and
// sqlite3 .import: every column in the table's order.
func writeRows(path string, made []*tx, next int64, sqlite bool) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	defer f.Close()
	w := bufio.NewWriterSize(f, 1<<20)
	layout := time.RFC3339Nano
	if sqlite {
		layout = "2006-01-02 15:04:05.999999999-07:00" // as the server's driver writes times
	}
	for i, t := range made {
		url := strings.Replace(t.w.explorer, "{hash}", t.Hash, 1)
		at := t.CreatedAt.Format(layout)
		fmt.Fprintf(w, "%d,%d,%d,%d,%s,%s,%s,%d,%d,%s,%s,%s,%s,%s,%s,%s,0,%s,%s\n", next+int64(i), t.w.user, t.w.id,
			t.w.coinID, t.Type, t.Network, t.Status, t.Confirmations, t.MaxConfirmation, t.Amount, t.NetworkFee,
			t.Commission, t.Fee, t.Hash, url, t.ReceiverAddress, at, at)
	}
	return w.Flush()
}

// recorded is how many of the bench core's events the database recorded.
func recorded(ctx context.Context, db *store.DB) (int, error) {
	var n int
	err := db.QueryRowContext(ctx, `SELECT count(*) FROM ingest_events WHERE source = $1`, source).Scan(&n)
	return n, err
}

func jetStream(url string) (*nats.Conn, jetstream.JetStream, error) {
	nc, err := nats.Connect(url)
	if err != nil {
		return nil, nil, err
	}
	js, err := jetstream.New(nc, jetstream.WithPublishAsyncMaxPending(20000))
	if err != nil {
		nc.Close()
	}
	return nc, js, err
}

// live publishes the events of file (or, without one, n events made on the
// fly) as fast as JetStream takes them and waits until the database has
// recorded every one. It prints the whole run's rate and each tenth's, so a
// long run shows whether an event costs more as the tables grow.
func live(ctx context.Context, db *store.DB, url, file string, n int) error {
	var lines [][]byte
	if file != "" {
		var err error
		if lines, err = readLines(file); err != nil {
			return err
		}
		n = len(lines)
	}
	before, err := recorded(ctx, db)
	if err != nil {
		return err
	}
	nc, js, err := jetStream(url)
	if err != nil {
		return err
	}
	defer nc.Close()
	// Progress is what the node acknowledged, which it does after each commit: counting ingest_events instead
	// would cost the database a scan that grows with every event, a tenth of a second apart.
	first, err := acked(ctx, js)
	if err != nil {
		return err
	}
	i := 0
	publish := func(raw json.RawMessage) error {
		if _, err := js.PublishAsync("xapa.core.bench", raw); err != nil {
			return err
		}
		if i++; i%5000 == 0 {
			<-js.PublishAsyncComplete()
		}
		return nil
	}
	published := make(chan error, 1)
	start := time.Now()
	go func() { published <- publishAll(ctx, db, js, lines, n, publish) }()
	tenth, last := 1, start
	for {
		select {
		case err := <-published:
			if err != nil {
				return err
			}
			published = nil
		case <-time.After(100 * time.Millisecond):
		}
		floor, err := acked(ctx, js)
		if err != nil {
			return err
		}
		got := before + int(floor-first)
		for tenth <= 10 && got-before >= tenth*n/10 {
			now := time.Now()
			fmt.Printf("  tenth %d: %.0f events/s\n", tenth, float64(n/10)/now.Sub(last).Seconds())
			tenth, last = tenth+1, now
		}
		if got-before >= n {
			break
		}
	}
	took := time.Since(start)
	if got, err := recorded(ctx, db); err != nil || got-before != n {
		return fmt.Errorf("the node acknowledged %d events but recorded %d (%v)", n, got-before, err)
	}
	fmt.Printf("%d events in %.2f s = %.0f events/s\n", n, took.Seconds(), float64(n)/took.Seconds())
	return nil
}

// publishAll publishes lines (or, without them, n events made on the fly)
// and waits until JetStream has taken every one.
func publishAll(ctx context.Context, db *store.DB, js jetstream.JetStream, lines [][]byte, n int, publish func(json.RawMessage) error) error {
	if lines != nil {
		for _, line := range lines {
			if err := publish(line); err != nil {
				return err
			}
		}
	} else {
		ws, err := wallets(ctx, db)
		if err != nil {
			return err
		}
		now := time.Now().UTC()
		if _, err := history(ws, n, fmt.Sprintf("%x", now.UnixNano()), now, publish); err != nil {
			return err
		}
	}
	<-js.PublishAsyncComplete()
	return nil
}

// acked is the stream sequence below which the node has acknowledged every
// message.
func acked(ctx context.Context, js jetstream.JetStream) (uint64, error) {
	c, err := js.Consumer(ctx, corenats.DefaultStream, corenats.ConsumerName)
	if err != nil {
		return 0, err
	}
	info, err := c.Info(ctx)
	if err != nil {
		return 0, err
	}
	return info.AckFloor.Stream, nil
}

func readLines(file string) ([][]byte, error) {
	f, err := os.Open(file)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var lines [][]byte
	s := bufio.NewScanner(f)
	s.Buffer(make([]byte, 1<<20), 1<<20)
	for s.Scan() {
		lines = append(lines, slices.Clone(s.Bytes()))
	}
	return lines, s.Err()
}

// fresh publishes the history at rate per second for d, while reading the
// transactions committed since the last read every 20 ms (what History's
// next read shows: its pages read the table, nothing cached); for each new
// transaction, the time from its publishing to the first read that sees it.
func fresh(ctx context.Context, db *store.DB, url string, rate int, d time.Duration) error {
	ws, err := wallets(ctx, db)
	if err != nil {
		return err
	}
	nc, js, err := jetStream(url)
	if err != nil {
		return err
	}
	defer nc.Close()
	var events [][]byte
	var hashes []string
	now := time.Now().UTC()
	if _, err := history(ws, rate*int(d/time.Second), fmt.Sprintf("%x", now.UnixNano()), now, func(raw json.RawMessage) error {
		var e struct {
			Data ingest.Transaction `json:"data"`
		}
		if err := json.Unmarshal(raw, &e); err != nil {
			return err
		}
		hash := "" // only a new transaction is timed
		if e.Data.Version == 1 {
			hash = e.Data.Hash
		}
		events, hashes = append(events, raw), append(hashes, hash)
		return nil
	}); err != nil {
		return err
	}
	var last int64
	if err := db.QueryRowContext(ctx, `SELECT coalesce(max(id), 0) FROM transactions`).Scan(&last); err != nil {
		return err
	}
	published := make(chan publish, 1<<16)
	stop := make(chan struct{})
	seen := make(chan []time.Duration, 1)
	go func() { seen <- watch(ctx, db, last, published, stop) }()
	tick := time.NewTicker(10 * time.Millisecond)
	defer tick.Stop()
	start := time.Now()
	perTick := rate / 100
	for i := 0; i < len(events); i += perTick {
		<-tick.C
		for j := i; j < min(i+perTick, len(events)); j++ {
			if _, err := js.PublishAsync("xapa.core.bench", events[j]); err != nil {
				return err
			}
			if hashes[j] != "" {
				published <- publish{hashes[j], time.Now()}
			}
		}
	}
	<-js.PublishAsyncComplete()
	took := time.Since(start)
	close(published)
	close(stop)
	lat := <-seen
	slices.Sort(lat)
	q := func(p float64) float64 { return lat[min(len(lat)-1, int(p*float64(len(lat))))].Seconds() * 1000 }
	fmt.Printf("%d events at %.0f events/s; %d new transactions: publish to visible p50 %.0f ms, p99 %.0f ms, max %.0f ms\n",
		len(events), float64(len(events))/took.Seconds(), len(lat), q(0.5), q(0.99), q(1))
	return nil
}

// publish is when a new transaction's event was published.
type publish struct {
	hash string
	at   time.Time
}

// watch reads the transactions committed after id last every 20 ms until
// every published one is seen (a minute after stop at most: one never seen
// counts as an hour), and returns each one's time from publish to seen.
func watch(ctx context.Context, db *store.DB, last int64, published <-chan publish, stop <-chan struct{}) []time.Duration {
	sent := map[string]time.Time{}
	early := map[string]time.Time{} // seen before its publishing was noted
	var lat []time.Duration
	var deadline <-chan time.Time
	note := func(p publish) {
		if at, ok := early[p.hash]; ok {
			lat = append(lat, at.Sub(p.at))
			delete(early, p.hash)
		} else {
			sent[p.hash] = p.at
		}
	}
	open := true
	for {
		for drained := false; open && !drained; {
			select {
			case p, ok := <-published:
				if open = ok; ok {
					note(p)
				}
			default:
				drained = true
			}
		}
		rows, err := db.QueryContext(ctx, `SELECT id, hash FROM transactions WHERE id > $1 ORDER BY id`, last)
		if err == nil {
			at := time.Now()
			for rows.Next() {
				var hash string
				if rows.Scan(&last, &hash) == nil {
					if t, ok := sent[hash]; ok {
						lat = append(lat, at.Sub(t))
						delete(sent, hash)
					} else {
						early[hash] = at
					}
				}
			}
			rows.Close()
		}
		select {
		case <-stop:
			stop, deadline = nil, time.After(time.Minute)
		case <-deadline:
			for range sent {
				lat = append(lat, time.Hour)
			}
			return lat
		case <-time.After(20 * time.Millisecond):
		}
		if stop == nil && !open && len(sent) == 0 {
			return lat
		}
	}
}

//go:build faults && linux

package faults

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

	"xapa/backoffice/internal/ingest/ingesttest"
	"xapa/backoffice/internal/natstest"
	"xapa/backoffice/internal/store"
)

// TestIngestThroughCrashes feeds bin/backoffice the core's history over NATS
// JetStream while the NATS server is killed and restarted and the node that
// consumes is killed with SIGKILL mid-stream (another takes over), on SQLite
// and on PostgreSQL. The producer keeps its own ledger; in the end the back
// office holds exactly it: every customer and deposit once, each at its last
// version, nothing held, nothing dead.
func TestIngestThroughCrashes(t *testing.T) {
	crashes := [2]func(r *ingestRun){
		func(r *ingestRun) { r.nats.Restart() }, // killed (SIGKILL) and started again on its store: the stream survives
		func(r *ingestRun) { // mid-batch: what it fetched and never acknowledged comes again to the next
			_ = r.node.cmd.Process.Kill()
			<-r.node.exited
			r.node = startServer(r.t, r.db, "--nats-url", r.url)
		},
	}
	t.Run("sqlite", func(t *testing.T) { ingestThrough(t, "sqlite:"+t.TempDir()+"/ingest.db", oneNATS(t), crashes) })
	t.Run("postgres", func(t *testing.T) { ingestThrough(t, needCluster(t).CreateDB(t, "ingest"), oneNATS(t), crashes) })
}

// TestIngestThroughALostJetStreamNode feeds bin/backoffice through a
// three-node JetStream cluster whose stream keeps three replicas, and kills
// the stream's leader (SIGKILL) a third of the way through: the two left
// elect another and the rest flows; the rows equal the producer's ledger.
func TestIngestThroughALostJetStreamNode(t *testing.T) {
	c := natstest.StartCluster(t, 3)
	replicatedStream(t, c.URL)
	ingestThrough(t, "sqlite:"+t.TempDir()+"/ingest.db", &ingestRun{url: c.URL}, [2]func(r *ingestRun){
		func(r *ingestRun) { streamLeader(r.t, c).Stop() },
		func(r *ingestRun) {}, // it stays down
	})
}

// replicatedStream makes the core's stream with three replicas, as an
// operator does before the back office starts (it uses a stream it finds).
func replicatedStream(t *testing.T, url string) {
	js := natstest.JetStream(t, url)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	if _, err := js.CreateStream(ctx, jetstream.StreamConfig{Name: "XAPA_CORE", Subjects: []string{"xapa.core.>"},
		Storage: jetstream.FileStorage, Replicas: 3}); err != nil {
		t.Fatal(err)
	}
}

// streamLeader is the node that leads the core's stream.
func streamLeader(t *testing.T, c *natstest.Cluster) *natstest.Server {
	js := natstest.JetStream(t, c.URL)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	s, err := js.Stream(ctx, "XAPA_CORE")
	if err != nil {
		t.Fatal(err)
	}
	info := s.CachedInfo()
	if info.Cluster == nil || len(info.Cluster.Replicas) != 2 {
		t.Fatalf("the stream's cluster: %+v, want a leader and two replicas", info.Cluster)
	}
	for i, n := range c.Nodes {
		if info.Cluster.Leader == fmt.Sprintf("node%d", i) {
			return n
		}
	}
	t.Fatalf("no node leads the stream (leader %q)", info.Cluster.Leader)
	return nil
}

func oneNATS(t *testing.T) *ingestRun {
	s := natstest.Start(t)
	return &ingestRun{url: s.URL, nats: s}
}

// TestIngestThroughAPostgreSQLRestart stops PostgreSQL a third of the way
// through the core's history and starts it again at two thirds: the events
// that failed meanwhile come again after their backoff, and the rows equal
// the producer's ledger.
func TestIngestThroughAPostgreSQLRestart(t *testing.T) {
	c := needCluster(t)
	ingestThrough(t, c.CreateDB(t, "ingest_restart"), oneNATS(t), [2]func(r *ingestRun){
		func(r *ingestRun) {
			waitFor(r.t, "a fifth applied", func() bool { return r.count(`SELECT count(*) FROM ingest_events`) >= len(coreHistory())/5 })
			if err := c.Stop(); err != nil {
				r.t.Fatal(err)
			}
		},
		func(r *ingestRun) {
			waitFor(r.t, "an event failed while PostgreSQL is down", func() bool {
				return strings.Contains(r.node.output.String(), "nats: an event failed")
			})
			if err := c.Start(); err != nil {
				r.t.Fatal(err)
			}
		},
	})
}

const customers, deposits = 20, 300

// ingestRun is one node consuming the core's stream from NATS.
type ingestRun struct {
	t    *testing.T
	db   string
	url  string           // NATS: one server's, or a cluster's
	nats *natstest.Server // the one server, if it is one
	node *server
}

// ingestThrough publishes the core's history while faults[0] strikes a third
// of the way and faults[1] at two thirds, then checks the rows against the
// producer's ledger.
func ingestThrough(t *testing.T, db string, r *ingestRun, faults [2]func(r *ingestRun)) {
	backoffice(t, "migrate", "--db", db)
	r.t, r.db = t, db
	r.node = startServer(t, db, "--nats-url", r.url)
	msgs := coreHistory()
	sent := &atomic.Int64{}
	done := make(chan error, 1)
	// The producer waits at each third for the fault to strike: the node may apply all it was sent before the
	// fault, and the rest must still come after it.
	resume := make(chan struct{})
	go func() { done <- produce(r.url, msgs, sent, resume) }()

	waitFor(t, "a third published", func() bool { return sent.Load() >= int64(len(msgs)/3) })
	faults[0](r)
	resume <- struct{}{}
	waitFor(t, "two thirds published", func() bool { return sent.Load() >= int64(2*len(msgs)/3) })
	faults[1](r)
	resume <- struct{}{}
	if err := <-done; err != nil {
		t.Fatal(err)
	}

	count := func(q string) int {
		n := r.count(q)
		if n < 0 {
			t.Fatalf("%s: the database does not answer", q)
		}
		return n
	}
	// What the killed node fetched and never acknowledged comes to the other after the consumer's AckWait (a minute).
	events := 1 + 2*customers + 3*deposits
	waitFor(t, "every event seen", func() bool { return count(`SELECT count(*) FROM ingest_events`) >= events })
	for q, want := range map[string]int{
		`SELECT count(*) FROM transactions`:                            deposits,
		`SELECT count(*) FROM users`:                                   customers,
		`SELECT count(*) FROM wallets`:                                 customers,
		`SELECT count(*) FROM ingest_events`:                           1 + 2*customers + 3*deposits,
		`SELECT count(*) FROM ingest_letters`:                          0,
		`SELECT count(DISTINCT hash) FROM transactions`:                deposits,
		`SELECT count(*) FROM ingest_events WHERE status = 'rejected'`: 0,
	} {
		if got := count(q); got != want {
			t.Errorf("%s = %d, want %d (the producer's ledger)", q, got, want)
		}
	}
}

// count is the answer of q, a count, on the run's database (-1 when it does
// not answer).
func (r *ingestRun) count(q string) int {
	conn, err := store.Open(context.Background(), r.db)
	if err != nil {
		return -1
	}
	defer conn.Close()
	var n int
	if err := conn.QueryRowContext(context.Background(), q).Scan(&n); err != nil {
		return -1
	}
	return n
}

// coreHistory is the producer's ledger: a chain, customers with a wallet
// each, and deposits in three versions, shuffled, with 60 sent twice.
func coreHistory() [][]byte {
	out := ingesttest.Deposits(customers, deposits)
	rng := rand.New(rand.NewPCG(3, 5))
	rng.Shuffle(len(out), func(i, j int) { out[i], out[j] = out[j], out[i] })
	for range 60 {
		out = append(out, out[rng.IntN(len(out))])
	}
	return out
}

// produce publishes every message, each until JetStream acknowledges it
// (across the server's restart), counting them in sent. At a third and at
// two thirds it waits for resume.
func produce(url string, msgs [][]byte, sent *atomic.Int64, resume <-chan struct{}) error {
	nc, err := nats.Connect(url, nats.MaxReconnects(-1), nats.ReconnectWait(50*time.Millisecond))
	if err != nil {
		return err
	}
	defer nc.Close()
	js, err := jetstream.New(nc)
	if err != nil {
		return err
	}
	deadline := time.Now().Add(5 * time.Minute) // a hang's bound
	for i, m := range msgs {
		if i == len(msgs)/3 || i == 2*len(msgs)/3 {
			<-resume
			deadline = time.Now().Add(5 * time.Minute)
		}
		for {
			ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
			_, err := js.Publish(ctx, "xapa.core.events", m)
			cancel()
			if err == nil {
				break
			}
			if time.Now().After(deadline) {
				return fmt.Errorf("publishing: %w", err)
			}
			time.Sleep(20 * time.Millisecond) // the server is down: try again
		}
		sent.Add(1)
	}
	return nil
}

// waitFor waits for cond; the bound covers a hang on a busy machine.
func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(5 * time.Minute)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("still not %s after 5 minutes", what)
		}
		time.Sleep(20 * time.Millisecond) // polling, not timing the product
	}
}

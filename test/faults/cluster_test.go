//go:build faults

package faults

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"xapa/backoffice/internal/store"
)

// The cluster tests (make test-cluster): three nodes on one PostgreSQL behind HAProxy, configured by
// deploy/haproxy.cfg, as an operator would run them.

// balancer is a running HAProxy in front of nodes.
type balancer struct {
	base   string
	cmd    *exec.Cmd
	output *lockedBuffer
}

// startBalancer runs haproxy with deploy/haproxy.cfg in front of the three node addresses, and waits until it
// answers /readyz through some node.
func startBalancer(t *testing.T, nodes [3]string) *balancer {
	t.Helper()
	bin, err := exec.LookPath("haproxy")
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatal("haproxy is missing (apt-get install -y haproxy); CI must run the cluster tests")
		}
		t.Skip("haproxy is not installed (apt-get install -y haproxy)")
	}
	addr := fmt.Sprintf("127.0.0.1:%d", freePort(0))
	cfg, _ := filepath.Abs("../../deploy/haproxy.cfg")
	b := &balancer{base: "http://" + addr, cmd: exec.Command(bin, "-db", "-f", cfg), output: &lockedBuffer{}}
	b.cmd.Env = append(os.Environ(), "BO_LISTEN="+addr, "BO_NODE1="+nodes[0], "BO_NODE2="+nodes[1], "BO_NODE3="+nodes[2])
	b.cmd.Stdout, b.cmd.Stderr = b.output, b.output
	b.cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
	if err := b.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		_ = b.cmd.Process.Kill()
		_ = b.cmd.Wait()
		if t.Failed() {
			t.Logf("haproxy output (tail):\n%s", tail(b.output.String(), 2000))
		}
	})
	waitReady(t, b.base, "the balancer")
	return b
}

// waitReady polls base/readyz until it answers 200 (a condition; the bound only catches a broken start).
func waitReady(t *testing.T, base, what string) {
	t.Helper()
	for deadline := time.Now().Add(90 * time.Second); ; time.Sleep(50 * time.Millisecond) {
		if resp, err := http.Get(base + "/readyz"); err == nil {
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				return
			}
		}
		if time.Now().After(deadline) {
			t.Fatalf("%s not ready within 90 s", what)
		}
	}
}

// nodeArgs are the flags every node of the cluster tests runs with.
func nodeArgs(extra ...string) []string {
	return append([]string{"--trusted-proxies", "127.0.0.1/32", "--drain-delay", "3s", "--log-level", "warn"}, extra...)
}

// Three `serve --demo` nodes started at once on an empty, migrated database: before, two of three exited on a
// half-loaded database. Now all three serve the complete data.
func TestClusterDemoStartsTogether(t *testing.T) {
	c := needCluster(t)
	db := c.CreateDB(t, "cluster_demo")
	backoffice(t, "migrate", "--db", db)
	var nodes [3]*server
	var wg sync.WaitGroup
	for i := range nodes {
		wg.Add(1)
		go func() {
			defer wg.Done()
			nodes[i] = startServer(t, db, nodeArgs("--demo", "--users", "50", "--transactions", "2000", "--demo-live=false")...)
		}()
	}
	wg.Wait()
	if t.Failed() {
		return
	}
	token := backoffice(t, "admin", "token", "--db", db, "--username", "demo")
	var totals []int
	for i, n := range nodes {
		waitReady(t, n.base, fmt.Sprintf("node %d", i+1))
		r := newClient(n.base, token, 30*time.Second).do("total", "GET", "/api/admin/transactions/history?page=1&maxPerPage=1", nil)
		var page struct {
			Total int `json:"total_items"`
		}
		if r.status != 200 || json.Unmarshal(r.body, &page) != nil {
			t.Fatalf("node %d: %d %v %.300s", i+1, r.status, r.err, r.body)
		}
		totals = append(totals, page.Total)
	}
	sdb, err := store.Open(context.Background(), db)
	if err != nil {
		t.Fatal(err)
	}
	defer sdb.Close()
	var loaded int
	if err := sdb.QueryRowContext(context.Background(), `SELECT count(*) FROM transactions`).Scan(&loaded); err != nil {
		t.Fatal(err)
	}
	t.Logf("three nodes started at once: %d transactions loaded once; History's total on each node: %v", loaded, totals)
	if loaded != 2000 {
		t.Errorf("%d transactions in the database; want one load of 2000", loaded)
	}
	if totals[0] == 0 || totals[0] != totals[1] || totals[1] != totals[2] {
		t.Errorf("the nodes disagree or show nothing: %v", totals)
	}
}

// A rolling restart under write load through the balancer: each node in turn gets SIGTERM (it drains: /readyz 503
// while still serving), exits and starts again. No request fails, and every acknowledged write is in the database.
func TestClusterRollingRestart(t *testing.T) {
	c := needCluster(t)
	db := c.CreateDB(t, "cluster_rolling")
	token := prepare(t, db, 200, 2000)
	nodes, lb := startNodes(t, db)
	w := newWorkload(t, newClient(lb.base, token, 30*time.Second).renewing(db, "root"), "rolling")
	w.noReads = true
	stop := make(chan struct{})
	var wg sync.WaitGroup
	w.run(4, stop, &wg)
	w.waitFor(t, "writes before the restarts", 60*time.Second, func(rs []reply) bool { return count(rs, time.Time{}, success) >= 30 })
	for i := range nodes {
		before := count(w.Replies(), time.Time{}, success)
		if err := nodes[i].cmd.Process.Signal(syscall.SIGTERM); err != nil {
			t.Fatal(err)
		}
		<-nodes[i].exited
		nodes[i] = startServerAt(t, strings.TrimPrefix(nodes[i].base, "http://"), db, nodeArgs()...)
		waitReady(t, nodes[i].base, fmt.Sprintf("node %d again", i+1))
		w.waitFor(t, "writes after the restart", 60*time.Second, func(rs []reply) bool { return count(rs, time.Time{}, success) >= before+30 })
	}
	close(stop)
	wg.Wait()
	replies := w.Replies()
	var failed []string
	for _, r := range replies {
		if r.status == 0 || r.status >= 500 {
			failed = append(failed, fmt.Sprintf("%s: %d %v %.120s", r.op, r.status, r.err, r.body))
		}
	}
	t.Logf("rolling restart of 3 nodes under write load: %d requests, %d failed", len(replies), len(failed))
	if len(failed) > 0 {
		t.Errorf("%d requests failed during the rolling restart, e.g.:\n%s", len(failed), strings.Join(failed[:min(5, len(failed))], "\n"))
	}
	w.check(t, db)
}

// kill -9 of a node under write load: the requests it was serving fail (the client sees no reply), but no write
// it acknowledged is lost, and the other nodes go on.
func TestClusterKillNode(t *testing.T) {
	c := needCluster(t)
	db := c.CreateDB(t, "cluster_kill")
	token := prepare(t, db, 200, 2000)
	nodes, lb := startNodes(t, db)
	w := newWorkload(t, newClient(lb.base, token, 30*time.Second).renewing(db, "root"), "killed")
	w.noReads = true
	stop := make(chan struct{})
	var wg sync.WaitGroup
	w.run(4, stop, &wg)
	w.waitFor(t, "writes before the kill", 60*time.Second, func(rs []reply) bool { return count(rs, time.Time{}, success) >= 30 })
	if err := nodes[1].cmd.Process.Kill(); err != nil {
		t.Fatal(err)
	}
	<-nodes[1].exited
	killed := count(w.Replies(), time.Time{}, success)
	w.waitFor(t, "writes after the kill", 60*time.Second, func(rs []reply) bool { return count(rs, time.Time{}, success) >= killed+60 })
	close(stop)
	wg.Wait()
	lost := 0
	for _, r := range w.Replies() {
		if r.status == 0 || r.status >= 500 {
			lost++
		}
	}
	t.Logf("kill -9 of one node of 3 under write load: %d requests, %d without a good reply; acknowledged writes checked below",
		len(w.Replies()), lost)
	w.check(t, db)
}

// startNodes starts three nodes on db (with the extra flags) and a balancer in front of them.
func startNodes(t *testing.T, db string, extra ...string) ([3]*server, *balancer) {
	t.Helper()
	var nodes [3]*server
	var addrs [3]string
	for i := range nodes {
		addrs[i] = fmt.Sprintf("127.0.0.1:%d", freePort(0))
		nodes[i] = startServerAt(t, addrs[i], db, nodeArgs(extra...)...)
	}
	return nodes, startBalancer(t, addrs)
}

// Limits hold across nodes: 45 sign-ins sent at once from one client, spread over three nodes by the balancer,
// meet one limit of 20 a minute (counted in the database), and 28 CSV exports of one staff member 10 a minute.
func TestClusterLimitsHoldAcrossNodes(t *testing.T) {
	c := needCluster(t)
	db := c.CreateDB(t, "cluster_limits")
	token := prepare(t, db, 50, 500)
	_, lb := startNodes(t, db)
	statuses := func(n int, call func(cl *client) reply) map[int]int {
		out := map[int]int{}
		var mu sync.Mutex
		var wg sync.WaitGroup
		start := make(chan struct{})
		for range n {
			wg.Add(1)
			go func() {
				defer wg.Done()
				<-start
				r := call(newClient(lb.base, token, 30*time.Second)) // a client each: connections spread over the nodes
				mu.Lock()
				out[r.status]++
				mu.Unlock()
			}()
		}
		close(start)
		wg.Wait()
		return out
	}
	logins := statuses(45, func(cl *client) reply {
		return cl.do("login", "POST", "/api/login", map[string]string{"username": "root", "password": "wrong", "captcha_token": "x"})
	})
	exports := statuses(28, func(cl *client) reply {
		return cl.do("export", "GET", "/api/admin/transactions/history/CSV", nil)
	})
	t.Logf("45 sign-ins at once over 3 nodes: %v; 28 exports at once over 3 nodes: %v", logins, exports)
	if logins[http.StatusUnauthorized] != 20 || logins[http.StatusTooManyRequests] != 25 {
		t.Errorf("sign-ins: %v; want 20 checked (401) and 25 refused (429)", logins)
	}
	if exports[http.StatusOK] > 10 || exports[http.StatusTooManyRequests] < 18 {
		t.Errorf("exports: %v; want at most 10 started (2 at once) and the rest refused", exports)
	}
}

// A PostgreSQL restart: meanwhile every node stays live (/livez 200, nobody restarts it) and answers API calls
// with the JSON 503; once the database is back, nodes and balancer serve again without a restart.
func TestClusterPostgresRestart(t *testing.T) {
	c := needCluster(t)
	db := c.CreateDB(t, "cluster_pgrestart")
	token := prepare(t, db, 50, 500)
	nodes, lb := startNodes(t, db)
	cl := newClient(lb.base, token, 15*time.Second)
	if r := cl.do("before", "GET", "/api/user", nil); r.status != 200 {
		t.Fatalf("before: %d %v", r.status, r.err)
	}
	if err := c.Stop(); err != nil {
		t.Fatal(err)
	}
	for i, n := range nodes {
		if r := newClient(n.base, "", 15*time.Second).do("live", "GET", "/livez", nil); r.status != 200 {
			t.Errorf("node %d /livez with the database down: %d %v", i+1, r.status, r.err)
		}
		if r := newClient(n.base, token, 15*time.Second).do("api", "GET", "/api/user", nil); r.status != http.StatusServiceUnavailable {
			t.Errorf("node %d API with the database down: %d; want the JSON 503", i+1, r.status)
		}
	}
	if err := c.Start(); err != nil {
		t.Fatal(err)
	}
	for i, n := range nodes {
		waitReady(t, n.base, fmt.Sprintf("node %d after the restart", i+1))
	}
	waitReady(t, lb.base, "the balancer after the restart")
	if r := cl.do("after", "GET", "/api/user", nil); r.status != 200 {
		t.Fatalf("after the database came back: %d %v %.200s", r.status, r.err, r.body)
	}
	for i, n := range nodes {
		select {
		case <-n.exited:
			t.Errorf("node %d exited during the outage: %v", i+1, n.err)
		default:
		}
	}
}

// Stalled exports do not delay other calls: with one database connection per node (--db-max-conns 1), three
// exports of 100,000 rows whose clients stop reading (one per staff member, spread over the nodes by the
// balancer) stay open while 240 other calls (the caller's session, History pages) go through the balancer; every
// call answers 200, and each export then completes when its client reads on. An export reads its rows in batches
// and holds no connection while it waits on its client; before, each held its node's only connection until the
// client read on or the 60 s stall cut, and every call routed to its node waited.
func TestClusterStalledExports(t *testing.T) {
	c := needCluster(t)
	db := c.CreateDB(t, "cluster_stall")
	const rows = 100000
	token := prepare(t, db, 200, rows)
	_, lb := startNodes(t, db, "--db-max-conns", "1")
	calls := func(phase string) []time.Duration {
		var mu sync.Mutex
		var took []time.Duration
		var wg sync.WaitGroup
		for w := range 3 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				cl := newClient(lb.base, token, 30*time.Second) // the bound catches a hang only
				for i := range 40 {
					path := "/api/user"
					if i%2 == 1 {
						path = fmt.Sprintf("/api/admin/transactions/history?page=%d&maxPerPage=25", 1+(w*40+i)%20)
					}
					r := cl.do(phase, "GET", path, nil)
					if r.status != http.StatusOK {
						t.Errorf("%s: GET %s: %d %v %.200s", phase, path, r.status, r.err, r.body)
					}
					mu.Lock()
					took = append(took, r.elapsed)
					mu.Unlock()
				}
			}()
		}
		wg.Wait()
		return took
	}
	before := calls("before the stall")

	var exports []*http.Response
	defer func() {
		for _, e := range exports {
			e.Body.Close()
		}
	}()
	for i := range 3 {
		name := fmt.Sprintf("exporter%d", i)
		backoffice(t, "admin", "create", "--db", db, "--username", name, "--email", name+"@faults.example", "--password", "Faults-export-password-1")
		req, _ := http.NewRequest("GET", lb.base+"/api/admin/transactions/history/CSV", nil)
		req.Header.Set("Authorization", "Bearer "+backoffice(t, "admin", "token", "--db", db, "--username", name))
		resp, err := slowClient().Do(req) // headers read, the body left unread: the export runs into a full socket
		if err != nil || resp.StatusCode != http.StatusOK {
			t.Fatalf("export %d: %v %v", i, err, resp)
		}
		exports = append(exports, resp)
	}
	during := calls("while 3 exports stall")
	for i, e := range exports {
		body, err := io.ReadAll(e.Body)
		if n := bytes.Count(body, []byte("\n")); err != nil || n != rows+1 {
			t.Errorf("export %d after its stall: %d lines, %v; want the header and %d rows", i, n, err, rows)
		}
	}
	t.Logf("240 calls (GET /api/user, History pages) through the balancer, 3 nodes of 1 database connection each: "+
		"p50 %v, p99 %v, max %v before; p50 %v, p99 %v, max %v while 3 exports of %d rows stalled",
		percentile(before, 50), percentile(before, 99), percentile(before, 100),
		percentile(during, 50), percentile(during, 99), percentile(during, 100), rows)
}

//go:build faults && linux

package faults

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"
)

// binPath is the binary under test: BACKOFFICE_BIN, else built by TestMain.
var binPath string

// cluster is the private PostgreSQL of this run (nil when none could start
// outside CI: the PostgreSQL tests are skipped then).
var (
	cluster    *pgCluster
	clusterErr error
)

func TestMain(m *testing.M) {
	os.Exit(runMain(m))
}

func runMain(m *testing.M) int {
	binPath = os.Getenv("BACKOFFICE_BIN")
	if binPath == "" {
		dir, err := os.MkdirTemp("", "faults-bin-")
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			return 1
		}
		defer os.RemoveAll(dir)
		binPath = filepath.Join(dir, "backoffice")
		build := exec.Command("go", "build", "-o", binPath, "../../cmd/backoffice")
		build.Stdout, build.Stderr = os.Stderr, os.Stderr
		if err := build.Run(); err != nil {
			fmt.Fprintln(os.Stderr, "build backoffice:", err)
			return 1
		}
	} else if abs, err := filepath.Abs(binPath); err == nil {
		binPath = abs
	}
	// Every command of the tests seals secrets with one key file, as the nodes of one database share one.
	keys, err := os.MkdirTemp("", "faults-keys-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	defer os.RemoveAll(keys)
	keyFile := filepath.Join(keys, "secrets.key")
	if out, err := exec.Command(binPath, "secrets", "init", "--secrets-key-file", keyFile).CombinedOutput(); err != nil {
		fmt.Fprintf(os.Stderr, "secrets init: %v\n%s", err, out)
		return 1
	}
	os.Setenv("BACKOFFICE_SECRETS_KEY_FILE", keyFile)
	cluster, clusterErr = startCluster()
	if cluster != nil {
		defer cluster.remove()
	}
	return m.Run()
}

// needCluster returns the private cluster, or fails (CI) or skips the test.
func needCluster(t *testing.T) *pgCluster {
	t.Helper()
	if cluster == nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("a private PostgreSQL cluster is required in CI: %v", clusterErr)
		}
		t.Skipf("no private PostgreSQL cluster: %v", clusterErr)
	}
	return cluster
}

// pgCluster is a PostgreSQL cluster of our own in a temporary directory,
// listening on 127.0.0.1 only, that the tests may stop and start.
type pgCluster struct {
	bin  string // directory of initdb and pg_ctl
	dir  string // data/, the socket, pg.log
	port int
	mu   sync.Mutex
}

// startCluster runs initdb and starts the server. initdb refuses root, so
// as root every PostgreSQL command runs as the postgres user.
func startCluster() (*pgCluster, error) {
	bin, err := pgBinDir()
	if err != nil {
		return nil, err
	}
	dir, err := os.MkdirTemp("", "pgf")
	if err != nil {
		return nil, err
	}
	c := &pgCluster{bin: bin, dir: dir, port: clusterPort()}
	if os.Geteuid() == 0 {
		if err := exec.Command("chown", "postgres:postgres", dir).Run(); err != nil {
			os.RemoveAll(dir)
			return nil, fmt.Errorf("chown %s: %w", dir, err)
		}
	}
	if out, err := c.command("initdb", "-D", c.data(), "-U", "postgres", "-A", "trust", "-E", "UTF8", "--locale=C",
		"--no-sync", "--no-instructions").CombinedOutput(); err != nil {
		os.RemoveAll(dir)
		return nil, fmt.Errorf("initdb: %v: %s", err, out)
	}
	c.watchdog()
	if err := c.Start(); err != nil {
		c.remove()
		return nil, err
	}
	fmt.Fprintf(os.Stderr, "private PostgreSQL cluster on 127.0.0.1:%d in %s\n", c.port, dir)
	return c, nil
}

// pgBinDir is PG_BIN, else the newest /usr/lib/postgresql/*/bin holding initdb.
func pgBinDir() (string, error) {
	if d := os.Getenv("PG_BIN"); d != "" {
		return d, nil
	}
	found, _ := filepath.Glob("/usr/lib/postgresql/*/bin/initdb")
	if len(found) == 0 {
		return "", fmt.Errorf("no /usr/lib/postgresql/*/bin/initdb (install postgresql, or set PG_BIN)")
	}
	version := func(p string) int {
		v, _ := strconv.Atoi(filepath.Base(filepath.Dir(filepath.Dir(p))))
		return v
	}
	sort.Slice(found, func(i, j int) bool { return version(found[i]) < version(found[j]) })
	return filepath.Dir(found[len(found)-1]), nil
}

func (c *pgCluster) data() string { return filepath.Join(c.dir, "data") }

// command runs a PostgreSQL program, as the postgres user when we are root.
func (c *pgCluster) command(name string, args ...string) *exec.Cmd {
	prog := filepath.Join(c.bin, name)
	if os.Geteuid() == 0 {
		return exec.Command("runuser", append([]string{"-u", "postgres", "--", prog}, args...)...)
	}
	return exec.Command(prog, args...)
}

// Start starts the server and waits until it accepts connections.
func (c *pgCluster) Start() error {
	c.mu.Lock()
	defer c.mu.Unlock()
	opts := fmt.Sprintf("-p %d -k %s -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off", c.port, c.dir)
	out, err := c.command("pg_ctl", "-D", c.data(), "-l", filepath.Join(c.dir, "pg.log"), "-o", opts, "-w", "-t", "60", "start").CombinedOutput()
	if err != nil {
		return fmt.Errorf("pg_ctl start: %v: %s\n%s", err, out, c.logTail())
	}
	return nil
}

// Stop stops the server (fast: sessions are ended, the database is shut
// down cleanly) and waits until it is down.
func (c *pgCluster) Stop() error {
	c.mu.Lock()
	defer c.mu.Unlock()
	out, err := c.command("pg_ctl", "-D", c.data(), "-m", "fast", "-w", "-t", "60", "stop").CombinedOutput()
	if err != nil {
		return fmt.Errorf("pg_ctl stop: %v: %s", err, out)
	}
	return nil
}

// remove stops the server at once and deletes the cluster.
func (c *pgCluster) remove() {
	c.mu.Lock()
	defer c.mu.Unlock()
	_ = c.command("pg_ctl", "-D", c.data(), "-m", "immediate", "-w", "stop").Run()
	_ = os.RemoveAll(c.dir)
}

// watchdog removes the cluster if this test process dies without cleaning
// up (a timeout panic, a kill): a detached shell waits for our pid to go.
func (c *pgCluster) watchdog() {
	stop := fmt.Sprintf("%s -D %s -m immediate -w stop", filepath.Join(c.bin, "pg_ctl"), c.data())
	if os.Geteuid() == 0 {
		stop = "runuser -u postgres -- " + stop
	}
	script := fmt.Sprintf("while kill -0 %d 2>/dev/null; do sleep 1; done; %s >/dev/null 2>&1; rm -rf %s", os.Getpid(), stop, c.dir)
	cmd := exec.Command("sh", "-c", script)
	cmd.SysProcAttr = &syscall.SysProcAttr{Setsid: true}
	if err := cmd.Start(); err == nil {
		go func() { _ = cmd.Wait() }()
	}
}

func (c *pgCluster) logTail() string {
	b, _ := os.ReadFile(filepath.Join(c.dir, "pg.log"))
	if len(b) > 3000 {
		b = b[len(b)-3000:]
	}
	return string(b)
}

// URL is the address of database name on this cluster.
func (c *pgCluster) URL(name string) string {
	return fmt.Sprintf("postgres://postgres@127.0.0.1:%d/%s?sslmode=disable", c.port, name)
}

// CreateDB creates an empty database.
func (c *pgCluster) CreateDB(t *testing.T, name string) string {
	t.Helper()
	if out, err := c.command("createdb", "-h", "127.0.0.1", "-p", strconv.Itoa(c.port), "-U", "postgres", name).CombinedOutput(); err != nil {
		t.Fatalf("createdb %s: %v: %s", name, err, out)
	}
	return c.URL(name)
}

// clusterPort is a free port below the ephemeral range. While the cluster
// is stopped, the server under test dials its port thousands of times a
// second; were the port ephemeral, one of those sockets could take it as its
// own local port (even connect to itself) and the restart would fail with
// "Address already in use".
func clusterPort() int {
	low := 32768
	if b, err := os.ReadFile("/proc/sys/net/ipv4/ip_local_port_range"); err == nil {
		if f := strings.Fields(string(b)); len(f) == 2 {
			if n, err := strconv.Atoi(f[0]); err == nil {
				low = n
			}
		}
	}
	for p := 25432; p < low && p < 30000; p++ {
		if ln, err := net.Listen("tcp", fmt.Sprintf("127.0.0.1:%d", p)); err == nil {
			ln.Close()
			return p
		}
	}
	return freePort(0) // an unusual range: take the risk
}

// freePort is want when nothing listens there, else (or for 0) any free port.
func freePort(want int) int {
	if want != 0 {
		if ln, err := net.Listen("tcp", fmt.Sprintf("127.0.0.1:%d", want)); err == nil {
			ln.Close()
			return want
		}
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		panic(err)
	}
	defer ln.Close()
	return ln.Addr().(*net.TCPAddr).Port
}

// backoffice runs a subcommand of the binary and returns its standard output.
func backoffice(t *testing.T, args ...string) string {
	t.Helper()
	cmd := exec.Command(binPath, args...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("backoffice %s: %v\n%s", strings.Join(args, " "), err, stderr.String())
	}
	return strings.TrimSpace(string(out))
}

// prepare seeds an empty database, creates the staff member "root"
// (Administrator) and returns a full token for them.
func prepare(t *testing.T, db string, users, transactions int) string {
	t.Helper()
	start := time.Now()
	backoffice(t, "seed", "--db", db, "--users", strconv.Itoa(users), "--transactions", strconv.Itoa(transactions))
	backoffice(t, "admin", "create", "--db", db, "--username", "root", "--email", "root@faults.example", "--password", "Faults-root-password-1")
	token := backoffice(t, "admin", "token", "--db", db, "--username", "root")
	t.Logf("seeded %d users, %d transactions in %.1fs", users, transactions, time.Since(start).Seconds())
	return token
}

// lockedBuffer collects a process's output.
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// server is a running "backoffice serve".
type server struct {
	cmd    *exec.Cmd
	base   string
	output *lockedBuffer
	exited chan struct{}
	err    error // the exit status, once exited is closed
}

// startServer runs serve on a free port and waits until /healthz answers 200.
func startServer(t *testing.T, db string, extra ...string) *server {
	t.Helper()
	return startServerAt(t, fmt.Sprintf("127.0.0.1:%d", freePort(0)), db, extra...)
}

// startServerAt is startServer on addr (a node restarted on its old port).
func startServerAt(t *testing.T, addr, db string, extra ...string) *server {
	t.Helper()
	args := append([]string{"serve", "--addr", addr, "--db", db}, extra...)
	s := &server{cmd: exec.Command(binPath, args...), base: "http://" + addr, output: &lockedBuffer{}, exited: make(chan struct{})}
	s.cmd.Stdout, s.cmd.Stderr = s.output, s.output
	s.cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
	if err := s.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	go func() { s.err = s.cmd.Wait(); close(s.exited) }()
	t.Cleanup(func() {
		select {
		case <-s.exited:
		default:
			_ = s.cmd.Process.Kill()
			<-s.exited
		}
		if t.Failed() {
			t.Logf("server warnings and errors (first 40):\n%s\nserver output (tail):\n%s", s.problems(40), tail(s.output.String(), 3000))
		}
	})
	deadline := time.Now().Add(60 * time.Second)
	for time.Now().Before(deadline) {
		select {
		case <-s.exited:
			t.Fatalf("server exited at start: %v\n%s", s.err, s.output.String())
		default:
		}
		if resp, err := http.Get(s.base + "/healthz"); err == nil {
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				return s
			}
		}
		time.Sleep(50 * time.Millisecond)
	}
	t.Fatalf("server not healthy within 60s:\n%s", s.output.String())
	return nil
}

// problems are the server's log lines at WARN or ERROR that are not the
// request log, without their time stamps, each once.
func (s *server) problems(n int) string {
	seen := map[string]bool{}
	var out []string
	for _, line := range strings.Split(s.output.String(), "\n") {
		if !strings.Contains(line, "level=WARN") && !strings.Contains(line, "level=ERROR") || strings.Contains(line, "msg=request ") {
			continue
		}
		if i := strings.Index(line, " level="); i > 0 {
			line = line[i+1:]
		}
		if !seen[line] && len(out) < n {
			seen[line] = true
			out = append(out, line)
		}
	}
	return strings.Join(out, "\n")
}

func tail(s string, n int) string {
	if len(s) > n {
		return "…" + s[len(s)-n:]
	}
	return s
}

// reply is the outcome of one call.
type reply struct {
	op      string
	start   time.Time
	elapsed time.Duration
	status  int // 0 when the call failed below HTTP
	body    []byte
	err     error
}

func (r reply) end() time.Time { return r.start.Add(r.elapsed) }

// client calls the API with a token.
type client struct {
	base  string
	token atomic.Value // string
	http  *http.Client
	// renew, when set, opens a new session for the calls refused for want
	// of a step-up (renewing).
	renew   func() (string, error)
	renewMu sync.Mutex
}

func newClient(base, token string, timeout time.Duration) *client {
	tr := &http.Transport{MaxIdleConnsPerHost: 64, MaxConnsPerHost: 64}
	c := &client{base: base, http: &http.Client{Transport: tr, Timeout: timeout}}
	c.token.Store(token)
	return c
}

// renewing makes the client's sensitive calls outlive the step-up window
// (5 minutes; docs/decisions/0003-sign-in-and-sessions.md): a call refused
// with 403 naming step_up gets a new session of the staff member from
// "backoffice admin token" on db (which starts stepped up, as a sign-in's
// does) and is made again, once. The faults' staff member "root" is made by
// "admin create" and has no authenticator to step up with; the tool is how a
// script holding the database gets a session, as prepare does. The server's
// rule is untouched: a refused call changed nothing, and is booked refused
// when no new session can be had (the database down).
func (c *client) renewing(db, username string) *client {
	c.renew = func() (string, error) {
		out, err := exec.Command(binPath, "admin", "token", "--db", db, "--username", username).Output()
		return strings.TrimSpace(string(out)), err
	}
	return c
}

func (c *client) do(op, method, path string, body any) reply {
	token := c.token.Load().(string)
	r := c.send(op, method, path, body, token)
	if c.renew != nil && refusedForStepUp(r) {
		if fresh, ok := c.renewed(token); ok {
			r = c.send(op, method, path, body, fresh)
		}
	}
	return r
}

// renewed is a session newer than stale: the one another call opened
// meanwhile, else a new one.
func (c *client) renewed(stale string) (string, bool) {
	c.renewMu.Lock()
	defer c.renewMu.Unlock()
	if current := c.token.Load().(string); current != stale {
		return current, true
	}
	token, err := c.renew()
	if err != nil || token == "" {
		return "", false
	}
	c.token.Store(token)
	return token, true
}

// refusedForStepUp: 403 with the field step_up (a sensitive call on a
// session whose second factor is older than the window).
func refusedForStepUp(r reply) bool {
	if r.status != http.StatusForbidden {
		return false
	}
	var e struct {
		Errors []struct {
			Field string `json:"field"`
		} `json:"errors"`
	}
	if json.Unmarshal(r.body, &e) != nil {
		return false
	}
	for _, f := range e.Errors {
		if f.Field == "step_up" {
			return true
		}
	}
	return false
}

func (c *client) send(op, method, path string, body any, token string) reply {
	var rd io.Reader
	if body != nil {
		b, _ := json.Marshal(body)
		rd = bytes.NewReader(b)
	}
	r := reply{op: op, start: time.Now()}
	req, err := http.NewRequestWithContext(context.Background(), method, c.base+path, rd)
	if err != nil {
		panic(err)
	}
	req.Header.Set("Authorization", "Bearer "+token)
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	resp, err := c.http.Do(req)
	if err == nil {
		r.body, err = io.ReadAll(resp.Body)
		resp.Body.Close()
		r.status = resp.StatusCode
	}
	r.err = err
	r.elapsed = time.Since(r.start)
	return r
}

// envelopeProblem says what is wrong with a non-2xx reply's body, which
// must be the JSON error envelope {code, message, errors}.
func envelopeProblem(r reply) string {
	var e struct {
		Code    int               `json:"code"`
		Message string            `json:"message"`
		Errors  []json.RawMessage `json:"errors"`
	}
	if err := json.Unmarshal(r.body, &e); err != nil {
		return fmt.Sprintf("not JSON (%v): %.200q", err, r.body)
	}
	if e.Code != r.status || e.Message == "" || e.Errors == nil {
		return fmt.Sprintf("not the error envelope: %.200s", r.body)
	}
	return ""
}

// percentile of durations (p in 0..100).
func percentile(d []time.Duration, p float64) time.Duration {
	if len(d) == 0 {
		return 0
	}
	s := append([]time.Duration(nil), d...)
	sort.Slice(s, func(i, j int) bool { return s[i] < s[j] })
	i := int(float64(len(s)-1) * p / 100)
	return s[i]
}

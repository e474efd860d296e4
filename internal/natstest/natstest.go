// Package natstest runs a private NATS server with JetStream for a test: its
// own port and store folder, never the machine's (which may be on 4222).
package natstest

import (
	"context"
	"fmt"
	"net"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
)

// Server is a running nats-server.
type Server struct {
	URL  string
	t    testing.TB
	port int
	dir  string
	args []string // besides its port and store: a cluster node's name and routes
	cmd  *exec.Cmd
}

// binary is the nats-server to run: on PATH, or where Debian puts it.
func binary(t testing.TB) string {
	for _, p := range []string{"nats-server", "/usr/sbin/nats-server", "/usr/bin/nats-server"} {
		if path, err := exec.LookPath(p); err == nil {
			return path
		}
	}
	if os.Getenv("CI") == "true" {
		t.Fatal("nats-server is required in CI: apt-get install nats-server")
	}
	t.Skip("nats-server is not installed (apt-get install nats-server)")
	return ""
}

// Start starts a server for t, stopped when t ends.
func Start(t testing.TB) *Server {
	t.Helper()
	s := &Server{t: t, port: freePort(t), dir: t.TempDir()}
	s.URL = fmt.Sprintf("nats://127.0.0.1:%d", s.port)
	s.start()
	t.Cleanup(s.Stop)
	return s
}

func (s *Server) start() {
	s.t.Helper()
	if err := s.launch(); err != nil {
		s.t.Fatal(err)
	}
	ready(s.t, s.URL)
}

// ready waits until a client connects to url and JetStream answers; a
// minute covers a busy machine, not a hang.
func ready(t testing.TB, url string) {
	t.Helper()
	deadline := time.Now().Add(time.Minute)
	for {
		nc, err := nats.Connect(url, nats.Timeout(time.Second))
		if err == nil {
			var reply *nats.Msg
			reply, err = nc.Request("$JS.API.INFO", nil, 2*time.Second)
			if err == nil && strings.Contains(string(reply.Data), `"error"`) {
				err = fmt.Errorf("JetStream: %s", reply.Data) // a cluster without its meta leader yet
			}
			nc.Close()
			if err == nil {
				return
			}
		}
		if time.Now().After(deadline) {
			t.Fatalf("nats-server on %s did not start: %v", url, err)
		}
		time.Sleep(20 * time.Millisecond) // polling the server's start-up, not timing the product
	}
}

// Cluster is a JetStream cluster of private servers.
type Cluster struct {
	URL   string // every node's URL, comma-separated, as a client takes them
	Nodes []*Server
}

// StartCluster starts a cluster of n servers for t, stopped when t ends.
func StartCluster(t testing.TB, n int) *Cluster {
	t.Helper()
	c := &Cluster{}
	routes := make([]string, n)
	routePorts := make([]int, n)
	urls := make([]string, n)
	for i := range n {
		routePorts[i] = freePort(t)
		routes[i] = fmt.Sprintf("nats://127.0.0.1:%d", routePorts[i])
	}
	for i := range n {
		s := &Server{t: t, port: freePort(t), dir: t.TempDir()}
		s.URL = fmt.Sprintf("nats://127.0.0.1:%d", s.port)
		s.args = []string{"-n", fmt.Sprintf("node%d", i), "--cluster_name", "xapa-test",
			"--cluster", routes[i], "--routes", strings.Join(routes, ",")}
		urls[i] = s.URL
		c.Nodes = append(c.Nodes, s)
		t.Cleanup(s.Stop)
	}
	c.URL = strings.Join(urls, ",")
	// All at once: a node's JetStream answers only once the cluster has a meta leader, which needs a majority.
	for _, s := range c.Nodes {
		if err := s.launch(); err != nil {
			t.Fatal(err)
		}
	}
	for _, s := range c.Nodes {
		ready(t, s.URL)
	}
	return c
}

// launch starts the process without waiting for it to answer.
func (s *Server) launch() error {
	args := append([]string{"-js", "-a", "127.0.0.1", "-p", strconv.Itoa(s.port), "-sd", s.dir}, s.args...)
	s.cmd = exec.Command(binary(s.t), args...)
	return s.cmd.Start()
}

// Start starts a stopped server again on its port and store.
func (s *Server) Start() {
	s.t.Helper()
	s.start()
}

// Stop kills the server (SIGKILL: as a crash would).
func (s *Server) Stop() {
	if s.cmd != nil && s.cmd.Process != nil {
		_ = s.cmd.Process.Kill()
		_ = s.cmd.Wait()
		s.cmd = nil
	}
}

// JetStream is a JetStream client of url for t, closed when t ends.
func JetStream(t testing.TB, url string) jetstream.JetStream {
	t.Helper()
	nc, err := nats.Connect(url)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(nc.Close)
	js, err := jetstream.New(nc)
	if err != nil {
		t.Fatal(err)
	}
	return js
}

// Restart kills the server and starts it again on the same port and store.
func (s *Server) Restart() {
	s.t.Helper()
	s.Stop()
	s.start()
}

func freePort(t testing.TB) int {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port
}

// Messages are every message stream holds, in order, read by an ordered
// consumer.
func Messages(t testing.TB, url, stream string) []jetstream.Msg {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	cons, err := JetStream(t, url).OrderedConsumer(ctx, stream, jetstream.OrderedConsumerConfig{})
	if err != nil {
		t.Fatal(err)
	}
	var out []jetstream.Msg
	for {
		batch, err := cons.FetchNoWait(500)
		if err != nil {
			t.Fatal(err)
		}
		n := len(out)
		for m := range batch.Messages() {
			out = append(out, m)
		}
		if len(out) == n {
			return out
		}
	}
}

// Package natstest runs a private NATS server with JetStream for a test: its
// own port and store folder, never the machine's (which may be on 4222).
package natstest

import (
	"fmt"
	"net"
	"os"
	"os/exec"
	"strconv"
	"testing"
	"time"

	"github.com/nats-io/nats.go"
)

// Server is a running nats-server.
type Server struct {
	URL  string
	t    testing.TB
	port int
	dir  string
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
	s.cmd = exec.Command(binary(s.t), "-js", "-a", "127.0.0.1", "-p", strconv.Itoa(s.port), "-sd", s.dir)
	if err := s.cmd.Start(); err != nil {
		s.t.Fatal(err)
	}
	// Ready when a client connects and JetStream answers; a minute covers a busy machine, not a hang.
	deadline := time.Now().Add(time.Minute)
	for {
		nc, err := nats.Connect(s.URL, nats.Timeout(time.Second))
		if err == nil {
			_, err = nc.Request("$JS.API.INFO", nil, 2*time.Second)
			nc.Close()
			if err == nil {
				return
			}
		}
		if time.Now().After(deadline) {
			s.t.Fatalf("nats-server on %s did not start: %v", s.URL, err)
		}
		time.Sleep(20 * time.Millisecond) // polling the server's start-up, not timing the product
	}
}

// Stop kills the server (SIGKILL: as a crash would).
func (s *Server) Stop() {
	if s.cmd != nil && s.cmd.Process != nil {
		_ = s.cmd.Process.Kill()
		_ = s.cmd.Wait()
		s.cmd = nil
	}
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

package netlimit

import (
	"io"
	"net"
	"testing"
)

func dial(t *testing.T, ln net.Listener) net.Conn {
	t.Helper()
	c, err := net.Dial("tcp", ln.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	return c
}

// serve accepts connections and keeps them open, handing each to accepted.
func serve(l *Listener, accepted chan<- net.Conn) {
	for {
		c, err := l.Accept()
		if err != nil {
			return
		}
		accepted <- c
	}
}

func TestCapPerAddress(t *testing.T) {
	base, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	l := New(base, 2, nil)
	defer l.Close()
	accepted := make(chan net.Conn, 8)
	go serve(l, accepted)
	dial(t, l)
	dial(t, l)
	first, second := <-accepted, <-accepted
	third := dial(t, l)
	// The third is closed by the server at once: the client reads the end of the stream.
	if n, err := third.Read(make([]byte, 1)); n != 0 || err != io.EOF {
		t.Fatalf("third connection: %d %v; want it closed", n, err)
	}
	if l.Open("127.0.0.1") != 2 {
		t.Fatalf("open: %d", l.Open("127.0.0.1"))
	}
	first.Close() // one closes: a new one is let in
	fourth := dial(t, l)
	got := <-accepted
	if _, err := got.Write([]byte("x")); err != nil {
		t.Fatal(err)
	}
	if _, err := fourth.Read(make([]byte, 1)); err != nil {
		t.Fatalf("after one closed, a new connection: %v", err)
	}
	second.Close()
	got.Close()
	if l.Open("127.0.0.1") != 0 {
		t.Fatalf("open after closing: %d", l.Open("127.0.0.1"))
	}
}

func TestExemptAddresses(t *testing.T) {
	base, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	l := New(base, 1, func(ip string) bool { return ip == "127.0.0.1" })
	defer l.Close()
	accepted := make(chan net.Conn, 8)
	go serve(l, accepted)
	for range 3 {
		dial(t, l)
		c := <-accepted
		if _, err := c.Write([]byte("x")); err != nil {
			t.Fatal(err)
		}
	}
}

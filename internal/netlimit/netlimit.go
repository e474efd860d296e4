// Package netlimit caps the connections one client address may hold open,
// so that nobody anonymous can take every connection of a node (each costs
// a goroutine, buffers, and maybe a database connection).
package netlimit

import (
	"log/slog"
	"net"
	"sync"
)

// Listener accepts at most PerClient connections at once from one address;
// one more is closed at once. Exempt says which addresses are not counted
// (the trusted proxies, through which every client comes).
type Listener struct {
	net.Listener
	PerClient int
	Exempt    func(ip string) bool

	mu   sync.Mutex
	open map[string]int
}

// New wraps ln.
func New(ln net.Listener, perClient int, exempt func(ip string) bool) *Listener {
	return &Listener{Listener: ln, PerClient: perClient, Exempt: exempt, open: map[string]int{}}
}

// Accept returns the next connection within its address's cap.
func (l *Listener) Accept() (net.Conn, error) {
	for {
		c, err := l.Listener.Accept()
		if err != nil {
			return nil, err
		}
		ip := hostOf(c.RemoteAddr())
		if l.PerClient <= 0 || (l.Exempt != nil && l.Exempt(ip)) {
			return c, nil
		}
		l.mu.Lock()
		if l.open[ip] >= l.PerClient {
			l.mu.Unlock()
			slog.Debug("connection refused: too many open from this address", "ip", ip, "cap", l.PerClient)
			_ = c.Close()
			continue
		}
		l.open[ip]++
		l.mu.Unlock()
		return &conn{Conn: c, release: func() { l.release(ip) }}, nil
	}
}

// Open is how many counted connections ip holds.
func (l *Listener) Open(ip string) int {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.open[ip]
}

func (l *Listener) release(ip string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.open[ip]--; l.open[ip] <= 0 {
		delete(l.open, ip)
	}
}

type conn struct {
	net.Conn
	once    sync.Once
	release func()
}

func (c *conn) Close() error {
	err := c.Conn.Close()
	c.once.Do(c.release)
	return err
}

func hostOf(a net.Addr) string {
	if tcp, ok := a.(*net.TCPAddr); ok {
		return tcp.IP.String()
	}
	host, _, err := net.SplitHostPort(a.String())
	if err != nil {
		return a.String()
	}
	return host
}

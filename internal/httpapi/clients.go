package httpapi

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"math"
	"net"
	"net/http"
	"net/netip"
	"strconv"
	"strings"
	"time"

	"xapa/backoffice/internal/audit"
	"xapa/backoffice/internal/ratelimit"
)

// Calls per client address (an IPv6 client by its /64) of each public
// sign-in route, counted in the database so they hold on every node. The
// route table names which limit guards which route.
var (
	limitCaptcha      = ratelimit.Rule{Name: "captcha", Limit: 60, Window: time.Minute}
	limitLogin        = ratelimit.Rule{Name: "login", Limit: 20, Window: time.Minute}
	limitCode         = ratelimit.Rule{Name: "code", Limit: 20, Window: time.Minute}
	limitRegister     = ratelimit.Rule{Name: "register", Limit: 20, Window: time.Minute}
	limitReset        = ratelimit.Rule{Name: "reset", Limit: 20, Window: time.Minute}
	limitResetConfirm = ratelimit.Rule{Name: "reset-confirm", Limit: 20, Window: time.Minute}
	limitStepUp       = ratelimit.Rule{Name: "step-up", Limit: 20, Window: time.Minute} // signed in, but a code like the code step's
)

// PerClient limits the route's calls per client address.
func (r Rule) PerClient(limit ratelimit.Rule) Rule { r.Client = &limit; return r }

// limitClient refuses calls beyond the route's limit per client address with
// 429 and Retry-After, before any other work. The first refusal of a window
// is audited (one row per address, route and window, whatever the flood).
func (s *Server) limitClient(rt Route, next http.Handler) http.Handler {
	rule := *rt.Rule.Client
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		ip := clientIP(r)
		d, err := s.limits.Take(r.Context(), rule, ratelimit.ClientKey(ip))
		if err != nil {
			writeError(w, r, err)
			return
		}
		if !d.Allowed {
			s.metrics.Throttled(rule.Name)
			if d.Hits == rule.Limit+1 {
				if err := audit.Record(r.Context(), s.db, audit.Entry{Action: "throttled", Target: "ip:" + ip,
					Details: map[string]any{"route": rt.Method + " " + rt.Path, "limit": rule.Limit,
						"window_seconds": rule.Window.Seconds()}, IP: ip}); err != nil {
					writeError(w, r, err)
					return
				}
			}
			w.Header().Set("Retry-After", strconv.Itoa(int(math.Ceil(d.RetryAfter.Seconds()))))
			writeError(w, r, Errorf(http.StatusTooManyRequests, "Too many attempts from this address. Try again later."))
			return
		}
		next.ServeHTTP(w, r)
	})
}

// TrustedProxies are the addresses whose X-Forwarded-For is believed.
type TrustedProxies []netip.Prefix

// ParseTrustedProxies reads a comma-separated CIDR list ("10.0.0.0/8,
// 2001:db8::1/128"; a bare address is one host).
func ParseTrustedProxies(list string) (TrustedProxies, error) {
	var out TrustedProxies
	for _, item := range strings.Split(list, ",") {
		item = strings.TrimSpace(item)
		if item == "" {
			continue
		}
		if !strings.Contains(item, "/") {
			addr, err := netip.ParseAddr(item)
			if err != nil {
				return nil, err
			}
			out = append(out, netip.PrefixFrom(addr, addr.BitLen()))
			continue
		}
		p, err := netip.ParsePrefix(item)
		if err != nil {
			return nil, err
		}
		out = append(out, p.Masked())
	}
	return out, nil
}

func (t TrustedProxies) contains(ip string) bool {
	addr, err := netip.ParseAddr(ip)
	if err != nil {
		return false
	}
	addr = addr.Unmap()
	for _, p := range t {
		if p.Contains(addr) {
			return true
		}
	}
	return false
}

// Trusts says whether ip is one of the trusted proxies (netlimit exempts
// them from its per-address cap: every client comes through them).
func (t TrustedProxies) Trusts(ip string) bool { return len(t) > 0 && t.contains(ip) }

type (
	clientKey    struct{}
	requestIDKey struct{}
)

// resolveClient finds, once per request, the client's address and the
// request's id. The address is the peer's, or, when the peer is a trusted
// proxy, the right-most address of X-Forwarded-For that is not itself a
// trusted proxy (what the nearest untrusted hop said); sessions, limits,
// audit rows and logs use it. The id is a trusted proxy's X-Request-Id (so
// the proxy's log and ours name a request alike), else a new one; every
// reply carries it in X-Request-Id, logs and error envelopes name it.
func (t TrustedProxies) resolveClient(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		peer := peerIP(r)
		trusted := len(t) > 0 && t.contains(peer)
		id := r.Header.Get("X-Request-Id")
		if !trusted || !validRequestID(id) {
			id = newRequestID()
		}
		w.Header().Set("X-Request-Id", id)
		ip := peer
		if trusted {
			hops := strings.Split(strings.Join(r.Header.Values("X-Forwarded-For"), ","), ",")
			for i := len(hops) - 1; i >= 0; i-- {
				hop := strings.TrimSpace(hops[i])
				if net.ParseIP(hop) == nil {
					break // not an address: believe nothing further left
				}
				ip = hop
				if !t.contains(hop) {
					break
				}
			}
		}
		ctx := context.WithValue(context.WithValue(r.Context(), clientKey{}, ip), requestIDKey{}, id)
		next.ServeHTTP(w, r.WithContext(ctx))
	})
}

// newRequestID is 16 random hex digits.
func newRequestID() string {
	b := make([]byte, 8)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}

// validRequestID accepts a proxy's id of 1 to 64 letters, digits and . _ : -
// (anything else could forge log lines or bloat them).
func validRequestID(id string) bool {
	if id == "" || len(id) > 64 {
		return false
	}
	for _, c := range id {
		if !requestIDRune(c) {
			return false
		}
	}
	return true
}

// requestIDRune says whether c may appear in a request id.
func requestIDRune(c rune) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || strings.ContainsRune("._:-", c)
}

// requestID is the request's id (resolveClient), or "".
func requestID(r *http.Request) string {
	id, _ := r.Context().Value(requestIDKey{}).(string)
	return id
}

// clientIP is the client's address (resolveClient), or the peer's.
func clientIP(r *http.Request) string {
	if ip, ok := r.Context().Value(clientKey{}).(string); ok {
		return ip
	}
	return peerIP(r)
}

// peerIP is the address of the connection's other end.
func peerIP(r *http.Request) string {
	host := r.RemoteAddr
	if i := strings.LastIndexByte(host, ':'); i > 0 {
		host = host[:i]
	}
	return strings.Trim(host, "[]")
}

// Package memo keeps computed values for a while and computes each one once
// however many callers ask at the same moment.
package memo

import (
	"context"
	"strings"
	"sync"
	"time"
)

// Cache maps keys to values computed on demand and kept for a TTL: a
// dashboard polled by many staff costs one query per interval, not one per
// viewer. Failed computations are not kept.
type Cache struct {
	mu      sync.Mutex
	entries map[string]*entry
	now     func() time.Time
}

type entry struct {
	done    chan struct{} // closed when val/err are set
	val     any
	err     error
	at      time.Time // when val was computed
	expires time.Time
	ttl     time.Duration
	stale   any       // the expired value this entry replaces, served meanwhile
	hasOld  bool      // whether stale is set; these three are written once, at creation
	staleAt time.Time // when stale was computed
	staleTo time.Time // when stale becomes too old to serve: twice its TTL after it was computed
}

// ComputeTimeout bounds one computation.
const ComputeTimeout = 2 * time.Minute

// New returns a cache reading the time from now (nil: time.Now).
func New(now func() time.Time) *Cache {
	if now == nil {
		now = time.Now
	}
	return &Cache{entries: map[string]*entry{}, now: now}
}

// Get returns key's value, computing it when missing or expired. While an
// expired value is being recomputed, callers get the expired one at once
// (a dashboard never waits for a refresh), as long as it is younger than
// twice its TTL; a missing value, or one older than that (a node idle for a
// while), is waited for. So no reply is older than 2×TTL on any node. The
// computation runs detached from the caller's cancellation (its result
// serves every caller), and a caller stops waiting when its ctx ends.
func Get[T any](ctx context.Context, c *Cache, key string, ttl time.Duration, compute func(ctx context.Context) (T, error)) (T, error) {
	var zero T
	e, owner := c.entry(key)
	if owner {
		go func() {
			cctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), ComputeTimeout)
			defer cancel()
			v, err := compute(cctx)
			c.mu.Lock()
			now := c.now()
			e.val, e.err, e.at, e.expires, e.ttl = v, err, now, now.Add(ttl), ttl
			if err != nil {
				delete(c.entries, key) // the next caller tries again
			}
			c.mu.Unlock()
			close(e.done)
		}()
	}
	if e.hasOld && c.now().Before(e.staleTo) {
		select {
		case <-e.done:
		default:
			return e.stale.(T), nil
		}
	}
	select {
	case <-e.done:
	case <-ctx.Done():
		return zero, ctx.Err()
	}
	if e.err != nil {
		return zero, e.err
	}
	return e.val.(T), nil
}

// entry returns the live entry for key, or a new one the caller must fill.
func (c *Cache) entry(key string) (*entry, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	next := &entry{done: make(chan struct{})}
	if e, ok := c.entries[key]; ok {
		select {
		case <-e.done:
			if c.now().Before(e.expires) {
				return e, false
			}
			// Expired: served while the new value is computed, until it is 2×TTL old.
			next.stale, next.hasOld, next.staleAt, next.staleTo = e.val, true, e.at, e.expires.Add(e.ttl)
		default:
			return e, false // being computed
		}
	}
	e := next
	c.entries[key] = e
	c.forget()
	return e, true
}

// Forgotten is how long after expiring an entry nobody asked for again is
// dropped. Keys named after a day or an hour are never asked for again
// once it is over: kept, they would grow the cache without end.
const Forgotten = time.Hour

// forget drops entries expired more than Forgotten ago (c.mu held). It runs
// when an entry is made, over a few dozen keys.
func (c *Cache) forget() {
	cutoff := c.now().Add(-Forgotten)
	for k, e := range c.entries {
		select {
		case <-e.done:
			if e.expires.Before(cutoff) {
				delete(c.entries, k)
			}
		default: // being computed
		}
	}
}

// Ages gives, per figure, the age of the oldest value a caller would be
// served now without waiting (Get's rules: a value until twice its TTL old).
// A figure is a key without its parts that start with a digit (the day or
// hour a key is named after), so the figures are a few fixed names.
func (c *Cache) Ages() map[string]time.Duration {
	c.mu.Lock()
	defer c.mu.Unlock()
	now := c.now()
	out := map[string]time.Duration{}
	for k, e := range c.entries {
		var at, until time.Time
		select {
		case <-e.done:
			at, until = e.at, e.expires.Add(e.ttl)
		default: // being computed: its stale value, if any, is what is served
			at, until = e.staleAt, e.staleTo
			if !e.hasOld {
				continue
			}
		}
		if e.err != nil || !now.Before(until) {
			continue
		}
		f := Figure(k)
		if age, ok := out[f]; !ok || now.Sub(at) > age {
			out[f] = now.Sub(at)
		}
	}
	return out
}

// Figure is a key without its parts (separated by ':') that start with a
// digit: "hours:2026-11-24 10" is the figure "hours".
func Figure(key string) string {
	parts := strings.Split(key, ":")
	kept := parts[:0]
	for _, p := range parts {
		if p == "" || p[0] < '0' || p[0] > '9' {
			kept = append(kept, p)
		}
	}
	return strings.Join(kept, ":")
}

// Len is the number of values kept or being computed.
func (c *Cache) Len() int { c.mu.Lock(); defer c.mu.Unlock(); return len(c.entries) }

package stats

import (
	"sync"
	"time"
)

// cache keeps each computed value for a while and computes it once however
// many viewers ask at the same moment: a dashboard polled by many staff
// costs one query per interval, not one per viewer.
type cache struct {
	mu      sync.Mutex
	entries map[string]*entry
	now     func() time.Time
}

type entry struct {
	done    chan struct{} // closed when val/err are set
	val     any
	err     error
	expires time.Time
}

func (c *cache) get(key string, ttl time.Duration, compute func() (any, error)) (any, error) {
	c.mu.Lock()
	if c.entries == nil {
		c.entries = map[string]*entry{}
	}
	e, ok := c.entries[key]
	if ok {
		select {
		case <-e.done:
			if e.err == nil && c.now().Before(e.expires) {
				c.mu.Unlock()
				return e.val, nil
			}
		default: // being computed: wait for it below
			c.mu.Unlock()
			<-e.done
			return e.val, e.err
		}
	}
	e = &entry{done: make(chan struct{})}
	c.entries[key] = e
	c.mu.Unlock()

	e.val, e.err = compute()
	e.expires = c.now().Add(ttl)
	close(e.done)
	return e.val, e.err
}

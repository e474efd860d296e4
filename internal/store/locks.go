package store

import (
	"context"
	"database/sql"
	"sync"
	"time"
)

// Lock names of work that one node at a time may do on a database.
const (
	LockDemoLoad    int32 = 1 // filling an empty database with demo data
	LockDemoLive    int32 = 2 // the demo's live generator
	LockAudit       int32 = 3 // appending to the audit log's hash chain (a transaction lock)
	LockAuditStream int32 = 4 // delivering the audit log to --audit-webhook-url
	LockApprovals   int32 = 5 // making an approval request (each maker's limit of pending ones)
	LockIngest      int32 = 6 // applying a batch of the core's events (a transaction lock)
	LockCommands    int32 = 7 // delivering the commands to the core
)

// localLocks stand in for PostgreSQL's advisory locks on SQLite, whose file
// one process serves: a lock per database handle and name.
type localLocks struct {
	mu   sync.Mutex
	held map[int32]chan struct{}
}

func (l *localLocks) lock(ctx context.Context, key int32) (func(), error) {
	for {
		unlock, wait := l.take(key)
		if unlock != nil {
			return unlock, nil
		}
		select {
		case <-wait:
		case <-ctx.Done():
			return nil, ctx.Err()
		}
	}
}

func (l *localLocks) tryLock(key int32) (func(), bool) {
	unlock, _ := l.take(key)
	return unlock, unlock != nil
}

// take takes key's lock and returns its release, or, when another holds
// it, a channel closed when it is released.
func (l *localLocks) take(key int32) (unlock func(), wait <-chan struct{}) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.held == nil {
		l.held = map[int32]chan struct{}{}
	}
	if busy, ok := l.held[key]; ok {
		return nil, busy
	}
	done := make(chan struct{})
	l.held[key] = done
	return func() {
		l.mu.Lock()
		delete(l.held, key)
		l.mu.Unlock()
		close(done)
	}, nil
}

// lockScope names this database and schema in PostgreSQL's advisory locks,
// so that databases (and the schemas tests use) sharing a server do not wait
// on each other's locks.
const lockScope = `hashtext(current_database() || '.' || current_schema())`

// WithLock runs fn while holding the lock named key, waiting for it as long
// as ctx allows: across every node of the database on PostgreSQL (a session
// advisory lock on a connection of its own, released when fn returns or the
// connection dies), within the process on SQLite.
func (db *DB) WithLock(ctx context.Context, key int32, fn func() error) error {
	if db.Dialect == SQLite {
		unlock, err := db.local.lock(ctx, key)
		if err != nil {
			return err
		}
		defer unlock()
		return fn()
	}
	conn, err := db.Conn(ctx)
	if err != nil {
		return err
	}
	defer conn.Close()
	if _, err := conn.ExecContext(ctx, `SELECT pg_advisory_lock(`+lockScope+`, $1)`, key); err != nil {
		return err
	}
	defer func() {
		// A fresh context: the lock is given back even when ctx has ended.
		_, _ = conn.ExecContext(context.WithoutCancel(ctx), `SELECT pg_advisory_unlock(`+lockScope+`, $1)`, key)
	}()
	return fn()
}

// Lead runs fn on one node of the database at a time, until ctx ends: every
// node calls it, one takes the lock named key and runs fn, the others try
// again every retry. fn's context ends when ctx does or when the leader's hold
// on the lock is lost (its connection to PostgreSQL broke), so a node that
// dies or loses the database hands the work to another within about retry.
func (db *DB) Lead(ctx context.Context, key int32, retry time.Duration, fn func(context.Context)) {
	for ctx.Err() == nil {
		if db.Dialect == SQLite {
			if unlock, ok := db.local.tryLock(key); ok {
				fn(ctx)
				unlock()
			}
		} else {
			db.leadOnce(ctx, key, retry, fn)
		}
		select {
		case <-ctx.Done():
		case <-time.After(retry):
		}
	}
}

// leadOnce tries the lock once and, holding it, runs fn until ctx ends or the
// connection holding the lock fails a check (one every retry).
func (db *DB) leadOnce(ctx context.Context, key int32, retry time.Duration, fn func(context.Context)) {
	conn, err := db.Conn(ctx)
	if err != nil {
		return
	}
	defer conn.Close()
	var got bool
	if err := conn.QueryRowContext(ctx, `SELECT pg_try_advisory_lock(`+lockScope+`, $1)`, key).Scan(&got); err != nil || !got {
		return
	}
	held, lost := context.WithCancel(ctx)
	defer lost()
	go watchLock(held, lost, conn, retry)
	fn(held)
	lost()
	_, _ = conn.ExecContext(context.WithoutCancel(ctx), `SELECT pg_advisory_unlock(`+lockScope+`, $1)`, key)
}

// watchLock ends held when the connection holding the lock stops answering.
func watchLock(held context.Context, lost context.CancelFunc, conn *sql.Conn, every time.Duration) {
	t := time.NewTicker(every)
	defer t.Stop()
	for {
		select {
		case <-held.Done():
			return
		case <-t.C:
			if err := conn.PingContext(held); err != nil {
				lost()
				return
			}
		}
	}
}

// LockXactNamed takes the lock named key (a Lock* name) until tx ends: on
// PostgreSQL an advisory transaction lock across every node of this database
// and schema; on SQLite nothing, since a write transaction already holds the
// database's one write lock until it ends.
func (d Dialect) LockXactNamed(ctx context.Context, tx *sql.Tx, key int32) error {
	if d == SQLite {
		return nil
	}
	_, err := tx.ExecContext(ctx, `SELECT pg_advisory_xact_lock(`+lockScope+`, $1)`, key)
	return err
}

//go:build faults && linux

package faults

import (
	"fmt"
	"sync"
	"testing"
	"time"
)

// pgData is the seeded database of the PostgreSQL tests, made once.
var pgData struct {
	once  sync.Once
	url   string
	token string
}

func seededPostgres(t *testing.T) (url, token string) {
	t.Helper()
	c := needCluster(t)
	pgData.once.Do(func() {
		u := c.CreateDB(t, "faults")
		pgData.token = prepare(t, u, 2000, 20000)
		pgData.url = u
	})
	if pgData.url == "" {
		t.Fatal("the PostgreSQL database could not be prepared (see above)")
	}
	return pgData.url, pgData.token
}

// The outage's phases end on conditions, never after a fixed time: so many
// successes first, so many calls answered while the database is down, then
// the first success after it is back and so many calls after that. stuck
// bounds a phase that never ends (a broken server), nothing else.
const (
	warmCalls   = 100
	outageCalls = 100
	afterCalls  = 200
	stuck       = 90 * time.Second
)

// TestPostgresOutageUnderLoad stops PostgreSQL under a steady mixed load
// and starts it again: calls answer 503 quickly meanwhile (never a hang, a
// 500 or a bare error), the server answers 200 again within seconds of the
// database's return without a restart, and no write is half-done.
func TestPostgresOutageUnderLoad(t *testing.T) {
	c := needCluster(t)
	dbURL, token := seededPostgres(t)
	srv := startServer(t, dbURL)
	cl := newClient(srv.base, token, 15*time.Second).renewing(dbURL, "root")
	w := newWorkload(t, cl, "outage")
	health := newClient(srv.base, "", 15*time.Second)

	stop := make(chan struct{})
	var wg sync.WaitGroup
	w.run(8, stop, &wg)
	wg.Add(1)
	go func() { // the load balancer's view: /healthz every 100 ms
		defer wg.Done()
		for {
			select {
			case <-stop:
				return
			case <-time.After(100 * time.Millisecond):
			}
			w.record(health.do("healthz", "GET", "/healthz", nil))
		}
	}()
	defer func() {
		select {
		case <-stop:
		default:
			close(stop)
		}
		wg.Wait()
	}()

	w.waitFor(t, "successes before the outage", stuck, func(rs []reply) bool { return count(rs, time.Time{}, success) >= warmCalls })
	stopAsked := time.Now()
	if err := c.Stop(); err != nil {
		t.Fatal(err)
	}
	down := time.Now()
	w.waitFor(t, "calls answered while the database is down", stuck, func(rs []reply) bool {
		return count(rs, down, func(r reply) bool { return r.status != 0 }) >= outageCalls
	})
	startAsked := time.Now()
	if err := c.Start(); err != nil {
		t.Fatal(err)
	}
	up := time.Now()
	var firstOK time.Time // the first success of a call started after the database was back
	w.waitFor(t, "a success after the database came back", stuck, func(rs []reply) bool {
		for _, r := range rs {
			if !r.start.Before(up) && success(r) && r.op != "healthz" && (firstOK.IsZero() || r.end().Before(firstOK)) {
				firstOK = r.end()
			}
		}
		return !firstOK.IsZero()
	})
	w.waitFor(t, "calls after the recovery", stuck, func(rs []reply) bool { return count(rs, firstOK, func(reply) bool { return true }) >= afterCalls })
	close(stop)
	wg.Wait()
	t.Logf("PostgreSQL stop took %v, start took %v", down.Sub(stopAsked).Round(time.Millisecond), up.Sub(startAsked).Round(time.Millisecond))

	var (
		during       []time.Duration
		lastBad      time.Time
		phaseCount   [4]int
		outage503    int
		problemsSeen = map[string]int{}
	)
	problem := func(r reply, what string) {
		key := fmt.Sprintf("%s %s", r.op, what)
		if problemsSeen[key]++; problemsSeen[key] <= 3 {
			t.Errorf("%s (started %v after the stop began, took %v): %v %.300s", key, r.start.Sub(stopAsked).Round(time.Millisecond),
				r.elapsed.Round(time.Millisecond), r.err, r.body)
		}
	}
	for _, r := range w.Replies() {
		ok := r.status >= 200 && r.status < 300
		switch {
		case r.status == 0:
			problem(r, "failed below HTTP (a hang or a dropped connection)")
			continue
		case !ok && r.status != 503:
			problem(r, fmt.Sprintf("answered %d", r.status))
		case !ok:
			if p := envelopeProblem(r); p != "" {
				problem(r, "503 body "+p)
			}
		}
		switch {
		case r.start.Before(stopAsked): // warm: everything done before the stop succeeds
			phaseCount[0]++
			if !ok && r.end().Before(stopAsked) {
				problem(r, fmt.Sprintf("answered %d before the outage", r.status))
			}
		case r.start.Before(down): // while PostgreSQL shuts down: either
			phaseCount[1]++
		case r.start.Before(startAsked): // down: the JSON 503 (a hang would end at the client's timeout: status 0)
			phaseCount[2]++
			during = append(during, r.elapsed)
			if r.status != 503 {
				problem(r, fmt.Sprintf("answered %d while the database was down", r.status))
			} else {
				outage503++
			}
		default: // back: once one call succeeded, every call started after it succeeds (no flapping)
			phaseCount[3]++
			if !ok && r.end().After(lastBad) {
				lastBad = r.end()
			}
			if !ok && r.start.After(firstOK) {
				problem(r, fmt.Sprintf("answered %d after calls succeeded again", r.status))
			}
		}
	}
	if outage503 == 0 {
		t.Error("no call was made while the database was down")
	}
	recovered := time.Duration(0)
	if lastBad.After(up) {
		recovered = lastBad.Sub(up)
	}
	t.Logf("calls: %d before the stop, %d while stopping, %d while down (all 503: %d), %d after the start",
		phaseCount[0], phaseCount[1], phaseCount[2], outage503, phaseCount[3])
	// Figures, not limits (no test asserts a wall-clock duration): how fast the 503s came and the recovery.
	t.Logf("OUTAGE 503 latency: p50 %v, p99 %v, max %v", percentile(during, 50).Round(time.Microsecond),
		percentile(during, 99).Round(time.Microsecond), percentile(during, 100).Round(time.Microsecond))
	t.Logf("RECOVERY after PostgreSQL accepted connections again: first 2xx after %v, last non-2xx ended %v after",
		firstOK.Sub(up).Round(time.Millisecond), recovered.Round(time.Millisecond))
	w.check(t, dbURL)
}

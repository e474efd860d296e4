//go:build faults && linux

package faults

import (
	"bytes"
	"context"
	"encoding/csv"
	"encoding/json"
	"errors"
	"io"
	"net"
	"net/http"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

// TestSIGTERM stops the server with SIGTERM while a CSV export streams and
// writers write, on SQLite and on PostgreSQL:
//
//   - within the grace period, the export completes (every row, then a
//     clean end), the writes in flight finish, and the process exits 0;
//   - when the grace period runs out (a client that stops reading), the
//     export is visibly cut off (the chunked stream ends without its last
//     chunk: an error for the client, never a clean short file) and the
//     process exits right after the grace period.
//
// Either way every write landed fully or not at all.
func TestSIGTERM(t *testing.T) {
	t.Run("sqlite", func(t *testing.T) {
		db := "sqlite:" + t.TempDir() + "/faults.db"
		token := prepare(t, db, 500, 20000)
		t.Run("finish", func(t *testing.T) { sigterm(t, db, token, "term-finish", 30*time.Second, false) })
		t.Run("grace over", func(t *testing.T) { sigterm(t, db, token, "term-cut", time.Second, true) })
	})
	t.Run("postgres", func(t *testing.T) {
		db, token := seededPostgres(t)
		t.Run("finish", func(t *testing.T) { sigterm(t, db, token, "term-finish", 30*time.Second, false) })
		t.Run("grace over", func(t *testing.T) { sigterm(t, db, token, "term-cut", time.Second, true) })
	})
}

func sigterm(t *testing.T, dbURL, token, prefix string, grace time.Duration, stall bool) {
	// No drain delay: this test is about the grace period that follows it (the cluster test drains).
	srv := startServer(t, dbURL, "--shutdown-timeout", grace.String(), "--drain-delay", "0s")
	cl := newClient(srv.base, token, 30*time.Second).renewing(dbURL, "root")
	r := cl.do("count", "GET", "/api/admin/transactions/history?page=1&maxPerPage=1", nil)
	var page struct {
		Total int `json:"total_items"`
	}
	if r.status != 200 || json.Unmarshal(r.body, &page) != nil || page.Total == 0 {
		t.Fatalf("history: %d %v %.300s", r.status, r.err, r.body)
	}

	// Writers: roles created and edited, users created, as fast as they can.
	w := newWorkload(t, cl, prefix)
	w.noReads = true
	stop := make(chan struct{})
	var wg sync.WaitGroup
	w.run(6, stop, &wg)
	defer func() {
		select {
		case <-stop:
		default:
			close(stop)
		}
		wg.Wait()
	}()
	w.waitFor(t, "writes before the export", 60*time.Second, func(rs []reply) bool { return count(rs, time.Time{}, success) >= 20 })

	// The export, read slowly through a small receive buffer, so that the
	// server is still writing it when the signal comes.
	type export struct {
		body   []byte
		err    error
		status int
	}
	started := make(chan struct{})
	got := make(chan export, 1)
	go func() {
		var e export
		defer func() { got <- e }()
		req, _ := http.NewRequestWithContext(context.Background(), "GET", srv.base+"/api/admin/transactions/history/CSV", nil)
		req.Header.Set("Authorization", "Bearer "+token)
		resp, err := slowClient().Do(req)
		if err != nil {
			e.err = err
			close(started)
			return
		}
		defer resp.Body.Close()
		e.status = resp.StatusCode
		var buf bytes.Buffer
		chunk := make([]byte, 16<<10)
		signalled := false
		for {
			n, err := resp.Body.Read(chunk)
			buf.Write(chunk[:n])
			if !signalled && buf.Len() >= 64<<10 {
				signalled = true
				close(started)
				if stall { // a client that stops reading past the grace period
					time.Sleep(grace + 2*time.Second)
				}
			}
			if err != nil {
				if !errors.Is(err, io.EOF) {
					e.err = err
				}
				break
			}
			time.Sleep(time.Millisecond)
		}
		if !signalled {
			close(started)
		}
		e.body = buf.Bytes()
	}()
	select {
	case <-started:
	case <-time.After(30 * time.Second):
		t.Fatal("the export did not start within 30s")
	}

	term := time.Now()
	if err := srv.cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	select {
	case <-srv.exited:
	case <-time.After(grace + 10*time.Second):
		t.Fatalf("the server did not exit within %v of SIGTERM (grace %v)", grace+10*time.Second, grace)
	}
	exitAfter := time.Since(term)
	close(stop)
	wg.Wait()
	e := <-got

	// The process: a figure, not a limit (the exit status and the export below say whether the grace period held).
	t.Logf("SIGTERM: exited %v after the signal (grace %v): %v", exitAfter.Round(time.Millisecond), grace, srv.err)
	log := srv.output.String()
	if !stall && srv.err != nil {
		t.Errorf("exit status %v after every request finished, want 0", srv.err)
	}
	if stall && (srv.err == nil || !strings.Contains(log, "were cut off")) {
		t.Errorf("the grace period ran out: want a non-zero exit saying requests were cut off, got %v", srv.err)
	}

	// The export: complete with a clean end, or visibly cut off.
	records, parseErr := countRecords(e.body)
	t.Logf("export: status %d, %d bytes, %d whole records (want %d rows + header), read error: %v", e.status, len(e.body), records, page.Total, e.err)
	switch {
	case e.status != 200:
		t.Errorf("export answered %d", e.status)
	case e.err == nil && (parseErr != nil || records != page.Total+1):
		t.Errorf("the export ended cleanly but holds %d records (%v), want %d: a silently truncated file", records, parseErr, page.Total+1)
	case !stall && e.err != nil:
		t.Errorf("the export was cut off (%v) although the grace period allows it to finish", e.err)
	case stall && e.err == nil:
		t.Errorf("the export completed although its client stalled past the grace period: the cut-off was not exercised")
	case stall && records >= page.Total+1:
		t.Errorf("the export was cut off, yet holds every row")
	}
	// It was in flight at the signal: its request line comes after the shutdown began.
	if i, j := strings.Index(log, "shutting down"), strings.Index(log, "path=/api/admin/transactions/history/CSV"); !stall && (i < 0 || j < i) {
		t.Errorf("the export was not in flight when the shutdown began (shutdown at %d, export logged at %d)", i, j)
	}

	// The writes: no 5xx, and each landed fully or not at all.
	var after, afterOK, failed int
	for _, r := range w.Replies() {
		if r.status >= 500 {
			t.Errorf("%s answered %d: %.300s", r.op, r.status, r.body)
		}
		if r.status != 0 && envelopeProblem(r) != "" && r.status >= 400 {
			t.Errorf("%s answered %d with %s", r.op, r.status, envelopeProblem(r))
		}
		if r.end().After(term) {
			after++
			switch {
			case r.status >= 200 && r.status < 300:
				afterOK++
			case r.status == 0:
				failed++
			}
		}
	}
	t.Logf("writes ending after SIGTERM: %d (%d answered 2xx, %d without a reply: refused or cut)", after, afterOK, failed)
	w.check(t, dbURL)
}

// countRecords counts the CSV records of body up to the first that does not
// parse (a cut-off export ends inside one), each with the header's fields.
func countRecords(body []byte) (int, error) {
	r := csv.NewReader(bytes.NewReader(body))
	n := 0
	for {
		_, err := r.Read()
		if errors.Is(err, io.EOF) {
			return n, nil
		}
		if err != nil {
			return n, err
		}
		n++
	}
}

// slowClient reads through a 32 KiB socket receive buffer (no autotuning):
// a client that does not read soon holds the server's writes back.
func slowClient() *http.Client {
	d := &net.Dialer{Control: func(_, _ string, c syscall.RawConn) error {
		var err error
		if cerr := c.Control(func(fd uintptr) {
			err = syscall.SetsockoptInt(int(fd), syscall.SOL_SOCKET, syscall.SO_RCVBUF, 32<<10)
		}); cerr != nil {
			return cerr
		}
		return err
	}}
	return &http.Client{Transport: &http.Transport{DialContext: d.DialContext, DisableCompression: true}}
}

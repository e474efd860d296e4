package mail

import (
	"bufio"
	"context"
	"fmt"
	"net"
	"strings"
	"sync"
	"testing"
	"time"

	"xapa/backoffice/internal/secrets"
	"xapa/backoffice/internal/store"
	"xapa/backoffice/internal/store/storetest"
)

// relay is a fake SMTP server: it accepts every connection, hands each message's DATA to got, and answers
// DATA with reject (a temporary failure) while reject is set.
type relay struct {
	port   int
	got    chan string
	mu     sync.Mutex
	reject bool
}

func newRelay(t *testing.T) *relay {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ln.Close() })
	r := &relay{port: ln.Addr().(*net.TCPAddr).Port, got: make(chan string, 100)}
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			go r.serve(c)
		}
	}()
	return r
}

func (r *relay) setReject(v bool) { r.mu.Lock(); r.reject = v; r.mu.Unlock() }

func (r *relay) serve(c net.Conn) {
	defer c.Close()
	br := bufio.NewReader(c)
	say := func(s string) { _, _ = c.Write([]byte(s + "\r\n")) }
	say("220 fake ESMTP")
	var data strings.Builder
	inData := false
	for {
		line, err := br.ReadString('\n')
		if err != nil {
			return
		}
		if inData {
			if line == ".\r\n" {
				inData = false
				r.got <- data.String()
				say("250 queued")
				continue
			}
			data.WriteString(line)
			continue
		}
		switch cmd := strings.ToUpper(strings.TrimSpace(line)); {
		case strings.HasPrefix(cmd, "EHLO"), strings.HasPrefix(cmd, "HELO"):
			say("250 fake")
		case cmd == "DATA":
			r.mu.Lock()
			reject := r.reject
			r.mu.Unlock()
			if reject {
				say("451 try again later")
				continue
			}
			inData = true
			say("354 go on")
		case cmd == "QUIT":
			say("221 bye")
			return
		default:
			say("250 ok")
		}
	}
}

type clock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *clock) now() time.Time          { c.mu.Lock(); defer c.mu.Unlock(); return c.t }
func (c *clock) advance(d time.Duration) { c.mu.Lock(); c.t = c.t.Add(d); c.mu.Unlock() }

func newClock() *clock { return &clock{t: time.Date(2026, 11, 23, 12, 0, 0, 0, time.UTC)} }

func outboxRow(t *testing.T, db *store.DB, id int64) (status string, attempts int, body string) {
	t.Helper()
	if err := db.QueryRowContext(context.Background(), `SELECT status, attempts, body FROM outbox WHERE id = $1`, id).
		Scan(&status, &attempts, &body); err != nil {
		t.Fatal(err)
	}
	return status, attempts, body
}

const resetMail = "To choose a new password, open this link within one hour:\nhttp://backoffice.test/reset-password?token=abc123\n\nThanks."

func TestSendQueuesThenDelivers(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		r := newRelay(t)
		box := secrets.Ephemeral()
		m := New(db, box, SMTPConfig{Host: "127.0.0.1", Port: r.port, From: "Xapa <no-reply@xapa.example>"}, newClock().now)
		if err := m.Send(ctx, Message{To: "a@example.com", Subject: "Hello", Body: resetMail}); err != nil {
			t.Fatal(err)
		}
		status, _, body := outboxRow(t, db, 1)
		if status != "queued" || !secrets.IsSealed(body) || strings.Contains(body, "abc123") {
			t.Fatalf("queued row: %s %q; want a sealed body", status, body)
		}
		if n, err := m.Deliver(ctx); n != 1 || err != nil {
			t.Fatalf("deliver: %d %v", n, err)
		}
		data := <-r.got
		for _, want := range []string{"To: a@example.com", "Subject: Hello", "token=abc123", "one hour:\r\nhttp"} {
			if !strings.Contains(data, want) {
				t.Errorf("message lacks %q:\n%s", want, data)
			}
		}
		kept, err := Newest(ctx, db, box, "a@example.com", 1)
		if err != nil || len(kept) != 1 || kept[0].Status != "sent" {
			t.Fatalf("after delivery: %+v %v", kept, err)
		}
		if strings.Contains(kept[0].Body, "abc123") || !strings.Contains(kept[0].Body, "[link removed after delivery]") ||
			!strings.Contains(kept[0].Body, "Thanks.") {
			t.Fatalf("a delivered body keeps its link: %q", kept[0].Body)
		}
		if n, _ := m.Deliver(ctx); n != 0 {
			t.Fatalf("a sent mail was claimed again")
		}
	})
}

func TestFailedDeliveryIsRetriedWithBackoff(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		r := newRelay(t)
		r.setReject(true)
		c := newClock()
		box := secrets.Ephemeral()
		m := New(db, box, SMTPConfig{Host: "127.0.0.1", Port: r.port}, c.now)
		if err := m.Send(ctx, Message{To: "b@example.com", Subject: "S", Body: resetMail}); err != nil {
			t.Fatal(err)
		}
		for attempt := 1; attempt < MaxAttempts; attempt++ {
			if n, err := m.Deliver(ctx); n != 1 || err != nil {
				t.Fatalf("attempt %d: claimed %d, %v", attempt, n, err)
			}
			if status, attempts, _ := outboxRow(t, db, 1); status != "queued" || attempts != attempt {
				t.Fatalf("after attempt %d: %s, %d attempts", attempt, status, attempts)
			}
			c.advance(RetryWait(attempt) - time.Second)
			if n, _ := m.Deliver(ctx); n != 0 {
				t.Fatalf("attempt %d: tried again before its wait (%v) ended", attempt, RetryWait(attempt))
			}
			c.advance(time.Second)
		}
		r.setReject(false)
		if n, err := m.Deliver(ctx); n != 1 || err != nil {
			t.Fatalf("last attempt: %d %v", n, err)
		}
		<-r.got
		if status, attempts, _ := outboxRow(t, db, 1); status != "sent" || attempts != MaxAttempts {
			t.Fatalf("delivered on the last attempt: %s, %d", status, attempts)
		}
		// A mail that never goes through is given up after MaxAttempts, keeping no link.
		r.setReject(true)
		if err := m.Send(ctx, Message{To: "c@example.com", Subject: "S", Body: resetMail}); err != nil {
			t.Fatal(err)
		}
		for range MaxAttempts {
			if n, _ := m.Deliver(ctx); n != 1 {
				t.Fatal("not claimed when due")
			}
			c.advance(MaxRetryWait)
		}
		status, _, body := outboxRow(t, db, 2)
		opened, _ := box.OpenString(secrets.MailBody.Purpose(), body)
		if status != "failed" || strings.Contains(opened, "abc123") {
			t.Fatalf("given up: %s %q", status, opened)
		}
		if RetryWait(1) != FirstRetry || RetryWait(2) != 2*FirstRetry || RetryWait(20) != MaxRetryWait {
			t.Fatalf("waits %v %v %v", RetryWait(1), RetryWait(2), RetryWait(20))
		}
	})
}

func TestWithoutSMTPTheOutboxKeepsTheMail(t *testing.T) {
	t.Parallel()
	db := storetest.SQLite(t)
	ctx := context.Background()
	box := secrets.Ephemeral()
	m := New(db, box, SMTPConfig{}, newClock().now)
	if err := m.Send(ctx, Message{To: "d@example.com", Subject: "S", Body: resetMail}); err != nil {
		t.Fatal(err)
	}
	if n, err := m.Deliver(ctx); n != 1 || err != nil {
		t.Fatalf("deliver: %d %v", n, err)
	}
	kept, err := Newest(ctx, db, box, "", 5)
	if err != nil || len(kept) != 1 || kept[0].Status != "kept" || kept[0].Body != resetMail {
		t.Fatalf("kept: %+v %v; want the whole mail, link included (it is the only copy)", kept, err)
	}
	if err := m.Send(ctx, Message{To: "e@example.com\r\nBcc: x@evil.example", Subject: "S"}); err == nil {
		t.Fatal("header injection accepted")
	}
	if err := m.Request(ctx, "reset", "f@example.com\nBcc: x@evil.example", ""); err == nil {
		t.Fatal("header injection accepted in a request")
	}
}

func TestRequestsAreWrittenAtDelivery(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		box := secrets.Ephemeral()
		m := New(db, box, SMTPConfig{}, newClock().now)
		var asked []string
		m.Handle("reset", func(_ context.Context, to, ip string) (Message, bool, error) {
			asked = append(asked, to+" from "+ip)
			if to == "nobody@example.com" {
				return Message{}, false, nil
			}
			return Message{To: "Real@example.com", Subject: "Reset", Body: "link"}, true, nil
		})
		for _, to := range []string{"nobody@example.com", "real@example.com"} {
			if err := m.Request(ctx, "reset", to, "192.0.2.9"); err != nil {
				t.Fatal(err)
			}
		}
		if n, err := m.Deliver(ctx); n != 2 || err != nil {
			t.Fatalf("deliver: %d %v", n, err)
		}
		if fmt.Sprint(asked) != "[nobody@example.com from 192.0.2.9 real@example.com from 192.0.2.9]" {
			t.Fatalf("writer calls %v", asked)
		}
		var rows int
		_ = db.QueryRowContext(ctx, `SELECT count(*) FROM outbox`).Scan(&rows)
		kept, err := Newest(ctx, db, box, "", 5)
		if err != nil || rows != 1 || len(kept) != 1 || kept[0].To != "Real@example.com" || kept[0].Body != "link" {
			t.Fatalf("%d rows, kept %+v %v; want the dropped request gone and the other written", rows, kept, err)
		}
	})
}

// Two nodes deliver one outbox at once: every mail goes out exactly once.
func TestTwoNodesDeliverEachMailOnce(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		r := newRelay(t)
		box := secrets.Ephemeral()
		c := newClock()
		cfg := SMTPConfig{Host: "127.0.0.1", Port: r.port}
		nodes := []*Mailer{New(db, box, cfg, c.now), New(db, box, cfg, c.now)}
		const mails = 40
		for i := range mails {
			if err := nodes[0].Send(ctx, Message{To: fmt.Sprintf("n%d@example.com", i), Subject: "S", Body: "B"}); err != nil {
				t.Fatal(err)
			}
		}
		var wg sync.WaitGroup
		for _, n := range nodes {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for {
					claimed, err := n.Deliver(ctx)
					if err != nil {
						t.Error(err)
						return
					}
					if claimed == 0 {
						return
					}
				}
			}()
		}
		wg.Wait()
		seen := map[string]int{}
		for range mails {
			data := <-r.got
			to := data[strings.Index(data, "To: ")+4:]
			seen[to[:strings.Index(to, "\r\n")]]++
		}
		select {
		case extra := <-r.got:
			t.Fatalf("a mail went out twice: %q", extra)
		default:
		}
		if len(seen) != mails {
			t.Fatalf("%d distinct recipients; want %d", len(seen), mails)
		}
	})
}

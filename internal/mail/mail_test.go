package mail

import (
	"bufio"
	"context"
	"net"
	"strings"
	"testing"

	"xapa/backoffice/internal/store"
	"xapa/backoffice/internal/store/storetest"
)

// fakeSMTP accepts one message and hands its DATA to got.
func fakeSMTP(t *testing.T) (port int, got chan string) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ln.Close() })
	got = make(chan string, 1)
	go func() {
		c, err := ln.Accept()
		if err != nil {
			return
		}
		defer c.Close()
		r := bufio.NewReader(c)
		say := func(s string) { _, _ = c.Write([]byte(s + "\r\n")) }
		say("220 fake ESMTP")
		var data strings.Builder
		inData := false
		for {
			line, err := r.ReadString('\n')
			if err != nil {
				return
			}
			if inData {
				if line == ".\r\n" {
					inData = false
					got <- data.String()
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
				inData = true
				say("354 go on")
			case cmd == "QUIT":
				say("221 bye")
				return
			default:
				say("250 ok")
			}
		}
	}()
	return ln.Addr().(*net.TCPAddr).Port, got
}

func TestSendThroughSMTP(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		port, got := fakeSMTP(t)
		m := New(db, SMTPConfig{Host: "127.0.0.1", Port: port, From: "Xapa <no-reply@xapa.example>"})
		if err := m.Send(context.Background(), Message{To: "a@example.com", Subject: "Hello", Body: "line one\nline two"}); err != nil {
			t.Fatal(err)
		}
		data := <-got
		for _, want := range []string{"To: a@example.com", "Subject: Hello", "line one\r\nline two"} {
			if !strings.Contains(data, want) {
				t.Errorf("message lacks %q:\n%s", want, data)
			}
		}
		var sent *string
		if err := db.QueryRowContext(context.Background(), `SELECT CAST(sent_at AS TEXT) FROM outbox`).Scan(&sent); err != nil || sent == nil {
			t.Fatalf("outbox row not marked sent: %v", err)
		}
	})
}

func TestOutboxOnlyAndHeaderInjection(t *testing.T) {
	t.Parallel()
	db := storetest.SQLite(t)
	m := New(db, SMTPConfig{})
	if err := m.Send(context.Background(), Message{To: "b@example.com", Subject: "S", Body: "B"}); err != nil {
		t.Fatal(err)
	}
	var n int
	_ = db.QueryRowContext(context.Background(), `SELECT count(*) FROM outbox WHERE sent_at IS NULL`).Scan(&n)
	if n != 1 {
		t.Fatalf("outbox rows = %d", n)
	}
	if err := m.Send(context.Background(), Message{To: "c@example.com\r\nBcc: x@evil.example", Subject: "S"}); err == nil {
		t.Fatal("header injection accepted")
	}
}

//go:build faults && linux

package faults

import (
	"context"
	"database/sql"
	"encoding/json"
	"strings"
	"testing"

	"xapa/backoffice/internal/commands"
	"xapa/backoffice/internal/corenats"
	"xapa/backoffice/internal/natstest"
	"xapa/backoffice/internal/store"
)

// TestCommandsThroughCrashes: staff decisions keep coming while the core's
// NATS server is down and the node that delivers them is killed with
// SIGKILL; once NATS is back, another node delivers the rest. The stream
// XAPA_BACKOFFICE then holds every command exactly once (a resend of one
// delivered but not recorded is dropped by its Nats-Msg-Id), each entity's
// in the order made. On SQLite and on PostgreSQL.
func TestCommandsThroughCrashes(t *testing.T) {
	t.Run("sqlite", func(t *testing.T) { commandsThrough(t, "sqlite:"+t.TempDir()+"/commands.db") })
	t.Run("postgres", func(t *testing.T) { commandsThrough(t, needCluster(t).CreateDB(t, "commands")) })
}

const entities, perBurst = 6, 60

func commandsThrough(t *testing.T, db string) {
	backoffice(t, "migrate", "--db", db)
	srv := natstest.Start(t)
	node := startServer(t, db, "--nats-url", srv.URL)
	conn, err := store.Open(context.Background(), db)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	var made []string // the staff's ledger, in the order made
	burst := func() {
		for i := range perBurst {
			off := i%2 == 0
			if err := conn.Tx(context.Background(), func(tx *sql.Tx) error {
				id, err := commands.Write(context.Background(), tx, commands.Customer{BackofficeID: int64(1 + i%entities), Enabled: &off})
				made = append(made, id)
				return err
			}); err != nil {
				t.Fatal(err)
			}
		}
	}
	waiting := func() int {
		var n int
		if err := conn.QueryRowContext(context.Background(), `SELECT count(*) FROM core_commands WHERE state = 'waiting'`).Scan(&n); err != nil {
			return -1
		}
		return n
	}
	burst()
	waitFor(t, "the first burst delivered", func() bool { return waiting() == 0 })

	srv.Stop() // the core's NATS is down; staff go on deciding
	burst()
	waitFor(t, "a delivery refused while NATS is down", func() bool {
		return strings.Contains(node.output.String(), "commands: not taken")
	})
	_ = node.cmd.Process.Kill() // and the delivering node dies
	<-node.exited
	burst()

	srv.Start()
	startServer(t, db, "--nats-url", srv.URL)
	waitFor(t, "every command delivered", func() bool { return waiting() == 0 })

	got := streamed(t, srv.URL)
	at := map[string]int{}
	for i, id := range got {
		if _, twice := at[id]; twice {
			t.Errorf("command %s is in the stream twice", id)
		}
		at[id] = i
	}
	if len(at) != len(made) {
		t.Fatalf("the stream holds %d commands, want the %d made", len(at), len(made))
	}
	for i := entities; i < len(made); i++ { // made[i] and made[i-entities] are one entity's, in that order
		if at[made[i]] < at[made[i-entities]] {
			t.Errorf("command %d of its entity reached the core before the one made before it", i/entities+1)
		}
	}
}

// streamed are the commands' ids in XAPA_BACKOFFICE, in stream order.
func streamed(t *testing.T, url string) []string {
	var ids []string
	for _, m := range natstest.Messages(t, url, corenats.CommandStream) {
		var e struct{ ID string }
		if err := json.Unmarshal(m.Data(), &e); err != nil {
			t.Fatalf("a command that is no CloudEvent: %v", err)
		}
		ids = append(ids, e.ID)
	}
	return ids
}

package audit_test

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"hash"
	"strconv"
	"testing"
	"time"

	"xapa/backoffice/internal/audit"
	"xapa/backoffice/internal/store"
	"xapa/backoffice/internal/store/storetest"
)

// row is an audit entry as an attacker with a copy of the database reads it.
type row struct {
	id                                      int64
	actor                                   sql.NullInt64
	email, action, target, details, ip, sum string
	at                                      time.Time
}

func readRows(t *testing.T, db *store.DB) []row {
	t.Helper()
	rows, err := db.QueryContext(context.Background(), `SELECT id, actor_id, actor_email, action, target, details, ip, created_at, hash
		FROM audit_log ORDER BY id`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var out []row
	for rows.Next() {
		var r row
		if err := rows.Scan(&r.id, &r.actor, &r.email, &r.action, &r.target, &r.details, &r.ip, &r.at, &r.sum); err != nil {
			t.Fatal(err)
		}
		out = append(out, r)
	}
	return out
}

// rehash is what the attacker computes from the documented form: h over the
// version line and each field, after prev.
func rehash(h hash.Hash, version string, r row, prev string) string {
	actor := ""
	if r.actor.Valid {
		actor = strconv.FormatInt(r.actor.Int64, 10)
	}
	h.Write([]byte(version))
	for _, f := range []string{prev, strconv.FormatInt(r.id, 10), actor, r.email, r.action, r.target, r.details, r.ip,
		r.at.UTC().Format(time.RFC3339Nano)} {
		h.Write([]byte(strconv.Itoa(len(f)) + ":" + f + "\n"))
	}
	return hex.EncodeToString(h.Sum(nil))
}

// rechain writes every hash again from the entry with id from on, with the
// hash function the attacker has (a plain SHA-256, or an HMAC under a key
// that is not the server's).
func rechain(t *testing.T, db *store.DB, from int64, fresh func() hash.Hash, version string) {
	t.Helper()
	prev := ""
	for _, r := range readRows(t, db) {
		if r.id >= from {
			r.sum = rehash(fresh(), version, r, prev)
			storetest.TamperAuditLog(t, db, `UPDATE audit_log SET hash = $1 WHERE id = $2`, r.sum, r.id)
		}
		prev = r.sum
	}
}

func wantBroken(t *testing.T, db *store.DB, what string) {
	t.Helper()
	v, err := audit.Verify(context.Background(), db)
	if err != nil {
		t.Fatal(err)
	}
	if v.BrokenAt == nil {
		t.Errorf("%s: the log verifies (%d entries); want a break", what, v.Verified)
	}
}

// Issue 34, attack 7: with a copy of the database an attacker deletes five
// entries, relabels one or swaps two, and computes every later hash again
// with plain SHA-256 (the form before the chain was keyed), or with an HMAC
// under a key of their own. Without the audit key of the secrets key file
// no such log verifies.
func TestRecomputedChainDoesNotVerify(t *testing.T) {
	t.Parallel()
	plain := func() hash.Hash { return sha256.New() }
	guessed := func() hash.Hash { return hmac.New(sha256.New, []byte("a key the attacker chose")) }
	tamper := map[string]func(t *testing.T, db *store.DB, ids []int64) int64{
		"five deleted": func(t *testing.T, db *store.DB, ids []int64) int64 {
			storetest.TamperAuditLog(t, db, `DELETE FROM audit_log WHERE id >= $1 AND id <= $2`, ids[3], ids[7])
			return ids[8]
		},
		"one relabelled": func(t *testing.T, db *store.DB, ids []int64) int64 {
			storetest.TamperAuditLog(t, db, `UPDATE audit_log SET action = 'test.harmless' WHERE id = $1`, ids[4])
			return ids[4]
		},
		"two swapped": func(t *testing.T, db *store.DB, ids []int64) int64 {
			storetest.TamperAuditLog(t, db, `UPDATE audit_log SET target = CASE id WHEN $1 THEN $3 ELSE $4 END WHERE id IN ($1, $2)`,
				ids[2], ids[6], audit.UserTarget(6), audit.UserTarget(2))
			return ids[2]
		},
	}
	for name, change := range tamper {
		for form, fresh := range map[string]struct {
			h       func() hash.Hash
			version string
		}{"plain SHA-256": {plain, "audit-v1\n"}, "HMAC under another key": {guessed, "audit-v2\n"}} {
			t.Run(name+", rehashed with "+form, func(t *testing.T) {
				t.Parallel()
				storetest.Each(t, func(t *testing.T, db *store.DB) {
					ids := recordSome(t, db, 10)
					from := change(t, db, ids)
					rechain(t, db, from, fresh.h, fresh.version)
					wantBroken(t, db, name)
					rechain(t, db, ids[0], fresh.h, fresh.version) // from the very first entry
					wantBroken(t, db, name+", every hash")
				})
			})
		}
	}
}

// A log carried over from before the chain was keyed verifies once a keyed
// entry follows it; an attacker who rewrote it whole in the old form, or cut
// its keyed end away, leaves an unkeyed newest entry, which is a break.
func TestUnkeyedEntriesOnlyAsTheStart(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ids := recordSome(t, db, 4)
		rechain(t, db, ids[0], func() hash.Hash { return sha256.New() }, "audit-v1\n") // as an older version wrote it
		wantBroken(t, db, "a log ending unkeyed")
		more := recordSome(t, db, 6)
		v, err := audit.Verify(context.Background(), db)
		if err != nil || v.BrokenAt != nil || v.Verified != 10 || v.Unkeyed != 4 {
			t.Fatalf("an older log and keyed entries after it: %+v %v", v, err)
		}
		storetest.TamperAuditLog(t, db, `DELETE FROM audit_log WHERE id >= $1`, more[0])
		wantBroken(t, db, "the keyed end cut away")
	})
}

// A checkpoint signs the newest entry; it goes into the log as an entry of
// its own, is not signed again while nothing came since, and one kept
// outside shows the newest entries removed (which the chain alone cannot).
func TestCheckpointsCatchTheNewestEntriesRemoved(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		ids := recordSome(t, db, 5)
		c, signed, err := audit.SignCheckpoint(ctx, db, store.Now())
		if err != nil || !signed || c.EntryID != ids[4] {
			t.Fatalf("first checkpoint: %+v %v %v", c, signed, err)
		}
		if _, again, err := audit.SignCheckpoint(ctx, db, store.Now()); err != nil || again {
			t.Fatalf("nothing came since: signed %v, %v", again, err)
		}
		newest, ok, err := audit.NewestCheckpoint(ctx, db)
		if err != nil || !ok || newest != c {
			t.Fatalf("the log's newest checkpoint: %+v %v %v", newest, ok, err)
		}
		v, _ := audit.Verify(ctx, db)
		if bad, err := audit.CheckCheckpoints(ctx, db, v, []audit.Checkpoint{c}); err != nil || len(bad) != 0 {
			t.Fatalf("an intact log: %+v %v", bad, err)
		}

		storetest.TamperAuditLog(t, db, `DELETE FROM audit_log WHERE id >= $1`, ids[3])
		v, _ = audit.Verify(ctx, db)
		if v.BrokenAt != nil {
			t.Fatalf("the chain alone cannot see its end removed, yet broke at %d", *v.BrokenAt)
		}
		if bad, err := audit.CheckCheckpoints(ctx, db, v, []audit.Checkpoint{c}); err != nil || len(bad) != 1 {
			t.Fatalf("the kept checkpoint must not hold: %+v %v", bad, err)
		}
		forged := c
		forged.EntryID = ids[2]
		if bad, _ := audit.CheckCheckpoints(ctx, db, v, []audit.Checkpoint{forged}); len(bad) != 1 {
			t.Fatal("a checkpoint changed after signing holds")
		}
	})
}

// The server signs no checkpoint over a log changed since the last one: it
// would bless the change.
func TestNoCheckpointOverAChangedLog(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		recordSome(t, db, 3)
		if _, _, err := audit.SignCheckpoint(ctx, db, store.Now()); err != nil {
			t.Fatal(err)
		}
		later := recordSome(t, db, 3)
		storetest.TamperAuditLog(t, db, `UPDATE audit_log SET ip = '203.0.113.9' WHERE id = $1`, later[1])
		if _, signed, err := audit.SignCheckpoint(ctx, db, store.Now()); err == nil || signed {
			t.Fatalf("signed over a changed log: %v %v", signed, err)
		}
	})
}

// Without the audit key nothing is written to the chain.
func TestNoAuditKeyNoEntry(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		db.AuditKey = nil
		if err := audit.Record(context.Background(), db, audit.Entry{Action: "test.keyless"}); err == nil {
			t.Fatal("an entry was written without the audit key")
		}
		if _, err := audit.Verify(context.Background(), db); err == nil {
			t.Fatal("the chain was checked without the audit key")
		}
	})
}

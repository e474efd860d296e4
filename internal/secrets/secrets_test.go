package secrets

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"xapa/backoffice/internal/store"
	"xapa/backoffice/internal/store/storetest"
)

func TestSealOpen(t *testing.T) {
	t.Parallel()
	box, err := New(NewKey())
	if err != nil {
		t.Fatal(err)
	}
	sealed := box.SealString("users.ga_secret", "JBSWY3DPEHPK3PXP")
	if !IsSealed(sealed) || strings.Contains(sealed, "JBSWY3DPEHPK3PXP") || SealedWith(sealed) != box.CurrentID() {
		t.Fatalf("sealed %q", sealed)
	}
	if again := box.SealString("users.ga_secret", "JBSWY3DPEHPK3PXP"); again == sealed {
		t.Fatal("two seals of one value are equal: the nonce is not random")
	}
	if got, err := box.OpenString("users.ga_secret", sealed); err != nil || got != "JBSWY3DPEHPK3PXP" {
		t.Fatalf("open: %q %v", got, err)
	}
	tampered := []byte(sealed)
	tampered[len(tampered)-3] ^= 1
	other, _ := New(NewKey())
	for name, open := range map[string]func() error{
		"another column":    func() error { _, err := box.Open("sessions.setup_secret", sealed); return err },
		"altered":           func() error { _, err := box.Open("users.ga_secret", string(tampered)); return err },
		"another key":       func() error { _, err := other.Open("users.ga_secret", sealed); return err },
		"not sealed":        func() error { _, err := box.Open("users.ga_secret", "JBSWY3DPEHPK3PXP"); return err },
		"truncated":         func() error { _, err := box.Open("users.ga_secret", Prefix+box.CurrentID()+":AAAA"); return err },
		"bad base64":        func() error { _, err := box.Open("users.ga_secret", Prefix+box.CurrentID()+":***"); return err },
		"no key id divider": func() error { _, err := box.Open("users.ga_secret", Prefix+"abc"); return err },
	} {
		if err := open(); !errors.Is(err, ErrUnsealable) {
			t.Errorf("%s: %v; want ErrUnsealable", name, err)
		}
	}
	if _, err := New(); err == nil {
		t.Error("a box without a key")
	}
	if _, err := New([]byte("short")); err == nil {
		t.Error("a 5-byte key")
	}
}

func TestKeyRing(t *testing.T) {
	t.Parallel()
	oldKey, newKey := NewKey(), NewKey()
	old, _ := New(oldKey)
	ring, _ := New(newKey, oldKey)
	sealedOld := old.SealString("p", "x")
	if got, err := ring.OpenString("p", sealedOld); err != nil || got != "x" {
		t.Fatalf("the ring opens a value of its second key: %q %v", got, err)
	}
	if SealedWith(ring.SealString("p", "x")) != KeyID(newKey) {
		t.Fatal("the ring seals with its first key")
	}
}

func TestKeyFile(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "sub", "backoffice.db.key")
	box, created, err := LoadOrCreate(path)
	if err != nil || !created {
		t.Fatalf("create: %v %v", created, err)
	}
	info, err := os.Stat(path)
	if err != nil || info.Mode().Perm() != 0o600 {
		t.Fatalf("mode %v %v; want 0600", info.Mode().Perm(), err)
	}
	again, created, err := LoadOrCreate(path)
	if err != nil || created || again.CurrentID() != box.CurrentID() {
		t.Fatalf("second start: created %v, key %s vs %s, %v", created, again.CurrentID(), box.CurrentID(), err)
	}
	if err := os.Chmod(path, 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := Load(path); err == nil || !strings.Contains(err.Error(), "chmod 600") {
		t.Fatalf("a key file others can read: %v", err)
	}
	for name, text := range map[string]string{
		"no key":    "# only a comment\n\n",
		"not hex":   strings.Repeat("z", 64) + "\n",
		"too short": "abcd\n",
	} {
		bad := filepath.Join(t.TempDir(), "k")
		if err := os.WriteFile(bad, []byte(text), 0o600); err != nil {
			t.Fatal(err)
		}
		if _, err := Load(bad); err == nil {
			t.Errorf("%s: loaded", name)
		}
	}
	if _, err := Load(filepath.Join(t.TempDir(), "missing")); err == nil {
		t.Error("a missing file loaded")
	}
}

// A server's box follows its key file: a key added by rotation seals from the next look (at most once a
// second), and a value sealed with a key the box does not hold yet makes it read the file again.
func TestBoxFollowsItsFile(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "key")
	first, second := NewKey(), NewKey()
	if err := WriteKeyFile(path, KeyFile{Keys: [][]byte{first}}, false); err != nil {
		t.Fatal(err)
	}
	now := time.Date(2026, 11, 23, 12, 0, 0, 0, time.UTC)
	serverA, _ := Load(path)
	serverB, _ := Load(path)
	for _, b := range []*Box{serverA, serverB} {
		b.now = func() time.Time { return now }
		b.checked = now
	}
	if err := WriteKeyFile(path, KeyFile{Keys: [][]byte{second, first}}, true); err != nil {
		t.Fatal(err)
	}
	// Node A meets a value sealed with the new key: it reads the file at once.
	if got, err := serverA.OpenString("p", mustBox(t, second).SealString("p", "v")); err != nil || got != "v" {
		t.Fatalf("open with a key added to the file: %q %v", got, err)
	}
	// Node B seals with the old key until a second has passed, then with the new one.
	if id := SealedWith(serverB.SealString("p", "v")); id != KeyID(first) {
		t.Fatalf("within the second: sealed with %s", id)
	}
	now = now.Add(time.Second)
	if id := SealedWith(serverB.SealString("p", "v")); id != KeyID(second) {
		t.Fatalf("after the second: sealed with %s; want the new key %s", id, KeyID(second))
	}
}

func TestAuditKeyAddedOnce(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "key")
	first := NewKey()
	if err := WriteKeyFile(path, KeyFile{Keys: [][]byte{first}}, false); err != nil {
		t.Fatal(err)
	}
	if box, err := Load(path); err != nil || box.AuditKey() != nil {
		t.Fatalf("a file without an audit key: %v, %x", err, box.AuditKey())
	}
	if added, err := AddAuditKey(path); !added || err != nil {
		t.Fatalf("add: %v %v", added, err)
	}
	box, err := Load(path)
	if err != nil || len(box.AuditKey()) != KeySize || !bytes.Equal(box.keysRaw()[0], first) {
		t.Fatalf("after adding: %v; the sealing key must stay", err)
	}
	if added, err := AddAuditKey(path); added || err != nil {
		t.Fatalf("a second add must change nothing: %v %v", added, err)
	}
	again, _ := Load(path)
	if !bytes.Equal(again.AuditKey(), box.AuditKey()) {
		t.Fatal("the audit key changed")
	}
}

func mustBox(t *testing.T, keys ...[]byte) *Box {
	t.Helper()
	b, err := New(keys...)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestCheckAndReseal(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		// Values stored before sealing began: a server secret and a TOTP secret in plain text.
		if _, err := db.ExecContext(ctx, `INSERT INTO server_secrets (name, value) VALUES ('captcha_hmac', 'plain-hmac-key')`); err != nil {
			t.Fatal(err)
		}
		var uid int64
		if err := db.QueryRowContext(ctx, `INSERT INTO users (email, username, full_name, password_hash, invitation_code, ga_enabled, ga_secret, created_at, updated_at)
			VALUES ('s@example.com', 's', 'S', 'x', 'inv-s', TRUE, 'JBSWY3DPEHPK3PXP', $1, $1) RETURNING id`, store.Now()).Scan(&uid); err != nil {
			t.Fatal(err)
		}
		box := mustBox(t, NewKey())
		if err := Check(ctx, db, box); err != nil {
			t.Fatal(err)
		}
		var ga, hmacKey string
		_ = db.QueryRowContext(ctx, `SELECT ga_secret FROM users WHERE id = $1`, uid).Scan(&ga)
		_ = db.QueryRowContext(ctx, `SELECT value FROM server_secrets WHERE name = 'captcha_hmac'`).Scan(&hmacKey)
		if !IsSealed(ga) || !IsSealed(hmacKey) {
			t.Fatalf("after the first check: ga_secret %q, captcha_hmac %q; want both sealed", ga, hmacKey)
		}
		if got, _ := OpenStored(box, GASecret, ga); got != "JBSWY3DPEHPK3PXP" {
			t.Fatalf("ga_secret opens to %q", got)
		}
		if v, err := NamedValue(ctx, db, box, "captcha_hmac", "ignored"); err != nil || v != "plain-hmac-key" {
			t.Fatalf("named secret: %q %v", v, err)
		}
		if err := Check(ctx, db, mustBox(t, NewKey())); !errors.Is(err, ErrWrongKey) {
			t.Fatalf("another key file: %v; want ErrWrongKey", err)
		}
	})
}

func TestRotateAndRetire(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		path := filepath.Join(t.TempDir(), "key")
		box, _, err := LoadOrCreate(path)
		if err != nil {
			t.Fatal(err)
		}
		if err := Check(ctx, db, box); err != nil {
			t.Fatal(err)
		}
		if _, err := Named(ctx, db, box, "captcha_hmac"); err != nil {
			t.Fatal(err)
		}
		var uid int64
		if err := db.QueryRowContext(ctx, `INSERT INTO users (email, username, full_name, password_hash, invitation_code, ga_enabled, ga_secret, created_at, updated_at)
			VALUES ('r@example.com', 'r', 'R', 'x', 'inv-r', TRUE, $1, $2, $2) RETURNING id`, box.SealString(GASecret.Purpose(), "JBSWY3DPEHPK3PXP"), store.Now()).Scan(&uid); err != nil {
			t.Fatal(err)
		}
		oldID, oldKey := box.CurrentID(), box.keysRaw()[0]
		r, err := Rotate(ctx, db, path)
		if err != nil {
			t.Fatal(err)
		}
		if r.NewKey == oldID || r.Resealed != 3 { // the check value, captcha_hmac, ga_secret
			t.Fatalf("rotation %+v", r)
		}
		kept, _ := Load(path)
		if ids := kept.IDs(); len(ids) != 2 || ids[0] != r.NewKey || ids[1] != oldID {
			t.Fatalf("after rotate the file holds %v; want the new key, then the old one", ids)
		}
		// A straggler: a server that had not yet seen the new file sealed a value with the old key.
		straggler := mustBox(t, oldKey).SealString(GASecret.Purpose(), "JBSWY3DPEHPK3PXP")
		if _, err := db.ExecContext(ctx, `UPDATE users SET ga_secret = $1 WHERE id = $2`, straggler, uid); err != nil {
			t.Fatal(err)
		}
		ret, err := Retire(ctx, db, path)
		if err != nil || ret.Resealed != 1 || len(ret.Retired) != 1 || ret.Retired[0] != oldID {
			t.Fatalf("retire: %+v %v", ret, err)
		}
		final, _ := Load(path)
		if ids := final.IDs(); len(ids) != 1 || ids[0] != r.NewKey {
			t.Fatalf("after retire the file holds %v", ids)
		}
		var ga string
		_ = db.QueryRowContext(ctx, `SELECT ga_secret FROM users WHERE id = $1`, uid).Scan(&ga)
		if got, err := final.OpenString(GASecret.Purpose(), ga); err != nil || got != "JBSWY3DPEHPK3PXP" {
			t.Fatalf("after retire: %q %v", got, err)
		}
		if err := Check(ctx, db, mustBox(t, oldKey)); !errors.Is(err, ErrWrongKey) {
			t.Fatalf("the retired key alone: %v; want ErrWrongKey", err)
		}
		if !bytes.Equal(final.keysRaw()[0], kept.keysRaw()[0]) {
			t.Fatal("retire changed the sealing key")
		}
		if a := box.AuditKey(); a == nil || !bytes.Equal(kept.AuditKey(), a) || !bytes.Equal(final.AuditKey(), a) {
			t.Fatal("rotate or retire lost or changed the audit key")
		}
	})
}

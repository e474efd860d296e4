package secrets

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"

	"xapa/backoffice/internal/store"
)

// Column is a column holding sealed values, named "table.column" as the
// purpose its values are sealed for.
type Column struct {
	Table, Key, Name string
}

// Purpose is what the column's values are sealed for.
func (c Column) Purpose() string { return c.Table + "." + c.Name }

// The sealed columns: every secret the database keeps. Rotation and the
// sealing of values stored before sealing began go through this list.
var (
	GASecret    = Column{Table: "users", Key: "id", Name: "ga_secret"}        // confirmed TOTP secrets
	SetupSecret = Column{Table: "sessions", Key: "id", Name: "setup_secret"}  // TOTP secrets being set up
	MailBody    = Column{Table: "outbox", Key: "id", Name: "body"}            // mail bodies (links until delivered)
	Server      = Column{Table: "server_secrets", Key: "name", Name: "value"} // the server's own keys
	Approval    = Column{Table: "approvals", Key: "id", Name: "body"}         // the body of a change awaiting approval
	Columns     = []Column{GASecret, SetupSecret, MailBody, Server, Approval}
)

// checkName is the row of server_secrets that tells whether a key file fits
// the database: a known value sealed with it.
const checkName = "secrets_check"

const checkValue = "Xapa Back Office secrets check"

// ErrWrongKey is a key file that does not open the database's secrets.
var ErrWrongKey = errors.New("the secrets key file does not open this database's secrets: " +
	"give the key file this database was sealed with (--secrets-key-file)")

// Check makes sure box opens db's secrets (sealing the check value on first
// use), then seals every value stored before sealing began. Servers call it
// at start: with the wrong key file they refuse to run instead of failing
// every second-factor check.
func Check(ctx context.Context, db *store.DB, box *Box) error {
	if _, err := db.ExecContext(ctx, `INSERT INTO server_secrets (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING`,
		checkName, box.SealString(Server.Purpose(), checkValue)); err != nil {
		return err
	}
	var v string
	if err := db.QueryRowContext(ctx, `SELECT value FROM server_secrets WHERE name = $1`, checkName).Scan(&v); err != nil {
		return err
	}
	if got, err := box.OpenString(Server.Purpose(), v); err != nil || got != checkValue {
		return fmt.Errorf("%w (it holds key %v; the database was sealed with key %s)", ErrWrongKey, box.IDs(), SealedWith(v))
	}
	_, err := Reseal(ctx, db, box, true)
	return err
}

// Named returns the server secret called name (32 random bytes in hex),
// creating it on first use: one value shared by every server on the
// database, stored sealed.
func Named(ctx context.Context, db *store.DB, box *Box, name string) (string, error) {
	b := make([]byte, 32)
	if _, err := rand.Read(b); err != nil {
		return "", err
	}
	return NamedValue(ctx, db, box, name, hex.EncodeToString(b))
}

// NamedValue returns the server secret called name, storing value as it
// first when there is none yet (whoever stores first wins).
func NamedValue(ctx context.Context, db *store.DB, box *Box, name, value string) (string, error) {
	if _, err := db.ExecContext(ctx, `INSERT INTO server_secrets (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING`,
		name, box.SealString(Server.Purpose(), value)); err != nil {
		return "", err
	}
	var v string
	if err := db.QueryRowContext(ctx, `SELECT value FROM server_secrets WHERE name = $1`, name).Scan(&v); err != nil {
		return "", err
	}
	return OpenStored(box, Server, v)
}

// OpenStored opens a stored value of col: a value stored before sealing
// began (until Check seals it) is returned as it is.
func OpenStored(box *Box, col Column, v string) (string, error) {
	if !IsSealed(v) {
		return v, nil
	}
	return box.OpenString(col.Purpose(), v)
}

// Reseal seals every value of every sealed column with box's current key:
// values sealed with another key it holds, and values stored before sealing
// began. With plainOnly, only the latter. It returns how many it sealed; a
// value that opens with no key held is an error, and is left as it is.
func Reseal(ctx context.Context, db *store.DB, box *Box, plainOnly bool) (int, error) {
	total := 0
	for _, col := range Columns {
		n, err := resealColumn(ctx, db, box, col, plainOnly)
		total += n
		if err != nil {
			return total, fmt.Errorf("%s: %w", col.Purpose(), err)
		}
	}
	return total, nil
}

func resealColumn(ctx context.Context, db *store.DB, box *Box, col Column, plainOnly bool) (int, error) {
	skip := Prefix + box.CurrentID() + ":%"
	if plainOnly {
		skip = Prefix + "%"
	}
	// Keyset pages by the key (cast to text, so one query serves text and
	// integer keys): a page's rows are never read again.
	query := fmt.Sprintf(`SELECT CAST(%[1]s AS TEXT), %[2]s FROM %[3]s WHERE %[2]s IS NOT NULL AND %[2]s NOT LIKE $1
		AND %[1]s > %[4]s ORDER BY %[1]s LIMIT 500`, col.Key, col.Name, col.Table, keyParam(col, 2))
	done, last := 0, firstKey(col)
	for {
		type row struct{ key, value string }
		var page []row
		rows, err := db.QueryContext(ctx, query, skip, last)
		if err != nil {
			return done, err
		}
		for rows.Next() {
			var r row
			if err := rows.Scan(&r.key, &r.value); err != nil {
				rows.Close()
				return done, err
			}
			page = append(page, r)
		}
		if err := rows.Close(); err != nil {
			return done, err
		}
		for _, r := range page {
			plain, err := OpenStored(box, col, r.value)
			if err != nil {
				return done, fmt.Errorf("row %s: %w", r.key, err)
			}
			res, err := db.ExecContext(ctx, fmt.Sprintf(`UPDATE %s SET %s = $1 WHERE %s = %s AND %s = $3`,
				col.Table, col.Name, col.Key, keyParam(col, 2), col.Name), box.SealString(col.Purpose(), plain), keyArg(col, r.key), r.value)
			if err != nil {
				return done, err
			}
			if n, _ := res.RowsAffected(); n == 1 {
				done++
			}
			last = keyArg(col, r.key)
		}
		if len(page) < 500 {
			return done, nil
		}
	}
}

// The key of server_secrets is text; the others are integers.
func textKey(col Column) bool { return col.Key == "name" }

func keyParam(col Column, n int) string {
	if textKey(col) {
		return fmt.Sprintf("$%d", n)
	}
	return fmt.Sprintf("CAST($%d AS BIGINT)", n)
}

func firstKey(col Column) any {
	if textKey(col) {
		return ""
	}
	return int64(-1 << 62)
}

func keyArg(col Column, k string) any {
	if textKey(col) {
		return k
	}
	var n int64
	_, _ = fmt.Sscan(k, &n)
	return n
}

// Rotation is what Rotate did.
type Rotation struct {
	NewKey   string   // the new key's id
	Retired  []string // the ids of the keys dropped from the file
	Resealed int      // values sealed again with the new key
}

// Rotate adds a new key to the key file at path as the sealing one and seals
// every secret of db with it. The file is written before any value is sealed
// with the new key, so no value is ever sealed with a key the file lacks.
// The old keys stay in the file: a server that has not yet seen the new file
// (each looks at it before sealing, at most once a second) may still seal
// with one of them. Retire drops them afterwards.
func Rotate(ctx context.Context, db *store.DB, path string) (Rotation, error) {
	old, err := Load(path)
	if err != nil {
		return Rotation{}, err
	}
	if err := Check(ctx, db, old); err != nil {
		return Rotation{}, err
	}
	fresh := NewKey()
	ring := append([][]byte{fresh}, old.keysRaw()...)
	if err := WriteKeyFile(path, KeyFile{Keys: ring, Audit: old.AuditKey()}, true); err != nil {
		return Rotation{}, err
	}
	box, err := New(ring...)
	if err != nil {
		return Rotation{}, err
	}
	r := Rotation{NewKey: KeyID(fresh)}
	if r.Resealed, err = Reseal(ctx, db, box, false); err != nil {
		return r, fmt.Errorf("sealing with the new key %s: %w", r.NewKey, err)
	}
	return r, nil
}

// Retire seals with the key file's first key every value still sealed with
// another one (a straggler sealed by a server that had not yet seen the
// file), then drops the other keys from the file.
func Retire(ctx context.Context, db *store.DB, path string) (Rotation, error) {
	box, err := Load(path)
	if err != nil {
		return Rotation{}, err
	}
	if err := Check(ctx, db, box); err != nil {
		return Rotation{}, err
	}
	ids := box.IDs()
	r := Rotation{NewKey: ids[0], Retired: ids[1:]}
	if r.Resealed, err = Reseal(ctx, db, box, false); err != nil {
		return r, fmt.Errorf("sealing with key %s (no key dropped): %w", r.NewKey, err)
	}
	if len(r.Retired) == 0 {
		return r, nil
	}
	kept := box.keyFile()
	kept.Keys = kept.Keys[:1]
	return r, WriteKeyFile(path, kept, true)
}

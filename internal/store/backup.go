package store

import (
	"context"
	"errors"
	"fmt"
	"os"
)

// ErrBackupPostgres refuses a backup of PostgreSQL here: its own tools do it.
var ErrBackupPostgres = errors.New("back up PostgreSQL with its own tools: pg_dump -Fc (see docs/operations.md, Backups)")

// BackupTo writes an online, consistent copy of the SQLite database to path
// (which must not exist) while the server keeps running: VACUUM INTO reads
// one snapshot, so the copy holds exactly the writes committed before it
// began, and writers are not stopped meanwhile.
func (db *DB) BackupTo(ctx context.Context, path string) error {
	if db.Dialect != SQLite {
		return ErrBackupPostgres
	}
	if _, err := os.Stat(path); err == nil {
		return fmt.Errorf("%s exists: a backup never overwrites a file", path)
	}
	_, err := db.ExecContext(ctx, `VACUUM INTO $1`, path)
	return err
}

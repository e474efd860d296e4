package store

import (
	"context"
	"embed"
	"errors"
	"fmt"
	"hash/fnv"
	"io/fs"
	"sync"

	"github.com/pressly/goose/v3"
	"github.com/pressly/goose/v3/lock"
)

// Version N is the same change on both databases: migrations/postgres and
// migrations/sqlite hold the same file names (TestMigrationFoldersMatch),
// each with its dialect's SQL (docs/decisions/0010-one-migration-sequence.md).
//
//go:embed migrations
var migrations embed.FS

// ErrOldNumbering is Migrate's answer for a PostgreSQL database migrated with
// the numbering PostgreSQL had before both dialects shared one sequence, and
// stopped at version 4, 5 or 6: there the users_search table was 00007, after
// what is now 00005-00007. Such a database lacks users_search although goose
// counts version 4 as applied, and would never get it. (A database that got to
// 00007 or further holds the same schema under either numbering; SQLite's
// numbering did not change.)
var ErrOldNumbering = errors.New("this PostgreSQL database was migrated with the old numbering of PostgreSQL's " +
	"migrations (version 4 is applied, the users_search table it now creates is missing): recreate it (an empty " +
	"database or schema) and run backoffice migrate")

// Migrate applies every pending migration of the database's dialect.
func (db *DB) Migrate(ctx context.Context) error {
	if err := db.checkNumbering(ctx); err != nil {
		return err
	}
	p, err := db.migrator(ctx)
	if err != nil {
		return err
	}
	_, err = p.Up(ctx)
	return err
}

// MigrationVersion is the newest applied migration.
func (db *DB) MigrationVersion(ctx context.Context) (int64, error) {
	p, err := db.migrator(ctx)
	if err != nil {
		return 0, err
	}
	return p.GetDBVersion(ctx)
}

// Migrated says whether every migration this binary holds is applied: a
// node serving a database a newer binary migrated further is fine, one that
// would need a migration first is not ready. One query on goose's table
// (/readyz asks every second): no migrator is built for it.
func (db *DB) Migrated(ctx context.Context) (bool, error) {
	var v int64
	if err := db.QueryRowContext(ctx, `SELECT coalesce(max(version_id), 0) FROM goose_db_version WHERE is_applied`).Scan(&v); err != nil {
		return false, err
	}
	return v >= latestMigration(db.Dialect), nil
}

// latestMigration is the newest migration embedded for dialect d, read from
// the embedded files once.
func latestMigration(d Dialect) int64 { return latestMigrations()[d] }

var latestMigrations = sync.OnceValue(func() map[Dialect]int64 {
	out := map[Dialect]int64{}
	for _, d := range []Dialect{SQLite, Postgres} {
		entries, _ := fs.ReadDir(migrations, "migrations/"+string(d))
		for _, e := range entries {
			var v int64
			if _, err := fmt.Sscanf(e.Name(), "%d_", &v); err == nil && v > out[d] {
				out[d] = v
			}
		}
	}
	return out
})

// checkNumbering returns ErrOldNumbering for a database ErrOldNumbering
// describes.
func (db *DB) checkNumbering(ctx context.Context) error {
	if db.Dialect != Postgres {
		return nil
	}
	var suspect bool
	err := db.QueryRowContext(ctx,
		`SELECT to_regclass('goose_db_version') IS NOT NULL AND to_regclass('users_search') IS NULL`).Scan(&suspect)
	if err != nil || !suspect {
		return err
	}
	var old bool
	if err := db.QueryRowContext(ctx, `SELECT EXISTS (SELECT 1 FROM goose_db_version WHERE version_id = 4 AND is_applied)`).Scan(&old); err != nil {
		return err
	}
	if old {
		return ErrOldNumbering
	}
	return nil
}

func (db *DB) migrator(ctx context.Context) (*goose.Provider, error) {
	dir, gd := "migrations/sqlite", goose.DialectSQLite3
	var opts []goose.ProviderOption
	if db.Dialect == Postgres {
		dir, gd = "migrations/postgres", goose.DialectPostgres
		// Two processes starting at once (a server and a CLI command, or two
		// replicas) take turns instead of applying one migration twice. The
		// lock is the schema's: migrations of other schemas of the same
		// server (tests run in parallel, one schema each) never wait for it.
		var schema string
		if err := db.QueryRowContext(ctx, `SELECT current_database() || '.' || current_schema()`).Scan(&schema); err != nil {
			return nil, err
		}
		id := fnv.New64a()
		_, _ = id.Write([]byte("backoffice migrations " + schema))
		locker, err := lock.NewPostgresSessionLocker(lock.WithLockID(int64(id.Sum64())),
			lock.WithLockTimeout(1, 300)) // probed every second, for five minutes
		if err != nil {
			return nil, err
		}
		opts = append(opts, goose.WithSessionLocker(locker))
	}
	sub, err := fs.Sub(migrations, dir)
	if err != nil {
		return nil, err
	}
	return goose.NewProvider(gd, db.DB, sub, opts...)
}

package store

import (
	"context"
	"embed"
	"fmt"
	"hash/fnv"
	"io/fs"
	"sync"

	"github.com/pressly/goose/v3"
	"github.com/pressly/goose/v3/lock"
)

//go:embed migrations
var migrations embed.FS

// Migrate applies every pending migration of the database's dialect.
func (db *DB) Migrate(ctx context.Context) error {
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

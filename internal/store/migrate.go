package store

import (
	"context"
	"embed"
	"hash/fnv"
	"io/fs"

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

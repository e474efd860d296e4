package store

import (
	"context"
	"embed"
	"io/fs"

	"github.com/pressly/goose/v3"
	"github.com/pressly/goose/v3/lock"
)

//go:embed migrations
var migrations embed.FS

// Migrate applies every pending migration of the database's dialect.
func (db *DB) Migrate(ctx context.Context) error {
	p, err := db.migrator()
	if err != nil {
		return err
	}
	_, err = p.Up(ctx)
	return err
}

// MigrationVersion is the newest applied migration.
func (db *DB) MigrationVersion(ctx context.Context) (int64, error) {
	p, err := db.migrator()
	if err != nil {
		return 0, err
	}
	return p.GetDBVersion(ctx)
}

func (db *DB) migrator() (*goose.Provider, error) {
	dir, gd := "migrations/sqlite", goose.DialectSQLite3
	var opts []goose.ProviderOption
	if db.Dialect == Postgres {
		dir, gd = "migrations/postgres", goose.DialectPostgres
		// Two processes starting at once (a server and a CLI command, or two
		// replicas) take turns instead of applying one migration twice.
		locker, err := lock.NewPostgresSessionLocker()
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

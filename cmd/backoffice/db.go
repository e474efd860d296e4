package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"log/slog"
	"os"
	"strings"
	"time"

	"xapa/backoffice/internal/accounts"
	"xapa/backoffice/internal/auth"
	"xapa/backoffice/internal/config"
	"xapa/backoffice/internal/daytotals"
	"xapa/backoffice/internal/demo"
	"xapa/backoffice/internal/ledger"
	"xapa/backoffice/internal/retention"
	"xapa/backoffice/internal/secrets"
	"xapa/backoffice/internal/stats"
	"xapa/backoffice/internal/store"
)

func openMigrated(ctx context.Context, url string) (*store.DB, error) {
	return openDB(ctx, url, true, 0)
}

// openDB opens url, migrates it when migrate is set, and caps its pool at
// maxConns connections when maxConns is positive.
func openDB(ctx context.Context, url string, migrate bool, maxConns int) (*store.DB, error) {
	db, err := store.Open(ctx, url)
	if err != nil {
		return nil, err
	}
	if maxConns > 0 {
		db.SetMaxOpenConns(maxConns)
		db.SetMaxIdleConns(maxConns)
	}
	if migrate {
		if err := db.Migrate(ctx); err != nil {
			db.Close()
			return nil, fmt.Errorf("migrate: %w", err)
		}
		if err := accounts.CompleteBuiltinRoles(ctx, db); err != nil {
			db.Close()
			return nil, fmt.Errorf("migrate: the built-in roles' keys: %w", err)
		}
	} else if migrated, err := db.Migrated(ctx); err != nil || !migrated {
		// Said plainly, rather than as the first missing table a query meets.
		db.Close()
		return nil, errNotMigrated
	}
	return db, nil
}

// openSecrets returns the box of db's secrets, checked against db
// (secrets.Check): from keyFile when given; for an embedded SQLite database
// from the file beside it, made with a new random key on first start.
// PostgreSQL needs the file named: its database lives elsewhere, and a key
// made on one node would not be the others'.
func openSecrets(ctx context.Context, db *store.DB, dbURL, keyFile string) (*secrets.Box, error) {
	path, err := keyFilePath(db, dbURL, keyFile)
	if err != nil {
		return nil, err
	}
	var box *secrets.Box
	if keyFile != "" {
		box, err = secrets.Load(path)
	} else {
		box, err = loadBeside(path)
	}
	if err != nil {
		return nil, err
	}
	if err := secrets.Check(ctx, db, box); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	if db.AuditKey = box.AuditKey(); db.AuditKey == nil {
		return nil, fmt.Errorf("%s holds no audit key: add one with backoffice secrets init --secrets-key-file %s "+
			"(it keeps the keys the file holds), and give every server the new file", path, path)
	}
	return box, nil
}

// loadBeside reads the key file beside an embedded database, made on first
// start, with an audit key added when it lacks one: one server uses it.
func loadBeside(path string) (*secrets.Box, error) {
	_, created, err := secrets.LoadOrCreate(path)
	if err != nil {
		return nil, err
	}
	if created {
		slog.Info("secrets key file created beside the database: keep it, and keep it out of the database's backups", "path", path)
	}
	if added, err := secrets.AddAuditKey(path); err != nil {
		return nil, err
	} else if added {
		slog.Info("audit key added to the secrets key file", "path", path)
	}
	return secrets.Load(path)
}

// keyFilePath is the key file of db: keyFile when given, else the file
// beside an embedded SQLite database.
func keyFilePath(db *store.DB, dbURL, keyFile string) (string, error) {
	switch {
	case keyFile != "":
		return keyFile, nil
	case db.Dialect == store.SQLite:
		return strings.TrimPrefix(dbURL, "sqlite:") + ".key", nil
	}
	return "", errors.New("--secrets-key-file (BACKOFFICE_SECRETS_KEY_FILE) is required with PostgreSQL; " +
		"make one with: backoffice secrets init --secrets-key-file PATH")
}

// withSecrets is withDB for commands that read or write secrets: fn also
// gets the box of the key file named by keyFile (config.SecretsKeyFlag).
func withSecrets(ctx context.Context, fs *flag.FlagSet, dbURL, keyFile *string, args []string,
	fn func(db *store.DB, box *secrets.Box) error) error {
	return withDB(ctx, fs, dbURL, args, func(db *store.DB) error {
		box, err := openSecrets(ctx, db, *dbURL, *keyFile)
		if err != nil {
			return err
		}
		return fn(db, box)
	})
}

// withDB parses a command's flags (dbURL is its --db flag, config.DBFlag) and
// runs fn on the migrated database, closed after.
func withDB(ctx context.Context, fs *flag.FlagSet, dbURL *string, args []string, fn func(db *store.DB) error) error {
	if err := config.Parse(fs, args); err != nil {
		return err
	}
	db, err := openMigrated(ctx, *dbURL)
	if err != nil {
		return err
	}
	defer db.Close()
	return fn(db)
}

func migrate(ctx context.Context, args []string) error {
	fs := flag.NewFlagSet("migrate", flag.ContinueOnError)
	dbURL := config.DBFlag(fs)
	fs.Usage = config.Usage(fs, "backoffice migrate [--db URL]")
	return withDB(ctx, fs, dbURL, args, func(db *store.DB) error {
		v, err := db.MigrationVersion(ctx)
		if err != nil {
			return err
		}
		fmt.Printf("database is at migration %d\n", v)
		return nil
	})
}

func seed(ctx context.Context, args []string) error {
	fs := flag.NewFlagSet("seed", flag.ContinueOnError)
	dbURL := config.DBFlag(fs)
	keyFile := config.SecretsKeyFlag(fs)
	users := fs.Int("users", 1000, "customers to generate")
	txs := fs.Int("transactions", 50000, "transactions to generate")
	days := fs.Int("days", 90, "the days the transactions span, up to now")
	seedN := fs.Int64("seed", 1, "random seed: the same seed makes the same data")
	fs.Usage = config.Usage(fs, "backoffice seed [--db URL] [--users N] [--transactions N] [--days N] [--seed N]")
	return withSecrets(ctx, fs, dbURL, keyFile, args, func(db *store.DB, box *secrets.Box) error {
		if *users < 0 || *txs < 0 || *days < 1 {
			return errors.New("--users and --transactions must not be negative, --days must be positive")
		}
		start := time.Now()
		if err := demo.Generate(ctx, db, demo.Options{Users: *users, Transactions: *txs, Days: *days, Seed: *seedN, Secrets: box}); err != nil {
			return err
		}
		fmt.Printf("seeded %d users and %d transactions in %.1fs\n", *users, *txs, time.Since(start).Seconds())
		// The closed days' sums, stored now so that a server's first start reads them (internal/daytotals).
		start = time.Now()
		kept := daytotals.New(db, nil)
		if err := ledger.New(db, nil, kept).Warm(ctx); err != nil {
			return err
		}
		if err := stats.New(db, nil, kept).Warm(ctx); err != nil {
			return err
		}
		fmt.Printf("summed the closed days in %.1fs\n", time.Since(start).Seconds())
		// What a server's retention would delete at its start (ended sessions
		// older than the default period), deleted now: a first start serves
		// rather than prunes a seeded history (internal/retention).
		pruner, err := retention.New(db, retention.DefaultDays, nil)
		if err != nil {
			return err
		}
		counts, err := pruner.Prune(ctx)
		if err != nil {
			return err
		}
		var pruned int64
		for _, n := range counts {
			pruned += n
		}
		fmt.Printf("pruned %d rows older than %d days, as a server would\n", pruned, retention.DefaultDays)
		return db.Vacuum(ctx)
	})
}

func adminCreate(ctx context.Context, args []string) error {
	fs := flag.NewFlagSet("admin create", flag.ContinueOnError)
	dbURL := config.DBFlag(fs)
	username := fs.String("username", "", "sign-in name (required)")
	email := fs.String("email", "", "email address (required)")
	password := fs.String("password", "", "password, 8 characters or more (required)")
	fullName := fs.String("full-name", "", "full name (defaults to the username)")
	keyFile := config.SecretsKeyFlag(fs)
	fs.Usage = config.Usage(fs, "backoffice admin create --username U --email E --password P [--db URL] [--secrets-key-file PATH]")
	return withSecrets(ctx, fs, dbURL, keyFile, args, func(db *store.DB, _ *secrets.Box) error {
		id, err := accounts.New(db, nil).CreateAdministrator(ctx, accounts.NewStaff{
			Username: *username, Email: *email, Password: *password, FullName: *fullName})
		if err != nil {
			return err
		}
		fmt.Fprintln(os.Stderr, "created staff member", *username, "with the Administrator role; Google Authenticator is set up at first sign-in")
		fmt.Println(id)
		return nil
	})
}

// adminToken prints a full session token for a staff member: for load
// tests and scripts. Whoever can run it already holds the database. The
// session starts stepped up, as a sign-in's does, unless --stepped-up=false
// (a script that must not make sensitive calls, a test of the step-up).
func adminToken(ctx context.Context, args []string) error {
	fs := flag.NewFlagSet("admin token", flag.ContinueOnError)
	dbURL := config.DBFlag(fs)
	keyFile := config.SecretsKeyFlag(fs)
	username := fs.String("username", "", "staff member's username (required)")
	steppedUp := fs.Bool("stepped-up", true,
		"the session starts stepped up, as after a sign-in (false: its sensitive calls need POST /api/user/step-up first)")
	fs.Usage = config.Usage(fs, "backoffice admin token --username U [--stepped-up=false] [--db URL]")
	return withSecrets(ctx, fs, dbURL, keyFile, args, func(db *store.DB, box *secrets.Box) error {
		var id int64
		if err := db.QueryRowContext(ctx, `SELECT id FROM users WHERE lower(username) = lower($1) AND is_admin = TRUE AND enabled = TRUE`,
			*username).Scan(&id); err != nil {
			return fmt.Errorf("no enabled staff member %q: %w", *username, err)
		}
		svc, err := auth.New(ctx, db, auth.Options{Secrets: box})
		if err != nil {
			return err
		}
		token, err := svc.IssueToolSession(ctx, id, "backoffice admin token", *steppedUp)
		if err != nil {
			return err
		}
		fmt.Println(token)
		return nil
	})
}

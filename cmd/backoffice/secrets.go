package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"os"

	"xapa/backoffice/internal/config"
	"xapa/backoffice/internal/secrets"
	"xapa/backoffice/internal/store"
)

// secretsInit makes a new key file: the first step of a PostgreSQL set-up.
func secretsInit(_ context.Context, args []string) error {
	fs := flag.NewFlagSet("secrets init", flag.ContinueOnError)
	keyFile := config.SecretsKeyFlag(fs)
	fs.Usage = config.Usage(fs, "backoffice secrets init --secrets-key-file PATH")
	if err := config.Parse(fs, args); err != nil {
		return err
	}
	if *keyFile == "" {
		return errors.New("--secrets-key-file is required")
	}
	err := secrets.WriteKeyFile(*keyFile, secrets.NewKeyFile(), false)
	if errors.Is(err, os.ErrExist) {
		added, err := secrets.AddAuditKey(*keyFile)
		if err != nil || !added {
			return errors.Join(err, fmt.Errorf("%s exists: a new key would not open what the old one sealed", *keyFile))
		}
		fmt.Fprintf(os.Stderr, "added an audit key to %s, keeping its keys: give every server the new file\n", *keyFile)
		return nil
	}
	if err != nil {
		return err
	}
	box, err := secrets.Load(*keyFile)
	if err != nil {
		return err
	}
	fmt.Fprintf(os.Stderr, "made %s with key %s (mode 0600): give every server this file, and keep it out of the database's backups\n",
		*keyFile, box.CurrentID())
	return nil
}

// secretsRotate seals every secret with a new key (secrets.Rotate).
func secretsRotate(ctx context.Context, args []string) error {
	return secretsKeyCommand(ctx, "rotate", args, secrets.Rotate, func(r secrets.Rotation, path string) {
		fmt.Printf("new key %s first in %s; %d secrets sealed with it\n", r.NewKey, path, r.Resealed)
		fmt.Println("The older keys stay in the file: servers that have not read it yet (each does within a second of sealing) " +
			"may still seal with them. Once every server has the new file, run: backoffice secrets retire")
	})
}

// secretsRetire drops the older keys (secrets.Retire).
func secretsRetire(ctx context.Context, args []string) error {
	return secretsKeyCommand(ctx, "retire", args, secrets.Retire, func(r secrets.Rotation, path string) {
		fmt.Printf("%d secrets sealed again with key %s; keys dropped from %s: %v\n", r.Resealed, r.NewKey, path, r.Retired)
	})
}

func secretsKeyCommand(ctx context.Context, name string, args []string,
	do func(context.Context, *store.DB, string) (secrets.Rotation, error), report func(secrets.Rotation, string)) error {
	fs := flag.NewFlagSet("secrets "+name, flag.ContinueOnError)
	dbURL := config.DBFlag(fs)
	keyFile := config.SecretsKeyFlag(fs)
	fs.Usage = config.Usage(fs, "backoffice secrets "+name+" [--db URL] [--secrets-key-file PATH]")
	return withDB(ctx, fs, dbURL, args, func(db *store.DB) error {
		path, err := keyFilePath(db, *dbURL, *keyFile)
		if err != nil {
			return err
		}
		r, err := do(ctx, db, path)
		if err != nil {
			return err
		}
		report(r, path)
		return nil
	})
}

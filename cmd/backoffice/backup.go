package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"os"
	"strings"

	"xapa/backoffice/internal/config"
	"xapa/backoffice/internal/store"
)

// backup writes an online, consistent copy of an embedded SQLite database
// (store.BackupTo) while the server runs.
func backup(ctx context.Context, args []string) error {
	fs := flag.NewFlagSet("backup", flag.ContinueOnError)
	dbURL := config.DBFlag(fs)
	to := fs.String("to", "", "the file to write (must not exist)")
	fs.Usage = config.Usage(fs, "backoffice backup [--db sqlite:PATH] --to FILE")
	if err := config.Parse(fs, args); err != nil {
		return err
	}
	if *to == "" {
		return errors.New("--to is required")
	}
	db, err := store.Open(ctx, *dbURL)
	if err != nil {
		return err
	}
	defer db.Close()
	if err := db.BackupTo(ctx, *to); err != nil {
		return err
	}
	fmt.Fprintf(os.Stderr, "backed up %s to %s. Keep the secrets key file (%s.key unless --secrets-key-file says otherwise) "+
		"apart from it: without the key the copy's second factors and mail cannot be read, and with it anyone can.\n",
		*dbURL, *to, strings.TrimPrefix(*dbURL, "sqlite:"))
	return nil
}

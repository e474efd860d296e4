package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"

	"xapa/backoffice/internal/audit"
	"xapa/backoffice/internal/config"
	"xapa/backoffice/internal/store"
)

const auditUsage = `usage: backoffice audit <command> [flags]

commands:
  verify   check the audit log's hash chain: exit 0 when every entry matches, 1 naming the first that does not

"backoffice audit <command> --help" lists each command's flags.
`

// errAuditBroken ends "audit verify" on a chain that does not match: exit status 1.
var errAuditBroken = errors.New("the audit trail does not verify")

// auditVerify checks the audit log's chain. It only reads: the database is
// not migrated, so a role that may only read can run it.
func auditVerify(ctx context.Context, args []string) error {
	fs := flag.NewFlagSet("audit verify", flag.ContinueOnError)
	dbURL := config.DBFlag(fs)
	fs.Usage = config.Usage(fs, "backoffice audit verify [--db URL]")
	if err := config.Parse(fs, args); err != nil {
		return err
	}
	db, err := openDB(ctx, *dbURL, false, 0)
	if err != nil {
		return err
	}
	defer db.Close()
	if migrated, err := db.Migrated(ctx); err != nil || !migrated {
		return errNotMigrated
	}
	return reportAudit(ctx, db, os.Stdout)
}

// errNotMigrated refuses to verify a database this binary has not migrated:
// its audit log may have no chain yet, or no table at all.
var errNotMigrated = errors.New("the database is not migrated to this version: run backoffice migrate first")

// reportAudit verifies db's audit chain and says what it found on w.
func reportAudit(ctx context.Context, db *store.DB, w io.Writer) error {
	v, err := audit.Verify(ctx, db)
	if err != nil {
		return err
	}
	if v.Unchained > 0 {
		fmt.Fprintf(w, "%d entries from before the chain (no hash) were not verified\n", v.Unchained)
	}
	if v.BrokenAt != nil {
		fmt.Fprintf(w, "verified %d entries; entry #%d does not match: its content or its link to the entry before was changed\n",
			v.Verified, *v.BrokenAt)
		return fmt.Errorf("%w: broken at entry #%d", errAuditBroken, *v.BrokenAt)
	}
	fmt.Fprintf(w, "verified %d entries", v.Verified)
	if v.Head != "" {
		fmt.Fprintf(w, "; the newest hash is %s (kept elsewhere, it shows later whether newer entries were removed)", v.Head)
	}
	fmt.Fprintln(w)
	return nil
}

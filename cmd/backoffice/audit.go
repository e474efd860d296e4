package main

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"xapa/backoffice/internal/audit"
	"xapa/backoffice/internal/config"
	"xapa/backoffice/internal/secrets"
	"xapa/backoffice/internal/store"
)

const auditUsage = `usage: backoffice audit <command> [flags]

commands:
  verify       check the audit log's keyed chain (and, with --checkpoints FILE, that it holds every checkpoint kept there):
               exit 0 when everything holds, 1 naming what does not
  checkpoint   sign the newest entry now and print the checkpoint as one JSON line, to keep outside the database

"backoffice audit <command> --help" lists each command's flags.
`

// errAuditBroken ends "audit verify" on a chain that does not match: exit status 1.
var errAuditBroken = errors.New("the audit trail does not verify")

// auditVerify checks the audit log's chain. It only reads: the database is
// not migrated, so a role that may only read can run it.
func auditVerify(ctx context.Context, args []string) error {
	fs := flag.NewFlagSet("audit verify", flag.ContinueOnError)
	dbURL := config.DBFlag(fs)
	keyFile := config.SecretsKeyFlag(fs)
	checkpoints := fs.String("checkpoints", "", "a file of checkpoints kept outside the database, one JSON line each "+
		"(as audit checkpoint prints them or the audit stream carries them): the log must still hold each")
	fs.Usage = config.Usage(fs, "backoffice audit verify [--db URL] [--secrets-key-file PATH] [--checkpoints FILE]")
	return withAuditKey(ctx, fs, dbURL, keyFile, args, func(db *store.DB) error {
		var kept []audit.Checkpoint
		if *checkpoints != "" {
			var err error
			if kept, err = readCheckpoints(*checkpoints); err != nil {
				return err
			}
		}
		return reportAudit(ctx, db, kept, os.Stdout)
	})
}

// auditCheckpoint signs a checkpoint of the newest entry and prints it.
func auditCheckpoint(ctx context.Context, args []string) error {
	fs := flag.NewFlagSet("audit checkpoint", flag.ContinueOnError)
	dbURL := config.DBFlag(fs)
	keyFile := config.SecretsKeyFlag(fs)
	fs.Usage = config.Usage(fs, "backoffice audit checkpoint [--db URL] [--secrets-key-file PATH] >> checkpoints.jsonl")
	return withAuditKey(ctx, fs, dbURL, keyFile, args, func(db *store.DB) error {
		if _, _, err := audit.SignCheckpoint(ctx, db, store.Now()); err != nil {
			return err
		}
		c, ok, err := audit.NewestCheckpoint(ctx, db)
		if err != nil || !ok {
			return errors.Join(err, errors.New("the audit log holds no entry to sign"))
		}
		return json.NewEncoder(os.Stdout).Encode(c)
	})
}

// withAuditKey parses an audit command's flags and runs fn on the migrated
// database opened with the audit key of its key file, closed after.
func withAuditKey(ctx context.Context, fs *flag.FlagSet, dbURL, keyFile *string, args []string, fn func(db *store.DB) error) error {
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
	path, err := keyFilePath(db, *dbURL, *keyFile)
	if err != nil {
		return err
	}
	box, err := secrets.Load(path)
	if err != nil {
		return err
	}
	if db.AuditKey = box.AuditKey(); db.AuditKey == nil {
		return fmt.Errorf("%s holds no audit key", path)
	}
	return fn(db)
}

// errNotMigrated refuses to verify a database this binary has not migrated:
// its audit log may have no chain yet, or no table at all.
var errNotMigrated = errors.New("the database is not migrated to this version: run backoffice migrate first")

// readCheckpoints reads a file of checkpoints, one JSON object a line; a
// line that is not one, such as an audit stream's whole entry, is taken for
// the checkpoint its "details" hold when its action is audit.checkpoint.
func readCheckpoints(path string) ([]audit.Checkpoint, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var out []audit.Checkpoint
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" {
			continue
		}
		c, err := parseCheckpoint([]byte(line))
		if err != nil {
			return nil, fmt.Errorf("%s, line %d: not a checkpoint", path, n)
		}
		out = append(out, c)
	}
	return out, sc.Err()
}

// parseCheckpoint reads a checkpoint, or an audit stream's entry of one.
func parseCheckpoint(line []byte) (audit.Checkpoint, error) {
	var c audit.Checkpoint
	var entry struct {
		Action  string          `json:"action"`
		Details json.RawMessage `json:"details"`
	}
	if err := json.Unmarshal(line, &entry); err == nil && entry.Action == audit.ActionCheckpoint {
		line = entry.Details
	}
	if err := json.Unmarshal(line, &c); err != nil || c.Signature == "" {
		return c, errors.Join(err, errors.New("not a checkpoint"))
	}
	return c, nil
}

// reportAudit verifies db's audit chain, and that it holds every checkpoint
// of kept, and says what it found on w.
func reportAudit(ctx context.Context, db *store.DB, kept []audit.Checkpoint, w io.Writer) error {
	v, err := audit.Verify(ctx, db)
	if err != nil {
		return err
	}
	bad, err := audit.CheckCheckpoints(ctx, db, v, kept)
	if err != nil {
		return err
	}
	if v.Unchained > 0 {
		fmt.Fprintf(w, "%d entries from before the chain (no hash) were not verified\n", v.Unchained)
	}
	if v.Unkeyed > 0 {
		fmt.Fprintf(w, "%d entries carry the unkeyed hash of an older version: only a checkpoint kept outside proves them\n", v.Unkeyed)
	}
	for _, b := range bad {
		fmt.Fprintf(w, "checkpoint of entry #%d signed %s does not hold: %s\n", b.Checkpoint.EntryID, b.Checkpoint.SignedAt, b.Reason)
	}
	switch {
	case v.Unsealed:
		fmt.Fprintf(w, "verified %d entries; the newest, #%d, is not keyed: the log was rewritten or cut back, "+
			"or no server of this version has written to it yet\n", v.Verified, *v.BrokenAt)
		return fmt.Errorf("%w: the newest entry #%d is not keyed", errAuditBroken, *v.BrokenAt)
	case v.BrokenAt != nil:
		fmt.Fprintf(w, "verified %d entries; entry #%d does not match: its content or its link to the entry before was changed\n",
			v.Verified, *v.BrokenAt)
		return fmt.Errorf("%w: broken at entry #%d", errAuditBroken, *v.BrokenAt)
	case len(bad) > 0:
		return fmt.Errorf("%w: %d of %d checkpoints do not hold", errAuditBroken, len(bad), len(kept))
	}
	fmt.Fprintf(w, "verified %d entries", v.Verified)
	if len(kept) > 0 {
		fmt.Fprintf(w, " and %d checkpoints", len(kept))
	}
	if v.Head != "" {
		fmt.Fprintf(w, "; the newest hash is %s", v.Head)
	}
	fmt.Fprintln(w)
	return nil
}

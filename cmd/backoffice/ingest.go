package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"xapa/backoffice/internal/audit"
	"xapa/backoffice/internal/config"
	"xapa/backoffice/internal/ingest"
	"xapa/backoffice/internal/secrets"
	"xapa/backoffice/internal/store"
)

// maxEventLine is the longest line import reads: one event, as the HTTP way
// in allows 4 MiB for up to 1,000 of them.
const maxEventLine = 1 << 20

// importEvents applies a file of CloudEvents, one per line, through the one
// apply path (internal/ingest), a batch at a time: for backfills.
func importEvents(ctx context.Context, args []string) error {
	fs := flag.NewFlagSet("import", flag.ContinueOnError)
	dbURL := config.DBFlag(fs)
	file := fs.String("file", "", "the events, one CloudEvent (JSON) per line; - for standard input")
	source := fs.String("source", "", "refuse every event whose source is not this one")
	fs.Usage = config.Usage(fs, "backoffice import --file F [--source NAME] [--db URL]")
	if err := config.Parse(fs, args); err != nil {
		return err
	}
	if *file == "" {
		fs.Usage()
		return errUsage
	}
	in := io.Reader(os.Stdin)
	if *file != "-" {
		f, err := os.Open(*file)
		if err != nil {
			return err
		}
		defer f.Close()
		in = f
	}
	db, err := openDB(ctx, *dbURL, true, 0)
	if err != nil {
		return err
	}
	defer db.Close()
	a, err := ingest.New(db, nil)
	if err != nil {
		return err
	}
	a.CacheKiB(importCacheKiB)
	counts, err := importLines(ctx, a, *source, in)
	fmt.Printf("applied %d, duplicate %d, stale %d, held %d, rejected %d\n", counts[ingest.Applied],
		counts[ingest.Duplicate], counts[ingest.Stale], counts[ingest.Held], counts[ingest.Rejected])
	return err
}

// importBatch is how many events of a file one transaction applies: ten
// times the HTTP batch, as a backfill's commits (and SQLite's checkpoints
// after them) cost a third of its time at a thousand.
const importBatch = 10 * ingest.MaxBatch

// importCacheKiB is the page cache of import's batches on SQLite: what a
// batch of importBatch events changes.
const importCacheKiB = 64 << 10

// importLines applies the events of in, importBatch at a time, and
// counts each status. The next batch is read and checked while the last
// applies. A line too long to be an event is an error: the batches before
// it are applied, the rest is not read.
func importLines(ctx context.Context, a *ingest.Applier, source string, in io.Reader) (map[string]int, error) {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	batches := make(chan *ingest.Prepared, 1)
	var readErr error
	go func() {
		defer close(batches)
		readErr = readBatches(ctx, a, in, batches)
	}()
	counts := map[string]int{}
	for p := range batches {
		results, err := a.ApplyPrepared(ctx, source, p)
		for _, r := range results {
			counts[r.Status]++
		}
		if err != nil {
			cancel()
			for range batches { // let the reader stop
			}
			return counts, err
		}
	}
	return counts, readErr
}

// readBatches sends in's events to out, prepared, importBatch at a time,
// until in ends or ctx does.
func readBatches(ctx context.Context, a *ingest.Applier, in io.Reader, out chan<- *ingest.Prepared) error {
	send := func(batch []json.RawMessage) bool {
		if len(batch) == 0 {
			return true
		}
		select {
		case out <- a.Prepare(batch):
			return true
		case <-ctx.Done():
			return false
		}
	}
	sc := bufio.NewScanner(in)
	sc.Buffer(make([]byte, 64*1024), maxEventLine)
	var batch []json.RawMessage
	line := 0
	for sc.Scan() {
		line++
		text := bytes.TrimSpace(sc.Bytes())
		if len(text) == 0 {
			continue
		}
		batch = append(batch, json.RawMessage(bytes.Clone(text)))
		if len(batch) == importBatch {
			if !send(batch) {
				return nil
			}
			batch = nil
		}
	}
	if err := sc.Err(); err != nil {
		return fmt.Errorf("line %d: %w", line+1, err)
	}
	send(batch)
	return nil
}

const ingestKeyUsage = `usage: backoffice ingest key <command> [flags]

commands:
  create --source NAME   make a key for the core's source NAME: prints its id and its secret, once
  list                   list the keys (never their secrets)
  revoke ID              revoke a key: it opens nothing from then on

The secret is derived from the secrets key file: run these with the server's --secrets-key-file.
`

// ingestKey makes, lists or revokes the ingest keys the HTTP way in checks
// (internal/ingest.Keys).
func ingestKey(ctx context.Context, args []string) error {
	if len(args) == 0 || isHelp(args[0]) {
		fmt.Print(ingestKeyUsage)
		if len(args) == 0 {
			return errUsage
		}
		return nil
	}
	verb, rest := args[0], args[1:]
	fs := flag.NewFlagSet("ingest key "+verb, flag.ContinueOnError)
	dbURL := config.DBFlag(fs)
	keyFile := config.SecretsKeyFlag(fs)
	actor := audit.Actor{Email: "backoffice ingest key (command line)"}
	switch verb {
	case "create":
		source := fs.String("source", "", "the source (CloudEvents source) the key speaks for")
		fs.Usage = config.Usage(fs, "backoffice ingest key create --source NAME [--db URL] [--secrets-key-file PATH]")
		return withSecrets(ctx, fs, dbURL, keyFile, rest, func(db *store.DB, _ *secrets.Box) error {
			id, secret, err := ingest.NewKeys(db, nil).Create(ctx, actor, *source)
			if err != nil {
				return err
			}
			fmt.Printf("key id: %s\nsecret: %s\n(the secret is shown only now: give it to the core)\n", id, secret)
			return nil
		})
	case "list":
		fs.Usage = config.Usage(fs, "backoffice ingest key list [--db URL]")
		return withDB(ctx, fs, dbURL, rest, func(db *store.DB) error {
			keys, err := ingest.NewKeys(db, nil).List(ctx)
			if err != nil {
				return err
			}
			for _, k := range keys {
				state := "active"
				if k.RevokedAt != nil {
					state = "revoked " + *k.RevokedAt
				}
				fmt.Printf("%s\t%s\tcreated %s\t%s\n", k.ID, k.Source, k.CreatedAt, state)
			}
			return nil
		})
	case "revoke":
		fs.Usage = config.Usage(fs, "backoffice ingest key revoke ID [--db URL] [--secrets-key-file PATH]")
		if len(rest) == 0 || strings.HasPrefix(rest[0], "-") {
			fs.Usage()
			return errUsage
		}
		id := rest[0]
		return withSecrets(ctx, fs, dbURL, keyFile, rest[1:], func(db *store.DB, _ *secrets.Box) error {
			if err := ingest.NewKeys(db, nil).Revoke(ctx, actor, id); err != nil {
				return err
			}
			fmt.Printf("revoked %s\n", id)
			return nil
		})
	}
	fmt.Fprint(os.Stderr, ingestKeyUsage)
	return fmt.Errorf("unknown command %q", "ingest key "+verb)
}

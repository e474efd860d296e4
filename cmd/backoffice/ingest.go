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

	"xapa/backoffice/internal/config"
	"xapa/backoffice/internal/ingest"
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
	counts, err := importLines(ctx, a, *source, in)
	fmt.Printf("applied %d, duplicate %d, stale %d, held %d, rejected %d\n", counts[ingest.Applied],
		counts[ingest.Duplicate], counts[ingest.Stale], counts[ingest.Held], counts[ingest.Rejected])
	return err
}

// importLines applies the events of in, ingest.MaxBatch at a time, and
// counts each status. A line too long to be an event is an error: the
// batches before it are applied, the rest is not read.
func importLines(ctx context.Context, a *ingest.Applier, source string, in io.Reader) (map[string]int, error) {
	counts := map[string]int{}
	flush := func(batch []json.RawMessage) error {
		if len(batch) == 0 {
			return nil
		}
		results, err := a.ApplyFrom(ctx, source, batch)
		for _, r := range results {
			counts[r.Status]++
		}
		return err
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
		if len(batch) == ingest.MaxBatch {
			if err := flush(batch); err != nil {
				return counts, err
			}
			batch = batch[:0]
		}
	}
	if err := sc.Err(); err != nil {
		return counts, fmt.Errorf("line %d: %w", line+1, err)
	}
	return counts, flush(batch)
}

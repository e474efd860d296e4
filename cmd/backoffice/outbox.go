package main

import (
	"context"
	"flag"
	"fmt"
	"time"

	"xapa/backoffice/internal/config"
	"xapa/backoffice/internal/store"
)

// outbox prints the newest mails of the outbox table: with no SMTP server
// configured, that is where reset links and verification mails are.
func outbox(ctx context.Context, args []string) error {
	fs := flag.NewFlagSet("outbox", flag.ContinueOnError)
	dbURL := config.DBFlag(fs)
	limit := fs.Int("limit", 5, "how many mails, newest first")
	fs.Usage = config.Usage(fs, "backoffice outbox [--db URL] [--limit N]")
	return withDB(ctx, fs, dbURL, args, func(db *store.DB) error {
		rows, err := db.QueryContext(ctx, `SELECT to_address, subject, body, created_at FROM outbox ORDER BY id DESC LIMIT $1`, *limit)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var to, subject, body string
			var at time.Time
			if err := rows.Scan(&to, &subject, &body, &at); err != nil {
				return err
			}
			fmt.Printf("To: %s\nDate: %s\nSubject: %s\n\n%s\n----\n", to, at.UTC().Format(time.RFC3339), subject, body)
		}
		return rows.Err()
	})
}

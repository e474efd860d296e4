package main

import (
	"context"
	"flag"
	"fmt"
	"time"

	"xapa/backoffice/internal/config"
	"xapa/backoffice/internal/mail"
	"xapa/backoffice/internal/secrets"
	"xapa/backoffice/internal/store"
)

// outbox prints the newest mails of the outbox table: with no SMTP server
// configured, that is where reset links and verification mails are.
func outbox(ctx context.Context, args []string) error {
	fs := flag.NewFlagSet("outbox", flag.ContinueOnError)
	dbURL := config.DBFlag(fs)
	keyFile := config.SecretsKeyFlag(fs)
	limit := fs.Int("limit", 5, "how many mails, newest first")
	fs.Usage = config.Usage(fs, "backoffice outbox [--db URL] [--limit N]")
	return withSecrets(ctx, fs, dbURL, keyFile, args, func(db *store.DB, box *secrets.Box) error {
		mails, err := mail.Newest(ctx, db, box, "", *limit)
		if err != nil {
			return err
		}
		for _, m := range mails {
			fmt.Printf("To: %s\nDate: %s\nSubject: %s\nStatus: %s (%d attempts)\n\n%s\n----\n",
				m.To, m.CreatedAt.UTC().Format(time.RFC3339), m.Subject, m.Status, m.Attempts, m.Body)
		}
		return nil
	})
}

package ledger_test

import (
	"context"
	"testing"
	"time"

	"xapa/backoffice/internal/demo"
	"xapa/backoffice/internal/ledger"
	"xapa/backoffice/internal/secrets"
	"xapa/backoffice/internal/store"
	"xapa/backoffice/internal/store/storetest"
)

// The CSV export writes the stored text of each amount; it must be the very
// digits the JSON replies give (the decimal's shortest form).
func TestAmountTextIsTheDecimal(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		now := time.Date(2026, 11, 22, 15, 30, 0, 0, time.UTC)
		if err := demo.Generate(ctx, db, demo.Options{Secrets: secrets.Ephemeral(), Users: 20, Transactions: 500, Seed: 4, Now: now}); err != nil {
			t.Fatal(err)
		}
		list, _, err := ledger.New(db, func() time.Time { return now }, nil).Page(ctx, ledger.Filter{}, 500, 0)
		if err != nil || len(list) < 400 {
			t.Fatalf("%d rows, %v", len(list), err)
		}
		for _, tx := range list {
			for text, d := range map[string]string{tx.Text.Amount: tx.Amount.String(), tx.Text.NetworkFee: tx.NetworkFee.String(),
				tx.Text.Commission: tx.Commission.String(), tx.Text.Fee: tx.Fee.String()} {
				if text != d {
					t.Fatalf("transaction %d: stored text %q, decimal %q", tx.ID, text, d)
				}
			}
		}
	})
}

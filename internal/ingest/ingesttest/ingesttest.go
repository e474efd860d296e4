// Package ingesttest makes a core's events for the tests of the ways in.
package ingesttest

import (
	"fmt"
	"time"

	"xapa/backoffice/internal/ingest"
	"xapa/backoffice/internal/ledger"
)

// At is the time of every event Deposits makes.
var At = time.Date(2026, 11, 20, 9, 0, 0, 0, time.UTC)

// Deposits is what a core of source "core" sends for customers, each with a
// BTC wallet, and deposits spread over them that move from pending to
// confirmed in three versions: 1 + 2×customers + 3×deposits events, in order.
func Deposits(customers, deposits int) [][]byte {
	out := [][]byte{event("chain", ingest.Chain{Symbol: "BTC", Name: "Bitcoin", Decimals: 8, MaxConfirmation: 3, Version: 1})}
	for c := range customers {
		id := fmt.Sprint("c", c)
		out = append(out,
			event("cust-"+id, ingest.Customer{ID: id, Email: id + "@example.com", FullName: id, Enabled: true,
				EmailVerified: true, InvitationCode: "I" + id, CreatedAt: At, Version: 1}),
			event("wal-"+id, ingest.Wallet{ID: "w" + id, CustomerID: id, Coin: "BTC", Network: "main", Name: "BTC",
				Balance: "1", Addresses: []ingest.Address{}, CreatedAt: At, Version: 1}))
	}
	for d := range deposits {
		c := fmt.Sprint("c", d%customers)
		for v, step := range []struct {
			status string
			conf   int
		}{{"pending", 0}, {"pending", 1}, {"confirmed", 3}} {
			out = append(out, event(fmt.Sprintf("t%d-v%d", d, v+1), ingest.Transaction{ID: fmt.Sprint("t", d),
				CustomerID: c, WalletID: "w" + c, Coin: "BTC", Type: "received", Network: "main", Status: ledger.Status(step.status),
				Confirmations: step.conf, MaxConfirmation: 3, Amount: "0.00000001", NetworkFee: "0", Commission: "0",
				Fee: "0", Hash: fmt.Sprint("h", d), CreatedAt: At, Version: int64(v + 1)}))
		}
	}
	return out
}

func event(id string, data ingest.Data) []byte {
	raw, err := ingest.NewEvent("core", id, At, data)
	if err != nil {
		panic(err) // the types marshal
	}
	return raw
}

package ledger

import (
	"bytes"
	"encoding/json"
	"fmt"
	"testing"
)

// benchPage is a History page of 25 transactions as the API sends it: the
// amounts as the database gives them, before display.
func benchPage() []Transaction {
	page := make([]Transaction, 25)
	for i := range page {
		t := &page[i]
		t.ID = int64(999856 - i)
		t.User = UserRef{ID: int64(84704 + i), Email: fmt.Sprintf("tomas.mueller%d@example.com", 84703+i)}
		t.Text = Amounts{Amount: "53.749407", NetworkFee: "2.5", Commission: "0.107498", Fee: "2.607498"}
		t.Type, t.Network, t.Status = "sent", "main", "confirmed"
		t.Hash = fmt.Sprintf("0x63fb9fd23176ea99ecbf9c3ffd408992d65b8098a185e9d1d151967ff27b%04d", i)
		t.ExplorerURL = "https://etherscan.io/tx/" + t.Hash
		t.CreatedAt = "2026-11-25T02:59:56+00:00"
		t.Confirmations, t.MaxConfirmation = 12, 12
		t.ReceiverAddress = "0x99de18e6cf671d1324a06874d596ffb36c4aff53"
		t.CoinType = CoinRef{ID: 8, Name: "Ethereum", Symbol: "ETH", Icon: "/icons/eth.svg"}
		t.Wallet.ID, t.Wallet.Name = int64(213212+i), "Ethereum Wallet"
	}
	return page
}

// The Go work of one History page beyond its SQL, for bench/results.md:
// the display formats of its amounts, and the encoding of its reply.
//
//	go test -run '^$' -bench PageReply -benchmem ./internal/ledger
func BenchmarkPageReply(b *testing.B) {
	page := benchPage()
	b.Run("display", func(b *testing.B) {
		for b.Loop() {
			for i := range page {
				if err := page[i].display(); err != nil {
					b.Fatal(err)
				}
			}
		}
	})
	b.Run("encode", func(b *testing.B) {
		var buf bytes.Buffer
		reply := map[string]any{"transactionHistory": page, "page": 5, "items_per_page": 25, "total_items": 430543, "total_pages": 17222}
		for b.Loop() {
			buf.Reset()
			if err := json.NewEncoder(&buf).Encode(reply); err != nil {
				b.Fatal(err)
			}
		}
		b.ReportMetric(float64(buf.Len()), "bytes")
	})
}

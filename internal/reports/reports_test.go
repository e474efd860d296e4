package reports_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"xapa/backoffice/internal/csvout"
	"xapa/backoffice/internal/reports"
	"xapa/backoffice/internal/seedtest"
	"xapa/backoffice/internal/store"
	"xapa/backoffice/internal/store/storetest"
)

var now = time.Date(2026, 11, 20, 12, 0, 0, 0, time.UTC)

func ago(d time.Duration) *time.Time { t := now.Add(-d); return &t }

// ids runs a report and returns its count and the ids it gave, in order.
func ids[T any](t *testing.T, run func(each func(T) error) (int, error), id func(T) int64) string {
	t.Helper()
	var got []string
	total, err := run(func(r T) error { got = append(got, fmt.Sprint(id(r))); return nil })
	if err != nil {
		t.Fatal(err)
	}
	return fmt.Sprintf("%d: %s", total, strings.Join(got, " "))
}

func TestReports(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		l := seedtest.NewLedger(t, db, now)
		// Bonus 1: holder's for inviting evil, an hour ago; 2: evil's for being invited, 30 days ago; 3: holder's, 3 days ago.
		seedtest.Bonuses(t, db,
			seedtest.Bonus{User: l.Holder, Invited: l.Evil, Wallet: 1, Kind: "inviter", Amount: "0.1", USD: "10", At: *ago(time.Hour)},
			seedtest.Bonus{User: l.Evil, Invited: l.Evil, Wallet: 3, Kind: "invited", Amount: "0.05", USD: "5", At: *ago(30 * 24 * time.Hour)},
			seedtest.Bonus{User: l.Holder, Invited: l.Evil, Wallet: 1, Kind: "inviter", Amount: "0.123456789012345678", USD: "12.3456789",
				At: *ago(72 * time.Hour)})
		svc := reports.New(db)

		t.Run("bonuses", func(t *testing.T) {
			for _, c := range []struct {
				name          string
				f             reports.Filter
				limit, offset int
				want          string
			}{
				{"newest first", reports.Filter{}, 10, 0, "3: 1 3 2"},
				{"a page", reports.Filter{}, 2, 1, "3: 3 2"},
				{"by user email, any case", reports.Filter{User: " HOLDER "}, 10, 0, "2: 1 3"},
				{"a wildcard is a character", reports.Filter{User: "_"}, 10, 0, "0: "},
				{"an email's odd characters match", reports.Filter{User: "=cmd|"}, 10, 0, "1: 2"},
				{"since a week", reports.Filter{From: ago(7 * 24 * time.Hour)}, 10, 0, "2: 1 3"},
				{"up to and at its end", reports.Filter{To: ago(72 * time.Hour)}, 10, 0, "2: 3 2"},
				{"a range and a user", reports.Filter{From: ago(100 * 24 * time.Hour), To: ago(2 * time.Hour), User: "holder"}, 10, 0, "1: 3"},
				{"by amount, smallest first", reports.Filter{Order: store.Order{ByAmount: true, Asc: true}}, 10, 0, "3: 2 1 3"},
				{"oldest first", reports.Filter{Order: store.Order{Asc: true}}, 10, 0, "3: 2 3 1"},
				// Limit 0 (the CSV) gives every row newest first whatever the order, and no count.
				{"every row", reports.Filter{Order: store.Order{ByAmount: true}}, 0, 0, "-1: 1 3 2"},
			} {
				got := ids(t, func(each func(reports.BonusRow) error) (int, error) {
					return svc.Bonuses(ctx, c.f, c.limit, c.offset, each)
				}, func(b reports.BonusRow) int64 { return b.ID })
				if got != c.want {
					t.Errorf("%s: %q, want %q", c.name, got, c.want)
				}
			}
			var rows []reports.BonusRow
			if _, err := svc.Bonuses(ctx, reports.Filter{}, 10, 0, func(b reports.BonusRow) error { rows = append(rows, b); return nil }); err != nil {
				t.Fatal(err)
			}
			// Amounts come back exactly as stored, 18 decimals included.
			b := rows[1]
			if b.BonusAmount.String() != "0.123456789012345678" || b.UsdAmount.String() != "12.3456789" || b.Formatted != "0.123457" ||
				b.FormattedUS != "12.35" || b.User.ID != l.Holder || b.InvitedUser.Email != "=cmd|calc@example.com" ||
				b.BonusWallet.CoinType.Symbol != "BTC" || b.Kind != "inviter" || b.CreatedAt != "2026-11-17T12:00:00+00:00" {
				t.Errorf("bonus row %+v", b)
			}
			// The CSV neutralises a cell a spreadsheet would run.
			if line := string(csvout.AppendRow(nil, reports.BonusColumns, rows[0])); line !=
				fmt.Sprintf("%d,holder@example.com,'=cmd|calc@example.com,0.1,BTC,10,inviter,2026-11-20T11:00:00+00:00", l.Holder) {
				t.Errorf("bonus CSV line %s", line)
			}
		})

		t.Run("exchanges", func(t *testing.T) {
			for _, c := range []struct {
				name          string
				f             reports.Filter
				limit, offset int
				want          string
			}{
				{"newest first", reports.Filter{}, 10, 0, "2: 1 2"},
				{"a page", reports.Filter{}, 1, 1, "2: 2"},
				{"nobody matches", reports.Filter{User: "nobody"}, 10, 0, "0: "},
				{"since yesterday", reports.Filter{From: ago(24 * time.Hour)}, 10, 0, "1: 1"},
				{"by amount sent, largest first", reports.Filter{Order: store.Order{ByAmount: true}}, 10, 0, "2: 2 1"},
				{"every row", reports.Filter{User: "HOLDER"}, 0, 0, "-1: 1 2"},
			} {
				got := ids(t, func(each func(reports.ExchangeRow) error) (int, error) {
					return svc.Exchanges(ctx, c.f, c.limit, c.offset, each)
				}, func(e reports.ExchangeRow) int64 { return e.ID })
				if got != c.want {
					t.Errorf("%s: %q, want %q", c.name, got, c.want)
				}
			}
			var first reports.ExchangeRow
			if _, err := svc.Exchanges(ctx, reports.Filter{}, 1, 0, func(e reports.ExchangeRow) error { first = e; return nil }); err != nil {
				t.Fatal(err)
			}
			if first.FromWallet.CoinType.Symbol != "BTC" || first.ToWallet.CoinType.Symbol != "ETH" || first.FormatedRate != "10.000" ||
				first.FormatedFromAmount != "1.000000" || first.FormatedToAmount != "9.800000" || first.Fee.String() != "0.02" ||
				first.User.Email != "holder@example.com" {
				t.Errorf("exchange row %+v", first)
			}
			if line := string(csvout.AppendRow(nil, reports.ExchangeColumns, first)); line !=
				fmt.Sprintf("1,%d,holder@example.com,BTC,ETH,10,1,9.8,0.02,2026-11-20T11:59:00+00:00", l.Holder) {
				t.Errorf("exchange CSV line %s", line)
			}
		})

		// A reader that stops (a client gone) stops the report with its error, on a page and on every row.
		stop := errors.New("stop")
		for _, limit := range []int{10, 0} {
			n := 0
			_, err := svc.Bonuses(ctx, reports.Filter{}, limit, 0, func(reports.BonusRow) error { n++; return stop })
			if !errors.Is(err, stop) || n != 1 {
				t.Errorf("limit %d: %d rows read after the reader stopped, error %v", limit, n, err)
			}
		}
	})
}

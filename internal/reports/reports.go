// Package reports holds the bonus and exchange reports and the accounting
// figures: lists filtered by date range and user email, with CSV twins.
package reports

import (
	"context"
	"database/sql"
	"fmt"
	"strings"
	"time"

	"github.com/shopspring/decimal"

	"xapa/backoffice/internal/money"
	"xapa/backoffice/internal/store"
	"xapa/backoffice/internal/utc"
)

// Service serves the reports from the database.
type Service struct{ db *store.DB }

// New returns the service over db.
func New(db *store.DB) *Service { return &Service{db: db} }

// Filter is a report's date range and user-email filter (contains). Order
// orders a page; the CSV download is newest first whatever it says.
type Filter struct {
	From, To *time.Time
	User     string
	Order    store.Order
}

// where builds the condition on the report's table alias t and users u.
func (f Filter) where(d store.Dialect) (string, []any) {
	var conds []string
	var args []any
	if f.From != nil {
		args = append(args, f.From.UTC())
		conds = append(conds, fmt.Sprintf("t.created_at >= $%d", len(args)))
	}
	if f.To != nil {
		args = append(args, f.To.UTC())
		conds = append(conds, fmt.Sprintf("t.created_at <= $%d", len(args)))
	}
	if u := strings.TrimSpace(f.User); u != "" {
		args = append(args, store.LikePattern(u))
		conds = append(conds, fmt.Sprintf(`u.email %s $%d ESCAPE '\'`, d.ILike(), len(args)))
	}
	if len(conds) == 0 {
		return "", nil
	}
	return " WHERE " + strings.Join(conds, " AND "), args
}

// countFrom is what a report's total counts over: the table alone unless the
// filter names a user (every joined row exists: foreign keys, NOT NULL), so
// the count is an index range, not a join of every matching row.
func countFrom(table, joined string, f Filter) string {
	if strings.TrimSpace(f.User) != "" {
		return joined
	}
	return " FROM " + table + " t"
}

// UserRef names a user.
type UserRef struct {
	ID    int64  `json:"id"`
	Email string `json:"email"`
}

// BonusRow is one paid bonus.
type BonusRow struct {
	ID          int64           `json:"id"`
	User        UserRef         `json:"user"`
	InvitedUser UserRef         `json:"invited_user"`
	BonusAmount decimal.Decimal `json:"bonusAmount"`
	UsdAmount   decimal.Decimal `json:"usdAmount"`
	Formatted   string          `json:"formatedBonusAmount"`
	FormattedUS string          `json:"formatedUsdAmount"`
	Kind        string          `json:"kind" enum:"inviter,invited"`
	BonusWallet struct {
		CoinType struct {
			Symbol string `json:"symbol"`
		} `json:"coinType"`
	} `json:"bonusWallet"`
	CreatedAt string `json:"created_at"`
}

const bonusFrom = ` FROM bonuses t JOIN users u ON u.id = t.user_id JOIN users i ON i.id = t.invited_user_id
	JOIN coins c ON c.id = t.coin_id`

// Bonuses returns a page of bonuses in f.Order, and their count (limit
// 0: all of them, to each, in batches; the count is then -1).
func (s *Service) Bonuses(ctx context.Context, f Filter, limit, offset int, each func(BonusRow) error) (int, error) {
	return list(ctx, s.db, f, listOf{"bonuses", "t.usd_amount", bonusFrom, `SELECT t.id, u.id, u.email, i.id, i.email, t.amount, t.usd_amount,
		t.kind, c.symbol, t.created_at`}, limit, offset, scanBonus, each)
}

func scanBonus(rows *sql.Rows) (BonusRow, store.Cursor, error) {
	var b BonusRow
	var at time.Time
	err := rows.Scan(&b.ID, &b.User.ID, &b.User.Email, &b.InvitedUser.ID, &b.InvitedUser.Email, &b.BonusAmount,
		&b.UsdAmount, &b.Kind, &b.BonusWallet.CoinType.Symbol, &at)
	b.Formatted, b.FormattedUS, b.CreatedAt = money.Coin(b.BonusAmount), money.USD(b.UsdAmount), utc.Stamp(at)
	return b, store.Cursor{At: at, ID: b.ID}, err
}

// ExchangeRow is one exchange.
type ExchangeRow struct {
	ID                 int64           `json:"id"`
	User               UserRef         `json:"user"`
	FromWallet         walletCoin      `json:"fromWallet"`
	ToWallet           walletCoin      `json:"toWallet"`
	ExchangeRate       decimal.Decimal `json:"exchangeRate"`
	FormatedRate       string          `json:"formatedExchangeRate"`
	FromAmount         decimal.Decimal `json:"fromAmount"`
	ToAmount           decimal.Decimal `json:"toAmount"`
	Fee                decimal.Decimal `json:"fee"`
	FormatedFromAmount string          `json:"formatedFromAmount"`
	FormatedToAmount   string          `json:"formatedToAmount"`
	CreatedAt          string          `json:"created_at"`
}

type walletCoin struct {
	CoinType struct {
		Symbol string `json:"symbol"`
	} `json:"coinType"`
}

const exchangeFrom = ` FROM exchanges t JOIN users u ON u.id = t.user_id JOIN coins fc ON fc.id = t.from_coin_id
	JOIN coins tc ON tc.id = t.to_coin_id`

// Exchanges returns a page of exchanges in f.Order, and their count
// (limit 0: all of them, to each, in batches; the count is then -1).
func (s *Service) Exchanges(ctx context.Context, f Filter, limit, offset int, each func(ExchangeRow) error) (int, error) {
	return list(ctx, s.db, f, listOf{"exchanges", "t.from_amount", exchangeFrom, `SELECT t.id, u.id, u.email, fc.symbol, tc.symbol,
		t.exchange_rate, t.from_amount, t.to_amount, t.fee, t.created_at`}, limit, offset, scanExchange, each)
}

func scanExchange(rows *sql.Rows) (ExchangeRow, store.Cursor, error) {
	var e ExchangeRow
	var at time.Time
	err := rows.Scan(&e.ID, &e.User.ID, &e.User.Email, &e.FromWallet.CoinType.Symbol, &e.ToWallet.CoinType.Symbol,
		&e.ExchangeRate, &e.FromAmount, &e.ToAmount, &e.Fee, &at)
	e.FormatedRate, e.FormatedFromAmount, e.FormatedToAmount = money.Rate(e.ExchangeRate), money.Coin(e.FromAmount), money.Coin(e.ToAmount)
	e.CreatedAt = utc.Stamp(at)
	return e, store.Cursor{At: at, ID: e.ID}, err
}

// listOf is a report's table, the amount its page sorts by, its joins (from)
// and its columns (sel).
type listOf struct{ table, amount, from, sel string }

// list runs a report: a page and its count, or (limit 0) every row in
// batches that give their connection back between reads.
func list[T any](ctx context.Context, db *store.DB, f Filter, l listOf, limit, offset int,
	scan func(*sql.Rows) (T, store.Cursor, error), each func(T) error) (int, error) {
	cond, args := f.where(db.Dialect)
	q := store.Newest{Select: l.sel + l.from, Where: cond, Args: args, At: "t.created_at", ID: "t.id",
		PageOrder: db.Dialect.OrderBy(f.Order, "t.created_at", l.amount, "t.id")}
	if limit <= 0 {
		return -1, store.EachNewest(ctx, db, q, scan, each)
	}
	var total int
	if err := db.QueryRowContext(ctx, `SELECT count(*)`+countFrom(l.table, l.from, f)+cond, args...).Scan(&total); err != nil {
		return 0, err
	}
	return total, store.EachPage(ctx, db, q, limit, offset, scan, each)
}

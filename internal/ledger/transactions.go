// Package ledger reads transactions, coins and markets: the history screen,
// the dashboard's recent transactions and the CSV export share one filter.
package ledger

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"time"

	"github.com/shopspring/decimal"

	"xapa/backoffice/internal/apperr"
	"xapa/backoffice/internal/money"
	"xapa/backoffice/internal/store"
	"xapa/backoffice/internal/textutil"
	"xapa/backoffice/internal/utc"
)

// Filter selects transactions; zero fields do not filter. Order orders a
// page; the CSV download is newest first whatever it says.
type Filter struct {
	From, To *time.Time // created_at within [From, To]
	CoinID   int64
	Type     Type
	Network  Network
	UserID   int64
	Email    string // the customer's whole email, in any case
	Address  string // an address the transaction was sent to, or one of its wallet's
	Order    store.Order
}

// oneCustomer reports whether f keeps a few customers' rows, which an
// index on them counts faster than the kept per-day counts could.
func (f Filter) oneCustomer() bool {
	return f.UserID != 0 || f.Email != "" || f.Address != ""
}

// Validate refuses values outside the enumerations. (The date range is
// ordered where it is read.)
func (f Filter) Validate() error {
	if f.Type != "" && !slices.Contains(Types, f.Type) {
		return apperr.Fieldf("type", "type must be %s.", textutil.OrList(Types))
	}
	if f.Network != "" && !slices.Contains(Networks, f.Network) {
		return apperr.Fieldf("network", "network must be %s.", textutil.OrList(Networks))
	}
	return nil
}

// check refuses a filter with values outside the enumerations, or naming
// a coin or a user that does not exist.
func (s *Service) check(ctx context.Context, f Filter) error {
	if err := f.Validate(); err != nil {
		return err
	}
	if err := CoinKnown(ctx, s.db, "coinType", f.CoinID); err != nil {
		return err
	}
	if f.UserID == 0 {
		return nil
	}
	return UserKnown(ctx, s.db, f.UserID)
}

// UserKnown refuses a user id that names no user (404).
func UserKnown(ctx context.Context, db *store.DB, id int64) error {
	var ok bool
	if err := db.QueryRowContext(ctx, `SELECT EXISTS (SELECT 1 FROM users WHERE id = $1)`, id).Scan(&ok); err != nil {
		return err
	}
	if !ok {
		return &apperr.NotFound{What: "User"}
	}
	return nil
}

// CoinKnown refuses a coin id (given in field; 0: none) that names no coin.
func CoinKnown(ctx context.Context, db *store.DB, field string, id int64) error {
	if id == 0 {
		return nil
	}
	var ok bool
	if err := db.QueryRowContext(ctx, `SELECT EXISTS (SELECT 1 FROM coins WHERE id = $1)`, id).Scan(&ok); err != nil {
		return err
	}
	if !ok {
		return apperr.Fieldf(field, "%s names no coin.", field)
	}
	return nil
}

// where builds the condition and its arguments. Every combination is served
// by an index on (network[, coin_id | type], created_at), (user_id,
// created_at), or an address's index.
func (f Filter) where() (string, []any) {
	var conds []string
	var args []any
	add := func(cond string, v any) {
		args = append(args, v)
		conds = append(conds, fmt.Sprintf(cond, len(args)))
	}
	if f.Network != "" {
		add("t.network = $%d", string(f.Network))
	}
	if f.CoinID != 0 {
		add("t.coin_id = $%d", f.CoinID)
	}
	if f.Type != "" {
		add("t.type = $%d", string(f.Type))
	}
	if f.UserID != 0 {
		add("t.user_id = $%d", f.UserID)
	}
	if f.Email != "" {
		add("t.user_id = (SELECT id FROM users WHERE lower(email) = lower($%d))", f.Email)
	}
	if f.Address != "" {
		args = append(args, f.Address)
		// Two index lookups joined, not an OR, which PostgreSQL would check row by row along the date index.
		conds = append(conds, fmt.Sprintf("t.id IN (SELECT id FROM transactions WHERE receiver_address = $%[1]d UNION ALL "+
			"SELECT r.id FROM wallet_addresses a JOIN transactions r ON r.wallet_id = a.wallet_id WHERE a.address = $%[1]d)", len(args)))
	}
	if f.From != nil {
		add("t.created_at >= $%d", f.From.UTC())
	}
	if f.To != nil {
		add("t.created_at <= $%d", f.To.UTC())
	}
	if len(conds) == 0 {
		return "", nil
	}
	return " WHERE " + strings.Join(conds, " AND "), args
}

// CoinRef is the coin of a transaction or wallet; Decimals is its precision,
// which the screens show amounts to.
type CoinRef struct {
	ID       int64  `json:"id"`
	Name     string `json:"name"`
	Symbol   string `json:"symbol"`
	Icon     string `json:"icon"`
	Decimals int    `json:"decimals"`
}

// UserRef is the user of a transaction.
type UserRef struct {
	ID    int64  `json:"id"`
	Email string `json:"email"`
}

// Transaction is a transaction as the API shows it.
type Transaction struct {
	ID                  int64           `json:"id"`
	User                UserRef         `json:"user"`
	Amount              decimal.Decimal `json:"amount"`
	FormatedAmount      string          `json:"formatedAmount"`
	NetworkFee          decimal.Decimal `json:"networkFee"`
	FormattedNetworkFee string          `json:"formattedNetworkFee"`
	Commission          decimal.Decimal `json:"commission"`
	Fee                 decimal.Decimal `json:"fee"`
	FormatedFee         string          `json:"formatedFee"`
	Type                Type            `json:"type"`
	Network             Network         `json:"network"`
	Exchange            bool            `json:"exchange"`
	Hash                string          `json:"hash"`
	ExplorerURL         string          `json:"explorerUrl"`
	CreatedAt           string          `json:"created_at"`
	Confirmations       int             `json:"confirmations"`
	MaxConfirmation     int             `json:"maxConfirmation"`
	Status              Status          `json:"status"`
	DisplayStatus       DisplayStatus   `json:"displayStatus"`
	ReceiverAddress     string          `json:"receiverAddress"`
	CoinType            CoinRef         `json:"coinType"`
	Wallet              struct {
		ID   int64  `json:"id"`
		Name string `json:"name"`
	} `json:"wallet"`
	Text Amounts `json:"-"`
}

// txColumns lists a transaction's reply columns over txFrom (scan reads them).
func txColumns(d store.Dialect) string {
	return `t.id, t.user_id, u.email, ` + d.Money("t.amount") + `, ` + d.Money("t.network_fee") + `, ` +
		d.Money("t.commission") + `, ` + d.Money("t.fee") + `, t.type, t.network, t.is_exchange, t.hash, t.explorer_url,
	` + d.StoredTime("t.created_at") + `, t.confirmations, t.max_confirmation, t.status, t.receiver_address, c.id, c.name, c.symbol, c.icon,
	c.decimals, w.id, w.name`
}

const txFrom = ` FROM transactions t JOIN users u ON u.id = t.user_id JOIN coins c ON c.id = t.coin_id
	JOIN wallets w ON w.id = t.wallet_id`

// Page returns transactions in f.Order and the count matching f (checked
// first: check). The
// page's ids are found on the transactions index alone, then only their rows
// are read. Two statements, because PostgreSQL plans a statement with a range
// afresh on every call, and planning the whole page as one join took 0.5 ms,
// twice as long as running it; the ids alone plan in microseconds, and the
// rows by id keep one cached plan. The count runs meanwhile on a second
// connection: an exact total then costs the slower of the two, not both.
func (s *Service) Page(ctx context.Context, f Filter, limit, offset int) ([]Transaction, int, error) {
	if err := s.check(ctx, f); err != nil {
		return nil, 0, err
	}
	var total int
	var countErr error
	counted := make(chan struct{})
	go func() {
		defer close(counted)
		// Outside the handler's goroutine, the server's panic recovery does not reach.
		defer func() {
			if p := recover(); p != nil {
				countErr = fmt.Errorf("count transactions: panic: %v", p)
			}
		}()
		total, countErr = s.Count(ctx, f)
	}()
	list, err := s.page(ctx, f, limit, offset)
	<-counted
	if err := errors.Join(err, countErr); err != nil {
		return nil, 0, err
	}
	return list, total, nil
}

func (s *Service) page(ctx context.Context, f Filter, limit, offset int) ([]Transaction, error) {
	cond, args := f.where()
	order := s.db.Dialect.OrderBy(f.Order, "t.created_at", "t.amount", "t.id")
	rows, err := s.db.QueryFixed(ctx, `SELECT t.id FROM transactions t`+cond+
		fmt.Sprintf(` ORDER BY %s LIMIT $%d OFFSET $%d`, order, len(args)+1, len(args)+2),
		append(args, limit, offset)...)
	if err != nil {
		return nil, err
	}
	ids, err := store.ScanColumn[int64](rows)
	if err != nil || len(ids) == 0 {
		return []Transaction{}, err
	}
	list, idArgs := store.IDList(1, ids)
	return query(ctx, s.db, len(ids), `SELECT `+txColumns(s.db.Dialect)+txFrom+` WHERE t.id IN (`+list+`)
		ORDER BY `+order, idArgs...)
}

// MinHashPrefix is the shortest start of a hash ByHash searches by: fewer
// characters match too many transactions to be a search for one.
const MinHashPrefix = 8

// hashPrefix holds the characters a hash is written with (hex, "0x", the
// base58 of some chains): a prefix of them has a simple upper bound.
var hashPrefix = regexp.MustCompile(`^[0-9A-Za-z]+$`)

// ByHash finds the newest 20 transactions whose hash starts with hash (its
// first MinHashPrefix characters at least), as typed or in lower case: a hex
// hash is found however its letters were copied.
func (s *Service) ByHash(ctx context.Context, hash string) ([]Transaction, error) {
	hash = strings.TrimSpace(hash)
	if len(hash) < MinHashPrefix || len(hash) > 200 || !hashPrefix.MatchString(hash) {
		return nil, apperr.Fieldf("q", "Enter at least %d characters of a transaction hash (letters and digits).", MinHashPrefix)
	}
	col := s.db.Dialect.Bytewise("t.hash")
	lower := strings.ToLower(hash)
	return query(ctx, s.db, 20, `SELECT `+txColumns(s.db.Dialect)+txFrom+` WHERE (`+col+` >= $1 AND `+col+` < $2) OR (`+
		col+` >= $3 AND `+col+` < $4) ORDER BY t.created_at DESC, t.id DESC LIMIT 20`,
		hash, prefixEnd(hash), lower, prefixEnd(lower))
}

// prefixEnd is the first text after every text starting with p, for p of
// ASCII letters and digits: p with its last character one higher.
func prefixEnd(p string) string {
	return p[:len(p)-1] + string(p[len(p)-1]+1)
}

// query reads at most limit transactions (the page's size or the query's
// LIMIT), each scanned in place in the reply's slice.
func query(ctx context.Context, db *store.DB, limit int, q string, args ...any) ([]Transaction, error) {
	rows, err := db.QueryFixed(ctx, q, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := make([]Transaction, 0, limit)
	var row rowScanner
	for rows.Next() {
		out = append(out, Transaction{})
		t := &out[len(out)-1]
		if err := row.scan(rows, t); err != nil {
			return nil, err
		}
		if err := t.display(); err != nil {
			return nil, err
		}
	}
	return out, rows.Err()
}

// Amounts are a transaction's money columns as text, exactly as stored and in
// their shortest form (Dialect.Money): what the CSV export writes.
type Amounts struct{ Amount, NetworkFee, Commission, Fee string }

// txCells appends to dst where txColumns' cells go: t's fields, and created
// for the time (as Dialect.StoredTime reads it).
func txCells(dst []any, t *Transaction, created any) []any {
	return append(dst, &t.ID, &t.User.ID, &t.User.Email, &t.Text.Amount, &t.Text.NetworkFee, &t.Text.Commission, &t.Text.Fee,
		&t.Type, &t.Network, &t.Exchange, &t.Hash, &t.ExplorerURL, created, &t.Confirmations, &t.MaxConfirmation, &t.Status,
		&t.ReceiverAddress, &t.CoinType.ID, &t.CoinType.Name, &t.CoinType.Symbol, &t.CoinType.Icon, &t.CoinType.Decimals, &t.Wallet.ID, &t.Wallet.Name)
}

// rowScanner reads rows of txColumns, its scan targets' slice reused from
// row to row.
type rowScanner struct {
	cells   []any
	created any // a time.Time (PostgreSQL) or its stored text (SQLite)
}

// scan reads a row into t (its amounts stay text until display, its time
// made into its stamp).
func (s *rowScanner) scan(rows *sql.Rows, t *Transaction) (err error) {
	s.cells = txCells(s.cells[:0], t, &s.created)
	if err := rows.Scan(s.cells...); err != nil {
		return err
	}
	switch at := s.created.(type) {
	case time.Time:
		t.CreatedAt = utc.Stamp(at)
	case string:
		t.CreatedAt, err = storedStamp(at)
	default:
		err = fmt.Errorf("transaction %d: created_at is a %T", t.ID, at)
	}
	return err
}

// display fills t's decimal and display fields from its amounts' text and
// its state. The CSV export (a million rows) skips it: it writes the stored
// text, the same digits.
func (t *Transaction) display() error {
	for _, f := range [...]struct {
		text string
		dst  *decimal.Decimal
	}{{t.Text.Amount, &t.Amount}, {t.Text.NetworkFee, &t.NetworkFee}, {t.Text.Commission, &t.Commission}, {t.Text.Fee, &t.Fee}} {
		d, err := decimal.NewFromString(f.text)
		if err != nil {
			return fmt.Errorf("transaction %d: amount %q: %w", t.ID, f.text, err)
		}
		*f.dst = d
	}
	t.FormatedAmount, t.FormattedNetworkFee, t.FormatedFee = money.Coin(t.Amount), money.Coin(t.NetworkFee), money.Coin(t.Fee)
	t.DisplayStatus = displayStatus(t.Status, t.Confirmations, t.MaxConfirmation)
	return nil
}

// Package tokens manages tokens: coins living on a chain coin's blockchain,
// with their contracts, decimals and confirmation depth.
package tokens

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/shopspring/decimal"

	"xapa/backoffice/internal/apperr"
	"xapa/backoffice/internal/audit"
	"xapa/backoffice/internal/commands"
	"xapa/backoffice/internal/money"
	"xapa/backoffice/internal/store"
)

// Service serves tokens and the market blacklist from the database.
type Service struct{ db *store.DB }

// New returns the service over db.
func New(db *store.DB) *Service { return &Service{db: db} }

// Token is a token as the API shows it.
type Token struct {
	ID              int64           `json:"id"`
	Icon            string          `json:"icon"`
	Name            string          `json:"name"`
	Symbol          string          `json:"symbol"`
	Blockchain      string          `json:"blockchain"` // the chain coin's symbol
	BlockchainID    int64           `json:"blockchainId"`
	MaxConfirmation int             `json:"maxConfirmation"`
	MainContract    string          `json:"mainContract"`
	TestContract    string          `json:"testContract"`
	Decimals        int             `json:"decimals"`
	MinSpendable    decimal.Decimal `json:"minSpendable"`
	// Core is where the last change staff made to the token stands at the exchange core (absent: none sent).
	Core *commands.Status `json:"core,omitempty"`
}

// Input is the add and modify payload; Blockchain is the chain coin's id.
type Input struct {
	ID              *int64           `json:"id"`
	Name            string           `json:"name"`
	Symbol          string           `json:"symbol"`
	Decimals        *int             `json:"decimals"`
	MainContract    string           `json:"mainContract"`
	TestContract    string           `json:"testContract"`
	MaxConfirmation *int             `json:"maxConfirmation"`
	MinSpendable    *decimal.Decimal `json:"minSpendable"`
	Blockchain      *int64           `json:"blockchain"`
}

// Limits of the token forms, enforced here too.
const (
	MinSymbol        = 3
	MinContract      = 10
	MinModifyName    = 4
	MaxDecimals      = 36
	MaxMaxConfirm    = 10_000
	maxText          = 120
	knownIcons       = "btc eth trx bnb ltc usdt usdc shib link dai"
	genericTokenIcon = "/icons/token.svg"
)

// List returns every token in display order.
func (s *Service) List(ctx context.Context) ([]Token, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT t.id, t.icon, t.name, t.symbol, b.symbol, b.id, t.max_confirmation,
		coalesce(t.main_contract, ''), coalesce(t.test_contract, ''), t.decimals, t.min_spendable
		FROM coins t JOIN coins b ON b.id = t.blockchain_id WHERE t.kind = 'token' ORDER BY t.position, t.id`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []Token{}
	for rows.Next() {
		var t Token
		if err := rows.Scan(&t.ID, &t.Icon, &t.Name, &t.Symbol, &t.Blockchain, &t.BlockchainID, &t.MaxConfirmation,
			&t.MainContract, &t.TestContract, &t.Decimals, &t.MinSpendable); err != nil {
			return nil, err
		}
		out = append(out, t)
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	return out, commands.Mark(ctx, s.db, out, func(t *Token) string { return commands.Coin{BackofficeID: t.ID}.Entity() },
		func(t *Token, st *commands.Status) { t.Core = st })
}

// Create adds a token to a chain coin.
func (s *Service) Create(ctx context.Context, actor audit.Actor, in Input) (Token, error) {
	if in.ID != nil {
		// The add payload has no id: never take one.
		return Token{}, apperr.Fieldf("id", "A new token gets its id from the server; leave id out.")
	}
	if err := validate(&in, false); err != nil {
		return Token{}, err
	}
	var id int64
	err := s.db.Tx(ctx, func(tx *sql.Tx) error {
		if err := checkChain(ctx, tx, *in.Blockchain, in.Symbol, 0); err != nil {
			return err
		}
		now := store.Now()
		err := tx.QueryRowContext(ctx, `INSERT INTO coins (name, symbol, icon, kind, blockchain_id, main_contract, test_contract,
			decimals, max_confirmation, min_spendable, fiat_rate, conversion_rate, explorer_tx_url, position, created_at, updated_at)
			SELECT $1, $2, $3, 'token', b.id, $4, $5, $6, $7, $8, 0, 1, b.explorer_tx_url,
				(SELECT coalesce(max(position), 0) + 1 FROM coins), $9, $9 FROM coins b WHERE b.id = $10 RETURNING id`,
			in.Name, in.Symbol, icon(in.Symbol), in.MainContract, in.TestContract, *in.Decimals, *in.MaxConfirmation,
			*in.MinSpendable, now, *in.Blockchain).Scan(&id)
		if store.IsUniqueViolation(err) {
			return symbolTaken(in.Symbol)
		}
		if err != nil {
			return err
		}
		if err := actor.Record(ctx, tx, "token.create", target(id), details(in)); err != nil {
			return err
		}
		return tellCore(ctx, tx, id)
	})
	if err != nil {
		return Token{}, err
	}
	return s.get(ctx, id)
}

// Update modifies a token; its blockchain may change.
func (s *Service) Update(ctx context.Context, actor audit.Actor, id int64, in Input) (Token, error) {
	if in.ID != nil && *in.ID != id {
		return Token{}, apperr.Fieldf("id", "The id in the body differs from the one in the path.")
	}
	if err := validate(&in, true); err != nil {
		return Token{}, err
	}
	if _, err := s.get(ctx, id); err != nil {
		return Token{}, err
	}
	err := s.db.Tx(ctx, func(tx *sql.Tx) error {
		if err := checkChain(ctx, tx, *in.Blockchain, in.Symbol, id); err != nil {
			return err
		}
		_, err := tx.ExecContext(ctx, `UPDATE coins SET name = $1, symbol = $2, blockchain_id = $3, main_contract = $4,
			test_contract = $5, decimals = $6, max_confirmation = $7, min_spendable = $8, updated_at = $9
			WHERE id = $10 AND kind = 'token'`, in.Name, in.Symbol, *in.Blockchain, in.MainContract, in.TestContract,
			*in.Decimals, *in.MaxConfirmation, *in.MinSpendable, store.Now(), id)
		if store.IsUniqueViolation(err) {
			return symbolTaken(in.Symbol)
		}
		if err != nil {
			return err
		}
		if err := actor.Record(ctx, tx, "token.update", target(id), details(in)); err != nil {
			return err
		}
		return tellCore(ctx, tx, id)
	})
	if err != nil {
		return Token{}, err
	}
	return s.get(ctx, id)
}

func (s *Service) get(ctx context.Context, id int64) (Token, error) {
	list, err := s.List(ctx)
	if err != nil {
		return Token{}, err
	}
	for _, t := range list {
		if t.ID == id {
			return t, nil
		}
	}
	return Token{}, &apperr.NotFound{What: "Token"}
}

// checkChain requires a chain coin and a symbol free on it.
func checkChain(ctx context.Context, tx *sql.Tx, chain int64, symbol string, self int64) error {
	var kind string
	err := tx.QueryRowContext(ctx, `SELECT kind FROM coins WHERE id = $1`, chain).Scan(&kind)
	if errors.Is(err, sql.ErrNoRows) || (err == nil && kind != "coin") {
		return apperr.Fieldf("blockchain", "Choose a blockchain: one of the chain coins.")
	}
	if err != nil {
		return err
	}
	var taken bool
	if err := tx.QueryRowContext(ctx, `SELECT EXISTS (SELECT 1 FROM coins WHERE blockchain_id = $1 AND lower(symbol) = lower($2) AND id <> $3)`,
		chain, symbol, self).Scan(&taken); err != nil {
		return err
	}
	if taken {
		return symbolTaken(symbol)
	}
	return nil
}

// validate tidies the token's fields and checks them.
func validate(in *Input, modify bool) error {
	in.Name, in.Symbol = strings.TrimSpace(in.Name), strings.ToUpper(strings.TrimSpace(in.Symbol))
	in.MainContract, in.TestContract = strings.TrimSpace(in.MainContract), strings.TrimSpace(in.TestContract)
	if err := checkFields(in, modify); err != nil {
		return err
	}
	return checkMinSpendable(in)
}

// checkFields checks every field but the minimum spendable amount.
func checkFields(in *Input, modify bool) error {
	switch {
	case in.Blockchain == nil:
		return apperr.Fieldf("blockchain", "Choose a blockchain.")
	case modify && utf8.RuneCountInString(in.Name) < MinModifyName:
		return apperr.Fieldf("name", "The token name needs at least %d characters.", MinModifyName)
	case in.Name == "":
		return apperr.Fieldf("name", "Enter the token name.")
	case utf8.RuneCountInString(in.Name) > maxText:
		return apperr.Fieldf("name", "The token name may have at most %d characters.", maxText)
	case utf8.RuneCountInString(in.Symbol) < MinSymbol || len(in.Symbol) > 20:
		return apperr.Fieldf("symbol", "The symbol needs 3 to 20 characters.")
	case in.Decimals == nil || *in.Decimals < 1 || *in.Decimals > MaxDecimals:
		return apperr.Fieldf("decimals", "Decimals must be from 1 to %d.", MaxDecimals)
	case len(in.MainContract) < MinContract || len(in.MainContract) > maxText:
		return apperr.Fieldf("mainContract", "The main contract address needs at least %d characters.", MinContract)
	case len(in.TestContract) < MinContract || len(in.TestContract) > maxText:
		return apperr.Fieldf("testContract", "The test contract address needs at least %d characters.", MinContract)
	case in.MaxConfirmation == nil || *in.MaxConfirmation < 1 || *in.MaxConfirmation > MaxMaxConfirm:
		return apperr.Fieldf("maxConfirmation", "Max confirmation must be from 1 to %d.", MaxMaxConfirm)
	}
	return nil
}

// checkMinSpendable checks the minimum spendable amount and rounds it as
// amounts are kept.
func checkMinSpendable(in *Input) error {
	if in.MinSpendable == nil {
		zero := decimal.Zero
		in.MinSpendable = &zero // the screens do not check it; a missing value is 0
	}
	if in.MinSpendable.IsNegative() {
		return apperr.Fieldf("minSpendable", "Min spendable cannot be negative.")
	}
	minimum, err := money.Amount(*in.MinSpendable)
	if err != nil {
		return apperr.Fieldf("minSpendable", "Min spendable: %s.", err.Error())
	}
	in.MinSpendable = &minimum
	return nil
}

func icon(symbol string) string {
	s := strings.ToLower(symbol)
	for _, k := range strings.Fields(knownIcons) {
		if k == s {
			return "/icons/" + s + ".svg"
		}
	}
	return genericTokenIcon
}

func symbolTaken(symbol string) error {
	return apperr.Fieldf("symbol", "A token %s already exists on this blockchain.", symbol)
}

// tellCore writes the command that gives the core token id as the
// catalogue now holds it: the core moves no token it does not know.
func tellCore(ctx context.Context, tx *sql.Tx, id int64) error {
	c := commands.Coin{BackofficeID: id}
	var symbol, chain string
	var minSpendable decimal.Decimal
	if err := tx.QueryRowContext(ctx, `SELECT t.symbol, b.symbol, t.name, t.decimals, t.max_confirmation,
		coalesce(t.main_contract, ''), coalesce(t.test_contract, ''), t.min_spendable
		FROM coins t JOIN coins b ON b.id = t.blockchain_id WHERE t.id = $1`, id).Scan(&symbol, &chain, &c.Name,
		&c.Decimals, &c.MaxConfirmation, &c.MainContract, &c.TestContract, &minSpendable); err != nil {
		return err
	}
	c.Coin, c.MinSpendable = commands.CoinName(symbol, chain), minSpendable.String()
	_, err := commands.Write(ctx, tx, c)
	return err
}

func target(id int64) string { return fmt.Sprintf("coin:%d", id) }

func details(in Input) map[string]any {
	return map[string]any{"name": in.Name, "symbol": in.Symbol, "blockchain": *in.Blockchain, "decimals": *in.Decimals,
		"mainContract": in.MainContract, "testContract": in.TestContract, "maxConfirmation": *in.MaxConfirmation,
		"minSpendable": in.MinSpendable.String()}
}

// BlacklistEntry is one blacklisted market.
type BlacklistEntry struct {
	ID         int64  `json:"id"`
	MarketName string `json:"MarketName"`
}

// Blacklist lists the markets closed to exchange.
func (s *Service) Blacklist(ctx context.Context) ([]BlacklistEntry, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT id, market_name FROM market_blacklist ORDER BY id`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []BlacklistEntry{}
	for rows.Next() {
		var e BlacklistEntry
		if err := rows.Scan(&e.ID, &e.MarketName); err != nil {
			return nil, err
		}
		out = append(out, e)
	}
	return out, rows.Err()
}

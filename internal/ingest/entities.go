package ingest

import (
	"cmp"
	"database/sql"
	"errors"
	"strings"
	"time"

	"github.com/shopspring/decimal"

	"xapa/backoffice/internal/ledger"
	"xapa/backoffice/internal/money"
)

// mapped is our row of the core's entity, and the version last applied.
type mapped struct {
	id      int64
	version int64
	known   bool
}

// lookup reads our row of the core's entity kind:coreID.
func (b *batch) lookup(kind, coreID string) (mapped, error) {
	if m, ok := b.ids[kind+":"+coreID]; ok {
		return m, nil
	}
	var m mapped
	err := b.tx.QueryRowContext(b.ctx, `SELECT local_id, version FROM core_ids WHERE kind = $1 AND core_id = $2`, kind, coreID).
		Scan(&m.id, &m.version)
	if errors.Is(err, sql.ErrNoRows) {
		return m, nil
	}
	m.known = err == nil
	if m.known {
		b.ids[kind+":"+coreID] = m
	}
	return m, err
}

// need is our id of an entity an event refers to; a *waiting when it is not
// known yet.
func (b *batch) need(kind, coreID string) (int64, error) {
	m, err := b.lookup(kind, coreID)
	if err == nil && !m.known {
		err = &waiting{kind: kind, coreID: coreID}
	}
	return m.id, err
}

// remember maps the core's entity to our row at version.
func (b *batch) remember(kind, coreID string, id, version int64) (string, error) {
	_, err := b.tx.ExecContext(b.ctx, `INSERT INTO core_ids (kind, core_id, local_id, version) VALUES ($1, $2, $3, $4)
		ON CONFLICT (kind, core_id) DO UPDATE SET local_id = excluded.local_id, version = excluded.version`, kind, coreID, id, version)
	key := kind + ":" + coreID
	if err == nil {
		b.ids[key] = mapped{id: id, version: version, known: true}
	}
	return key, err
}

// coin is a coin of the catalogue by its name ("BTC", "USDT@TRX"): its id
// and its explorer's transaction URL. A chain not known yet is waited for
// (its event may come later); a token not in the catalogue of a known chain
// is rejected: tokens are the back office's, added by staff.
func (b *batch) coin(name string) (int64, string, error) {
	if c, ok := b.coins[name]; ok {
		return c.id, c.explorer, nil
	}
	id, explorer, err := b.readCoin(name)
	if err == nil {
		b.coins[name] = coinRow{id, explorer}
	}
	return id, explorer, err
}

func (b *batch) readCoin(name string) (int64, string, error) {
	symbol, chain, isToken := strings.Cut(name, "@")
	var id int64
	var explorer string
	err := b.tx.QueryRowContext(b.ctx, `SELECT id, explorer_tx_url FROM coins WHERE kind = 'coin' AND upper(symbol) = $1`,
		cmp.Or(chain, symbol)).Scan(&id, &explorer)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, "", &waiting{kind: "chain", coreID: cmp.Or(chain, symbol)}
	}
	if err != nil || !isToken {
		return id, explorer, err
	}
	err = b.tx.QueryRowContext(b.ctx, `SELECT id, explorer_tx_url FROM coins WHERE kind = 'token' AND blockchain_id = $1
		AND upper(symbol) = $2`, id, symbol).Scan(&id, &explorer)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, "", reject("unknown token %q: add it on the Tokens screen", name)
	}
	return id, explorer, err
}

// amount is a checked Amount as the database holds it.
func amount(a Amount) decimal.Decimal {
	d, err := decimal.NewFromString(string(a))
	if err == nil {
		d, err = money.Amount(d)
	}
	if err != nil {
		panic("ingest: an amount passed its schema but not money.Amount: " + string(a)) // the pattern is stricter
	}
	return d
}

func utcOrNil(t *time.Time) any {
	if t == nil {
		return nil
	}
	return t.UTC()
}

func applyChain(b *batch, c *Chain) (string, error) {
	m, err := b.lookup("chain", c.Symbol)
	if err != nil || (m.known && c.Version <= m.version) {
		return "", err
	}
	clear(b.coins) // its explorer URL, and its tokens', may change
	if !m.known {  // a chain our catalogue holds already (added before the core spoke) is that one
		err = b.tx.QueryRowContext(b.ctx, `SELECT id FROM coins WHERE kind = 'coin' AND upper(symbol) = $1`, c.Symbol).Scan(&m.id)
		if errors.Is(err, sql.ErrNoRows) {
			err = b.tx.QueryRowContext(b.ctx, `INSERT INTO coins (name, symbol, icon, kind, decimals, max_confirmation,
				explorer_tx_url, position, created_at, updated_at)
				VALUES ($1, $2, $3, 'coin', $4, $5, $6, (SELECT coalesce(max(position), 0) + 1 FROM coins), $7, $7) RETURNING id`,
				c.Name, c.Symbol, c.Icon, c.Decimals, c.MaxConfirmation, c.ExplorerTxURL, b.now).Scan(&m.id)
			if err != nil {
				return "", err
			}
			return b.remember("chain", c.Symbol, m.id, c.Version)
		}
		if err != nil {
			return "", err
		}
	}
	if _, err := b.tx.ExecContext(b.ctx, `UPDATE coins SET name = $1, icon = $2, decimals = $3, max_confirmation = $4,
		explorer_tx_url = $5, updated_at = $6 WHERE id = $7`, c.Name, c.Icon, c.Decimals, c.MaxConfirmation, c.ExplorerTxURL,
		b.now, m.id); err != nil {
		return "", err
	}
	return b.remember("chain", c.Symbol, m.id, c.Version)
}

// applyCustomer writes a customer. The core's last_login is their last
// activity: it is what the online count reads (last_seen_at).
func applyCustomer(b *batch, c *Customer) (string, error) {
	m, err := b.lookup("customer", c.ID)
	if err != nil || (m.known && c.Version <= m.version) {
		return "", err
	}
	var invitedBy any
	if c.InvitedBy != nil {
		if *c.InvitedBy == c.ID {
			return "", reject("data/invited_by: a customer cannot invite themselves")
		}
		id, err := b.need("customer", *c.InvitedBy)
		if err != nil {
			return "", err
		}
		invitedBy = id
	}
	if !m.known && c.BackofficeID != nil {
		if m.id, err = b.linkRegistered(*c.BackofficeID); err != nil {
			return "", err
		}
		m.known = true
	}
	if err := b.unique(c, m); err != nil {
		return "", err
	}
	fields := []any{c.Email, c.FullName, c.Enabled, c.EmailVerified, utcOrNil(c.VerifiedAt), c.PhoneNumber, c.GAEnabled,
		c.SMS2FAEnabled, c.SMSVerified, c.InvitationCode, invitedBy, c.DeviceType, utcOrNil(c.LastLogin), b.now}
	if m.known {
		_, err = b.tx.ExecContext(b.ctx, `UPDATE users SET email = $1, full_name = $2, enabled = $3, email_verified = $4,
			verified_at = $5, phone_number = $6, ga_enabled = $7, sms_2fa_enabled = $8, sms_verified = $9, invitation_code = $10,
			invited_by = $11, device_type = $12, last_login = $13, last_seen_at = coalesce($13, last_seen_at), updated_at = $14
			WHERE id = $15`, append(fields, m.id)...)
	} else {
		// A customer signs in to the core, never here: no password, and their username is their core id.
		err = b.tx.QueryRowContext(b.ctx, `INSERT INTO users (email, full_name, enabled, email_verified, verified_at,
			phone_number, ga_enabled, sms_2fa_enabled, sms_verified, invitation_code, invited_by, device_type, last_login,
			updated_at, username, password_hash, is_admin, created_at, last_seen_at)
			VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, '', FALSE, $16, $13) RETURNING id`,
			append(fields, "core:"+c.ID, c.CreatedAt.UTC())...).Scan(&m.id)
	}
	if err != nil {
		return "", err
	}
	return b.remember("customer", c.ID, m.id, c.Version)
}

// linkRegistered is our customer a core's first event for a customer
// registered here names (backoffice_id): a customer, not yet linked.
func (b *batch) linkRegistered(id int64) (int64, error) {
	var admin bool
	err := b.tx.QueryRowContext(b.ctx, `SELECT is_admin OR role_id IS NOT NULL FROM users WHERE id = $1`, id).Scan(&admin)
	if errors.Is(err, sql.ErrNoRows) || admin {
		return 0, reject("data/backoffice_id: no customer %d here", id)
	}
	if err != nil {
		return 0, err
	}
	var linked int
	if err := b.tx.QueryRowContext(b.ctx, `SELECT count(*) FROM core_ids WHERE kind = 'customer' AND local_id = $1`, id).Scan(&linked); err != nil {
		return 0, err
	}
	if linked > 0 {
		return 0, reject("data/backoffice_id: customer %d is linked to another core id already", id)
	}
	return id, nil
}

// unique refuses a customer whose email or invitation code another user
// holds.
func (b *batch) unique(c *Customer, m mapped) error {
	var taken string
	err := b.tx.QueryRowContext(b.ctx, `SELECT CASE WHEN lower(email) = lower($1) THEN 'email' ELSE 'invitation_code' END
		FROM users WHERE (lower(email) = lower($1) OR invitation_code = $2) AND id <> $3 LIMIT 1`,
		c.Email, c.InvitationCode, m.id).Scan(&taken)
	if errors.Is(err, sql.ErrNoRows) {
		return nil
	}
	if err != nil {
		return err
	}
	return reject("data/%s: another user holds it", taken)
}

func applyWallet(b *batch, w *Wallet) (string, error) {
	m, err := b.lookup("wallet", w.ID)
	if err != nil || (m.known && w.Version <= m.version) {
		return "", err
	}
	user, err := b.need("customer", w.CustomerID)
	if err != nil {
		return "", err
	}
	coin, _, err := b.coin(w.Coin)
	if err != nil {
		return "", err
	}
	if m.known {
		_, err = b.tx.ExecContext(b.ctx, `UPDATE wallets SET user_id = $1, coin_id = $2, name = $3, network = $4, balance = $5,
			updated_at = $6 WHERE id = $7`, user, coin, w.Name, w.Network, amount(w.Balance), b.now, m.id)
	} else {
		err = b.tx.QueryRowContext(b.ctx, `INSERT INTO wallets (user_id, coin_id, name, network, balance, created_at, updated_at)
			VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`, user, coin, w.Name, w.Network, amount(w.Balance),
			w.CreatedAt.UTC(), b.now).Scan(&m.id)
	}
	if err != nil {
		return "", err
	}
	if err := b.addresses(m.id, w.Addresses, w.CreatedAt.UTC()); err != nil {
		return "", err
	}
	b.wallets[m.id] = walletRow{owner: user, coin: coin}
	return b.remember("wallet", w.ID, m.id, w.Version)
}

// addresses makes a wallet's addresses the list given.
func (b *batch) addresses(wallet int64, list []Address, at time.Time) error {
	if _, err := b.tx.ExecContext(b.ctx, `DELETE FROM wallet_addresses WHERE wallet_id = $1`, wallet); err != nil {
		return err
	}
	for _, a := range list {
		if _, err := b.tx.ExecContext(b.ctx, `INSERT INTO wallet_addresses (wallet_id, address, created_at) VALUES ($1, $2, $3)`,
			wallet, string(a), at); err != nil {
			return err
		}
	}
	return nil
}

func applyTransaction(b *batch, t *Transaction) (string, error) {
	m, err := b.lookup("transaction", t.ID)
	if err != nil || (m.known && t.Version <= m.version) {
		return "", err
	}
	user, err := b.need("customer", t.CustomerID)
	if err != nil {
		return "", err
	}
	wallet, walletCoin, err := b.customersWallet(t.WalletID, user, "wallet_id")
	if err != nil {
		return "", err
	}
	coin, explorer, err := b.coin(t.Coin)
	if err != nil {
		return "", err
	}
	if walletCoin != coin {
		return "", reject("data/coin: wallet %q holds another coin than %s", t.WalletID, t.Coin)
	}
	if m.known {
		if err := b.moves(m.id, t); err != nil {
			return "", err
		}
		_, err = b.tx.ExecContext(b.ctx, `UPDATE transactions SET status = $1, confirmations = $2, max_confirmation = $3,
			network_fee = $4, commission = $5, fee = $6, hash = $7, explorer_url = $8, receiver_address = $9, updated_at = $10
			WHERE id = $11`, t.Status, t.Confirmations, t.MaxConfirmation, amount(t.NetworkFee), amount(t.Commission),
			amount(t.Fee), t.Hash, explorerURL(explorer, t.Hash), t.ReceiverAddress, b.now, m.id)
	} else {
		err = b.tx.QueryRowContext(b.ctx, `INSERT INTO transactions (user_id, wallet_id, coin_id, type, network, status,
			confirmations, max_confirmation, amount, network_fee, commission, fee, hash, explorer_url, receiver_address,
			is_exchange, created_at, updated_at)
			VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18) RETURNING id`,
			user, wallet, coin, t.Type, t.Network, t.Status, t.Confirmations, t.MaxConfirmation, amount(t.Amount),
			amount(t.NetworkFee), amount(t.Commission), amount(t.Fee), t.Hash, explorerURL(explorer, t.Hash),
			t.ReceiverAddress, t.Exchange, t.CreatedAt.UTC(), b.now).Scan(&m.id)
	}
	if err != nil {
		return "", err
	}
	b.txs[m.id] = t.stored(explorerURL(explorer, t.Hash))
	return b.remember("transaction", t.ID, m.id, t.Version)
}

func explorerURL(template, hash string) string {
	if template == "" || hash == "" {
		return ""
	}
	return strings.Replace(template, "{hash}", hash, 1)
}

// txState is what a stored transaction's next version is checked against.
type txState struct {
	status        ledger.Status
	typ           ledger.Type
	confirmations int
	amount        decimal.Decimal
	// What an update that changes only the confirmations and fees leaves as it is, when keys: the fast way then
	// writes those alone (SQLite rewrites the index entries of every column an UPDATE names, and runs the day
	// totals' trigger when one of its columns is named).
	keys                bool
	commission          decimal.Decimal
	hash, url, receiver string
}

// moves refuses a change of a stored transaction that its chain cannot
// make.
func (b *batch) moves(id int64, t *Transaction) error {
	s, ok := b.txs[id]
	if !ok {
		if err := b.tx.QueryRowContext(b.ctx, `SELECT status, confirmations, type, amount FROM transactions WHERE id = $1`, id).
			Scan(&s.status, &s.confirmations, &s.typ, &s.amount); err != nil {
			return err
		}
	}
	return refusedMove(s, t)
}

// refusedMove says why t cannot follow s: confirmations never go down,
// failed is final, and confirmed can only become failed (a reorganisation).
// What was sent (type, amount) is fixed too.
func refusedMove(s txState, t *Transaction) error {
	switch {
	case s.status == ledger.Failed && t.Status != ledger.Failed:
		return reject("data/status: the transaction failed, and failed is final")
	case s.status == ledger.Confirmed && t.Status == ledger.Pending:
		return reject("data/status: a confirmed transaction can only become failed")
	case t.Status != ledger.Failed && t.Confirmations < s.confirmations:
		return reject("data/confirmations: %d is below the %d seen; confirmations never go down", t.Confirmations, s.confirmations)
	case s.typ != t.Type || !s.amount.Equal(amount(t.Amount)):
		return reject("data: a transaction's type and amount never change")
	}
	return nil
}

func (t *Transaction) state() txState {
	return txState{status: t.Status, typ: t.Type, confirmations: t.Confirmations, amount: amount(t.Amount)}
}

// stored is t's state once written, with url its explorer's URL.
func (t *Transaction) stored(url string) txState {
	s := t.state()
	s.keys, s.commission, s.hash, s.url, s.receiver = true, amount(t.Commission), t.Hash, url, t.ReceiverAddress
	return s
}

// sameKeys says whether writing t (its explorer's URL url) over s changes
// only its confirmations, maximum confirmation, network fee and fee.
func (s txState) sameKeys(t *Transaction, url string) bool {
	return s.keys && s.status == t.Status && s.hash == t.Hash && s.url == url && s.receiver == t.ReceiverAddress &&
		s.commission.Equal(amount(t.Commission))
}

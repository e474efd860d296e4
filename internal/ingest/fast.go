package ingest

import (
	"database/sql"
	"encoding/json"
	"errors"
	"strings"
	"sync"

	"github.com/shopspring/decimal"

	"xapa/backoffice/internal/ledger"
	"xapa/backoffice/internal/store"
)

// Most of what a core sends is transactions: new ones, and later versions of
// them. A batch writes those with a few statements for all of them, instead
// of several per event, when nothing else in the batch can change what they
// are checked against. Each is checked by the same rules as any event (its
// schema, applyTransaction's references, refusedMove), in the batch's order;
// any that a rule would not let through plainly (unknown references, a
// refusal), and every later version of its transaction, goes the way of
// every other event, after the fast ones.

// quick is a transaction event that may take the fast way.
type quick struct {
	at   int // its place in the batch
	e    Event
	t    Transaction
	m    mapped // the transaction, if known
	user int64
	wall int64
	coin int64
	url  string // the explorer's URL of its hash
}

// fastWay applies the batch's plain transaction events. It sets their
// results and done; recorded marks the events it recorded as seen but left
// to the per-event way.
func (b *batch) fastWay(p *Prepared, results []Result, done, recorded []bool) error {
	qs, slowAt := b.candidates(p.read)
	if len(qs) == 0 {
		return nil
	}
	qs, err := b.recordSeen(qs, results, done)
	if err != nil || len(qs) == 0 {
		return err
	}
	for _, q := range qs {
		recorded[q.at] = true
	}
	if err := b.prefetch(qs); err != nil {
		return err
	}
	var applied []*quick // in the batch's order
	c := &quickCheck{made: map[string]*quick{}, slow: map[string]bool{}, slowAt: slowAt}
	for _, q := range qs {
		ok, stale, err := b.checkQuick(c, q)
		switch {
		case err != nil:
			return err
		case stale:
			if _, err := b.status(q.e, Stale, ""); err != nil {
				return err
			}
			results[q.at], done[q.at] = Result{ID: q.e.ID, Status: Stale}, true
		case ok:
			applied = append(applied, q)
		}
	}
	inserts, updates := lastVersions(applied)
	if err := b.insertQuick(inserts); err != nil {
		return err
	}
	if err := b.updateQuick(updates); err != nil {
		return err
	}
	if err := b.rememberQuick(append(inserts, updates...)); err != nil {
		return err
	}
	for _, q := range applied {
		results[q.at], done[q.at] = Result{ID: q.e.ID, Status: Applied}, true
	}
	return nil
}

// candidates are the transaction events that pass their checks, whose event
// comes once in the batch, and whose wallet and chain no other event of the
// batch changes; slowAt is, per transaction, the place of its first event
// that is not one.
func (b *batch) candidates(read []read) ([]*quick, map[string]int) {
	seen := map[string]int{}
	touched := map[string]bool{} // wallets, and "chain" for any chain
	for _, r := range read {
		if !r.envelope {
			continue
		}
		seen[r.e.Source+"\x00"+r.e.ID]++
		switch r.e.Type {
		case Wallet{}.EventType():
			touched["wallet:"+r.walletID] = true
		case Chain{}.EventType():
			touched["chain"] = true
		}
	}
	if touched["chain"] {
		return nil, nil
	}
	var qs []*quick
	slowAt := map[string]int{}
	for i, r := range read {
		if !r.envelope || r.e.Type != (Transaction{}).EventType() {
			continue
		}
		q := &quick{at: i, e: r.e, t: r.t}
		if !r.valid || (b.source != "" && q.e.Source != b.source) || seen[q.e.Source+"\x00"+q.e.ID] > 1 ||
			touched["wallet:"+q.t.WalletID] {
			if _, ok := slowAt[q.t.ID]; !ok && r.parsed {
				slowAt[q.t.ID] = i
			}
			continue
		}
		qs = append(qs, q)
	}
	return qs, slowAt
}

// read is what the fast way needs of one event of a batch.
type read struct {
	e        Event
	envelope bool        // e was read
	walletID string      // a wallet event's wallet
	t        Transaction // a transaction event's data
	parsed   bool        // t was read
	valid    bool        // the event passes its schemas
}

// readAll reads and checks the events on up to cores goroutines: the schema
// checks cost more than applying a plain event does.
func (a *Applier) readAll(raws []json.RawMessage, cores int) []read {
	if a.perEventOnly {
		return nil
	}
	out := make([]read, len(raws))
	workers := min(cores, 1+len(raws)/100)
	var wg sync.WaitGroup
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := w; i < len(raws); i += workers {
				out[i] = a.readOne(raws[i])
			}
		}()
	}
	wg.Wait()
	return out
}

func (a *Applier) readOne(raw json.RawMessage) read {
	var r read
	if json.Unmarshal(raw, &r.e) != nil {
		return r
	}
	r.envelope = true
	switch r.e.Type {
	case Wallet{}.EventType():
		var w struct {
			ID string `json:"id"`
		}
		_ = json.Unmarshal(r.e.Data, &w)
		r.walletID = w.ID
	case Transaction{}.EventType():
		r.parsed = json.Unmarshal(r.e.Data, &r.t) == nil
		r.valid = r.parsed && a.schemas.valid(raw, r.e.Type)
	}
	return r
}

// recordSeen records the events as seen and returns those not seen
// before; the others are duplicates.
func (b *batch) recordSeen(qs []*quick, results []Result, done []bool) ([]*quick, error) {
	fresh := map[string]bool{}
	for _, part := range chunks(qs, b.db.Dialect.RowsPerStatement()) {
		rows := make([][]any, len(part))
		for i, q := range part {
			rows[i] = []any{q.e.Source, q.e.ID, q.e.Type, b.now}
		}
		values, args := b.db.Dialect.Rows(1, []string{"text", "text", "text", "timestamptz"}, rows)
		err := b.each(len(part) == b.db.Dialect.RowsPerStatement(), `INSERT INTO ingest_events (source, id, type, status, received_at)
			SELECT column1, column2, column3, 'applied', column4 FROM (`+values+`) AS v WHERE true
			ON CONFLICT (source, id) DO NOTHING RETURNING source, id`, args, func(scan func(...any) error) error {
			var source, id string
			err := scan(&source, &id)
			fresh[source+"\x00"+id] = true
			return err
		})
		if err != nil {
			return nil, err
		}
	}
	var out []*quick
	for _, q := range qs {
		if fresh[q.e.Source+"\x00"+q.e.ID] {
			out = append(out, q)
		} else {
			results[q.at], done[q.at] = Result{ID: q.e.ID, Status: Duplicate}, true
		}
	}
	return out, nil
}

// prefetch reads into the batch's memory what the events refer to: the
// mapping of their transactions, customers and wallets, with the wallets'
// owners and coins and the transactions' stored state, one statement per
// kind (per chunk on SQLite).
func (b *batch) prefetch(qs []*quick) error {
	byKind := map[string][]string{}
	asked := map[string]bool{}
	for _, q := range qs {
		for _, k := range [][2]string{{"transaction", q.t.ID}, {"customer", q.t.CustomerID}, {"wallet", q.t.WalletID}} {
			key := k[0] + ":" + k[1]
			if _, known := b.ids[key]; !known && !asked[key] {
				asked[key] = true
				byKind[k[0]] = append(byKind[k[0]], k[1])
			}
		}
	}
	// What each kind's row adds to its mapping: the wallet's owner and coin, the transaction's state. A mapping
	// whose row is missing reads NULLs, and the event then goes the per-event way.
	adds := map[string][2]string{ // columns, join
		"wallet": {", w.user_id, w.coin_id", " LEFT JOIN wallets w ON w.id = c.local_id"},
		"transaction": {", t.status, t.confirmations, t.type, t.amount, t.commission, t.hash, t.explorer_url, t.receiver_address",
			" LEFT JOIN transactions t ON t.id = c.local_id"},
	}
	for kind, list := range byKind {
		for _, part := range chunks(list, b.db.Dialect.RowsPerStatement()) {
			var query string
			var args []any
			if b.db.Dialect == store.Postgres {
				// One index probe per id: PostgreSQL's estimate for "core_id = ANY" of thousands of ids new to it
				// (a backfill's transactions) chose a scan of every mapping, 0.4 s a batch at a million rows.
				query = `SELECT k.core_id, c.local_id, c.version` + adds[kind][0] + ` FROM unnest($2::text[]) AS k(core_id)
					CROSS JOIN LATERAL (SELECT local_id, version FROM core_ids WHERE kind = $1 AND core_id = k.core_id LIMIT 1) c` +
					adds[kind][1]
				args = []any{kind, part}
			} else {
				in, inArgs := b.db.Dialect.In(2, part)
				query = `SELECT c.core_id, c.local_id, c.version` + adds[kind][0] + ` FROM core_ids c` + adds[kind][1] +
					` WHERE c.kind = $1 AND c.core_id` + in
				args = append([]any{kind}, inArgs...)
			}
			err := b.each(len(part) == b.db.Dialect.RowsPerStatement(), query, args, func(scan func(...any) error) error {
				var core string
				m := mapped{known: true}
				var owner, coin, confirmations sql.NullInt64
				var status, typ, hash, url, receiver sql.NullString
				var amount, commission decimal.NullDecimal
				var err error
				switch kind {
				case "wallet":
					err = scan(&core, &m.id, &m.version, &owner, &coin)
					if err == nil && owner.Valid {
						b.wallets[m.id] = walletRow{owner: owner.Int64, coin: coin.Int64}
					}
				case "transaction":
					err = scan(&core, &m.id, &m.version, &status, &confirmations, &typ, &amount, &commission, &hash, &url, &receiver)
					if err == nil && status.Valid {
						b.txs[m.id] = txState{status: ledger.Status(status.String), confirmations: int(confirmations.Int64), typ: ledger.Type(typ.String),
							amount: amount.Decimal, keys: true, commission: commission.Decimal, hash: hash.String, url: url.String,
							receiver: receiver.String}
					}
				default:
					err = scan(&core, &m.id, &m.version)
				}
				if err != nil {
					return err
				}
				b.ids[kind+":"+core] = m
				return nil
			})
			if err != nil {
				return err
			}
		}
	}
	return nil
}

// quickCheck is what checking the batch's transactions in order has seen.
type quickCheck struct {
	made   map[string]*quick // the last version of each transaction the fast way applies
	slow   map[string]bool   // transactions left to the per-event way
	slowAt map[string]int    // transactions with an earlier event that is not a candidate
}

// checkQuick applies applyTransaction's rules to q from the batch's memory
// and what the fast way applied before it: ok when it may take the fast way,
// stale when it changes nothing.
func (b *batch) checkQuick(c *quickCheck, q *quick) (ok, stale bool, err error) {
	if at, ok := c.slowAt[q.t.ID]; c.slow[q.t.ID] || (ok && at < q.at) {
		return false, false, nil
	}
	ok, stale, err = b.quickRules(c, q)
	switch {
	case ok:
		c.made[q.t.ID] = q
	case !stale && err == nil:
		c.slow[q.t.ID] = true // it and its later versions go in order, the per-event way
	}
	return ok, stale, err
}

func (b *batch) quickRules(c *quickCheck, q *quick) (ok, stale bool, err error) {
	q.m = b.ids["transaction:"+q.t.ID]
	var before *txState // the transaction's state, if it exists
	if prev := c.made[q.t.ID]; prev != nil {
		q.m = mapped{id: prev.m.id, version: prev.t.Version, known: prev.m.known}
		s := prev.t.state()
		before = &s
	} else if q.m.known {
		s, found := b.txs[q.m.id]
		if !found {
			return false, false, nil
		}
		before = &s
	}
	if before != nil && q.t.Version <= q.m.version {
		return false, true, nil
	}
	cust, known := b.ids["customer:"+q.t.CustomerID]
	wm, wknown := b.ids["wallet:"+q.t.WalletID]
	if !known || !wknown {
		return false, false, nil // held, the per-event way
	}
	w, found := b.wallets[wm.id]
	if !found || w.owner != cust.id {
		return false, false, nil
	}
	coin, explorer, err := b.coin(q.t.Coin)
	if err != nil || coin != w.coin {
		return false, false, dbError(err) // refused or held, with its reason, the per-event way
	}
	if before != nil && refusedMove(*before, &q.t) != nil {
		return false, false, nil
	}
	q.user, q.wall, q.coin, q.url = cust.id, wm.id, coin, explorerURL(explorer, q.t.Hash)
	return true, false, nil
}

// dbError is err unless it is an event's refusal or wait.
func dbError(err error) error {
	var rej *rejection
	var wait *waiting
	if errors.As(err, &rej) || errors.As(err, &wait) {
		return nil
	}
	return err
}

// lastVersions is the last version the fast way applies of each
// transaction: those new to the database and those it holds. What a row
// was between two versions of one batch is never seen, so only the last is
// written.
func lastVersions(qs []*quick) (inserts, updates []*quick) {
	last := map[string]*quick{}
	var order []string
	for _, q := range qs {
		if _, ok := last[q.t.ID]; !ok {
			order = append(order, q.t.ID)
		}
		last[q.t.ID] = q // versions only rise in what the checks let through
	}
	for _, id := range order {
		if q := last[id]; q.m.known {
			updates = append(updates, q)
		} else {
			inserts = append(inserts, q)
		}
	}
	return inserts, updates
}

// insertQuick writes the new transactions, a chunk per statement.
func (b *batch) insertQuick(qs []*quick) error {
	if len(qs) == 0 {
		return nil
	}
	ids, err := b.db.Dialect.NextIDs(b.ctx, b.tx, "transactions", len(qs))
	if err != nil {
		return err
	}
	for i, q := range qs {
		q.m.id = ids[i]
	}
	row := func(q *quick) []any {
		t := &q.t
		return []any{q.m.id, q.user, q.wall, q.coin, t.Type, t.Network, t.Status, t.Confirmations,
			t.MaxConfirmation, amount(t.Amount), amount(t.NetworkFee), amount(t.Commission), amount(t.Fee), t.Hash,
			q.url, t.ReceiverAddress, t.Exchange, t.CreatedAt.UTC(), b.now}
	}
	if b.db.Dialect == store.Postgres && b.conn != nil {
		// COPY: what PostgreSQL's bulk tool does, the rows sent in binary, without a statement to parse or arrays
		// of text to convert.
		rows := make([][]any, len(qs))
		for i, q := range qs {
			rows[i] = row(q)
		}
		if err := store.CopyIn(b.ctx, b.conn, "transactions", transactionColumns, rows); err != nil {
			return err
		}
	} else {
		types := []string{"bigint", "bigint", "bigint", "bigint", "text", "text", "text", "integer", "integer", "numeric",
			"numeric", "numeric", "numeric", "text", "text", "text", "boolean", "timestamptz", "timestamptz"}
		for _, part := range chunks(qs, b.db.Dialect.RowsPerStatement()) {
			rows := make([][]any, len(part))
			for i, q := range part {
				rows[i] = row(q)
			}
			values, args := b.db.Dialect.Rows(1, types, rows)
			if err := b.exec(len(part), `INSERT INTO transactions (`+strings.Join(transactionColumns, ", ")+`) `+values,
				args); err != nil {
				return err
			}
		}
	}
	for _, q := range qs {
		b.txs[q.m.id] = q.t.stored(q.url)
	}
	return nil
}

// transactionColumns are the columns insertQuick writes.
var transactionColumns = []string{"id", "user_id", "wallet_id", "coin_id", "type", "network", "status", "confirmations",
	"max_confirmation", "amount", "network_fee", "commission", "fee", "hash", "explorer_url", "receiver_address",
	"is_exchange", "created_at", "updated_at"}

// updateQuick writes the newer versions of stored transactions, a chunk
// per statement: those that change only their confirmations and fees with
// a statement that names those alone, the others with one that names every
// column a version may change.
func (b *batch) updateQuick(qs []*quick) error {
	var narrow, wide []*quick
	for _, q := range qs {
		if b.txs[q.m.id].sameKeys(&q.t, q.url) {
			narrow = append(narrow, q)
		} else {
			wide = append(wide, q)
		}
	}
	types := []string{"bigint", "integer", "integer", "numeric", "numeric", "timestamptz"}
	for _, part := range chunks(narrow, b.db.Dialect.RowsPerStatement()) {
		rows := make([][]any, len(part))
		for i, q := range part {
			t := &q.t
			rows[i] = []any{q.m.id, t.Confirmations, t.MaxConfirmation, amount(t.NetworkFee), amount(t.Fee), b.now}
		}
		values, args := b.db.Dialect.Rows(1, types, rows)
		if err := b.exec(len(part), `UPDATE transactions SET confirmations = v.column2, max_confirmation = v.column3,
			network_fee = v.column4, fee = v.column5, updated_at = v.column6
			FROM (`+values+`) AS v WHERE transactions.id = v.column1`, args); err != nil {
			return err
		}
	}
	types = []string{"bigint", "text", "integer", "integer", "numeric", "numeric", "numeric", "text", "text", "text", "timestamptz"}
	for _, part := range chunks(wide, b.db.Dialect.RowsPerStatement()) {
		rows := make([][]any, len(part))
		for i, q := range part {
			t := &q.t
			rows[i] = []any{q.m.id, t.Status, t.Confirmations, t.MaxConfirmation, amount(t.NetworkFee),
				amount(t.Commission), amount(t.Fee), t.Hash, q.url, t.ReceiverAddress, b.now}
		}
		values, args := b.db.Dialect.Rows(1, types, rows)
		if err := b.exec(len(part), `UPDATE transactions SET status = v.column2, confirmations = v.column3,
			max_confirmation = v.column4, network_fee = v.column5, commission = v.column6, fee = v.column7,
			hash = v.column8, explorer_url = v.column9, receiver_address = v.column10, updated_at = v.column11
			FROM (`+values+`) AS v WHERE transactions.id = v.column1`, args); err != nil {
			return err
		}
	}
	for _, q := range qs {
		b.txs[q.m.id] = q.t.stored(q.url)
	}
	return nil
}

// rememberQuick maps the transactions to our rows at their versions (one
// each).
func (b *batch) rememberQuick(qs []*quick) error {
	for _, part := range chunks(qs, b.db.Dialect.RowsPerStatement()) {
		rows := make([][]any, len(part))
		for i, q := range part {
			rows[i] = []any{q.t.ID, q.m.id, q.t.Version}
		}
		values, args := b.db.Dialect.Rows(1, []string{"text", "bigint", "bigint"}, rows)
		if err := b.exec(len(part), `INSERT INTO core_ids (kind, core_id, local_id, version)
			SELECT 'transaction', column1, column2, column3 FROM (`+values+`) AS v WHERE true
			ON CONFLICT (kind, core_id) DO UPDATE SET local_id = excluded.local_id, version = excluded.version`, args); err != nil {
			return err
		}
		for _, q := range part {
			b.ids["transaction:"+q.t.ID] = mapped{id: q.m.id, version: q.t.Version, known: true}
		}
	}
	return nil
}

// exec runs a statement of n rows of the batch. A statement of a full chunk
// (RowsPerStatement rows) has the same text every time: it is kept prepared.
func (b *batch) exec(n int, query string, args []any) error {
	var err error
	if n == b.db.Dialect.RowsPerStatement() {
		_, err = b.db.ExecFixed(b.ctx, b.tx, query, args...)
	} else {
		_, err = b.tx.ExecContext(b.ctx, query, args...)
	}
	return err
}

// each runs a query and hands each row's Scan to fn; keep says its text
// comes again (a full chunk's): it is kept prepared.
func (b *batch) each(keep bool, query string, args []any, fn func(scan func(...any) error) error) error {
	var rows *sql.Rows
	var err error
	if keep {
		rows, err = b.db.QueryFixedTx(b.ctx, b.tx, query, args...)
	} else {
		rows, err = b.tx.QueryContext(b.ctx, query, args...)
	}
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		if err := fn(rows.Scan); err != nil {
			return err
		}
	}
	return rows.Err()
}

func chunks[T any](list []T, size int) [][]T {
	var out [][]T
	for len(list) > size {
		out = append(out, list[:size])
		list = list[size:]
	}
	if len(list) > 0 {
		out = append(out, list)
	}
	return out
}

package ledger

import "xapa/backoffice/internal/csvout"

// columns declare the transaction list's CSV (History and a user's report)
// once for both databases: each column's cell in Go (SQLite's lines and any
// row-by-row writer) and the same cell made by PostgreSQL in its COPY, over
// copyRows as s. A new column is one line here; TestCopyExportMatchesTheRowByRowOne
// checks that both make the same file. Amounts are the stored digits
// (Transaction.Text). Times are utc.Stamp: the UTC time to the second, as
// the store's connections write it (to_char cost twice as much). Free text is
// neutralised as csvout.Neutralise does; an empty text is NULL in SQL, which
// COPY writes as an empty field, as encoding/csv does.
var columns = []struct {
	csvout.Column[Transaction]
	copy string
}{
	{csvout.Col("ID", func(t Transaction) any { return t.ID }), "s.id"},
	{csvout.Col("Created At", func(t Transaction) any { return t.CreatedAt }),
		`replace(CAST(date_trunc('second', s.created_at AT TIME ZONE 'UTC') AS TEXT), ' ', 'T') || '+00:00'`},
	{csvout.Col("User ID", func(t Transaction) any { return t.User.ID }), "s.user_id"},
	{csvout.Col("User Email", func(t Transaction) any { return csvout.Text(t.User.Email) }), neutralised("s.email")},
	{csvout.Col("Coin", func(t Transaction) any { return csvout.Text(t.CoinType.Symbol) }), neutralised("s.symbol")},
	{csvout.Col("Network", func(t Transaction) any { return t.Network }), "s.network"},
	{csvout.Col("Type", func(t Transaction) any { return t.Type }), "s.type"},
	{csvout.Col("Amount", func(t Transaction) any { return t.Text.Amount }), "trim_scale(s.amount)"},
	{csvout.Col("Network Fee", func(t Transaction) any { return t.Text.NetworkFee }), "trim_scale(s.network_fee)"},
	{csvout.Col("Commission", func(t Transaction) any { return t.Text.Commission }), "trim_scale(s.commission)"},
	{csvout.Col("Fee", func(t Transaction) any { return t.Text.Fee }), "trim_scale(s.fee)"},
	{csvout.Col("Status", func(t Transaction) any { return displayStatus(t.Status, t.Confirmations, t.MaxConfirmation).Label }),
		`CASE WHEN s.status = 'failed' THEN 'Failed' WHEN s.confirmations = 0 THEN 'Pending'
		WHEN s.confirmations < s.max_confirmation THEN 'Confirmation: ' || s.confirmations || '/' || s.max_confirmation
		ELSE 'Confirmed' END`},
	{csvout.Col("Confirmations", func(t Transaction) any { return t.Confirmations }), "s.confirmations"},
	{csvout.Col("Max Confirmation", func(t Transaction) any { return t.MaxConfirmation }), "s.max_confirmation"},
	{csvout.Col("Hash", func(t Transaction) any { return csvout.Text(t.Hash) }), neutralised("s.hash")},
	{csvout.Col("Receiver Address", func(t Transaction) any { return csvout.Text(t.ReceiverAddress) }), neutralised("s.receiver_address")},
	{csvout.Col("Wallet", func(t Transaction) any { return csvout.Text(t.Wallet.Name) }), neutralised("s.wallet_name")},
	{csvout.Col("Exchange", func(t Transaction) any { return t.Exchange }), "CASE WHEN s.is_exchange THEN 'true' ELSE 'false' END"},
	{csvout.Col("Explorer URL", func(t Transaction) any { return csvout.Text(t.ExplorerURL) }), neutralised("s.explorer_url")},
}

// Columns are the transaction list's CSV columns, as the list declares them.
var Columns = func() []csvout.Column[Transaction] {
	out := make([]csvout.Column[Transaction], len(columns))
	for i, c := range columns {
		out[i] = c.Column
	}
	return out
}()

// copyCells are the columns' cells as PostgreSQL makes them, in their order.
var copyCells = func() []string {
	out := make([]string, len(columns))
	for i, c := range columns {
		out[i] = c.copy
	}
	return out
}()

package ledger

import (
	"fmt"

	"xapa/backoffice/internal/csvout"
)

// Columns are the transaction list's CSV columns (History and a user's
// report). Amounts are the stored digits (Transaction.Text).
var Columns = []csvout.Column[Transaction]{
	csvout.Col("ID", func(t Transaction) any { return t.ID }),
	csvout.Col("Created At", func(t Transaction) any { return t.CreatedAt }),
	csvout.Col("User ID", func(t Transaction) any { return t.User.ID }),
	csvout.Col("User Email", func(t Transaction) any { return csvout.Text(t.User.Email) }),
	csvout.Col("Coin", func(t Transaction) any { return csvout.Text(t.CoinType.Symbol) }),
	csvout.Col("Network", func(t Transaction) any { return t.Network }),
	csvout.Col("Type", func(t Transaction) any { return t.Type }),
	csvout.Col("Amount", func(t Transaction) any { return t.Text.Amount }),
	csvout.Col("Network Fee", func(t Transaction) any { return t.Text.NetworkFee }),
	csvout.Col("Commission", func(t Transaction) any { return t.Text.Commission }),
	csvout.Col("Fee", func(t Transaction) any { return t.Text.Fee }),
	csvout.Col("Status", func(t Transaction) any { return displayStatus(t.Status, t.Confirmations, t.MaxConfirmation) }),
	csvout.Col("Confirmations", func(t Transaction) any { return t.Confirmations }),
	csvout.Col("Max Confirmation", func(t Transaction) any { return t.MaxConfirmation }),
	csvout.Col("Hash", func(t Transaction) any { return csvout.Text(t.Hash) }),
	csvout.Col("Receiver Address", func(t Transaction) any { return csvout.Text(t.ReceiverAddress) }),
	csvout.Col("Wallet", func(t Transaction) any { return csvout.Text(t.Wallet.Name) }),
	csvout.Col("Exchange", func(t Transaction) any { return t.Exchange }),
	csvout.Col("Explorer URL", func(t Transaction) any { return csvout.Text(t.ExplorerURL) }),
}

// displayStatus is the state the History screen shows for a transaction.
func displayStatus(status string, confirmations, needed int) string {
	switch {
	case status == "failed":
		return "Failed"
	case confirmations == 0:
		return "Pending"
	case confirmations < needed:
		return fmt.Sprintf("Confirmation: %d/%d", confirmations, needed)
	}
	return "Confirmed"
}

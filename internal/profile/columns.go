package profile

import "xapa/backoffice/internal/csvout"

// WalletColumns are a user's wallet list's CSV columns (the first address).
var WalletColumns = []csvout.Column[Wallet]{
	csvout.Col("ID", func(w Wallet) any { return w.ID }),
	csvout.Col("Name", func(w Wallet) any { return csvout.Text(w.Name) }),
	csvout.Col("Coin", func(w Wallet) any { return csvout.Text(w.CoinType.Symbol) }),
	csvout.Col("Network", func(w Wallet) any { return w.Network }),
	csvout.Col("Balance", func(w Wallet) any { return w.Balance }),
	// As the screen shows it: the balance at the coin's current rate.
	csvout.Col("USD Value", func(w Wallet) any { return w.USDValue }),
	csvout.Col("Address", func(w Wallet) any {
		if len(w.WalletAddresses) == 0 {
			return csvout.Text("")
		}
		return csvout.Text(w.WalletAddresses[0].Address)
	}),
	csvout.Col("Created At", func(w Wallet) any { return w.CreatedAt }),
}

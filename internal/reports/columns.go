package reports

import "xapa/backoffice/internal/csvout"

// BonusColumns are the bonus report's CSV columns.
var BonusColumns = []csvout.Column[BonusRow]{
	csvout.Col("U-ID", func(b BonusRow) any { return b.User.ID }),
	csvout.Col("User", func(b BonusRow) any { return csvout.Text(b.User.Email) }),
	csvout.Col("Invited User", func(b BonusRow) any { return csvout.Text(b.InvitedUser.Email) }),
	csvout.Col("Bonus Amount (Coin)", func(b BonusRow) any { return b.BonusAmount }),
	csvout.Col("Coin", func(b BonusRow) any { return csvout.Text(b.BonusWallet.CoinType.Symbol) }),
	csvout.Col("Bonus Amount ($)", func(b BonusRow) any { return b.UsdAmount }),
	csvout.Col("Kind", func(b BonusRow) any { return b.Kind }),
	csvout.Col("Time Stamp", func(b BonusRow) any { return b.CreatedAt }),
}

// ExchangeColumns are the exchange report's CSV columns.
var ExchangeColumns = []csvout.Column[ExchangeRow]{
	csvout.Col("ID", func(e ExchangeRow) any { return e.ID }),
	csvout.Col("User ID", func(e ExchangeRow) any { return e.User.ID }),
	csvout.Col("User", func(e ExchangeRow) any { return csvout.Text(e.User.Email) }),
	csvout.Col("Source Coin", func(e ExchangeRow) any { return csvout.Text(e.FromWallet.CoinType.Symbol) }),
	csvout.Col("Target Coin", func(e ExchangeRow) any { return csvout.Text(e.ToWallet.CoinType.Symbol) }),
	csvout.Col("Exchange Rate", func(e ExchangeRow) any { return e.ExchangeRate }),
	csvout.Col("Sent Amount", func(e ExchangeRow) any { return e.FromAmount }),
	csvout.Col("Received Amount", func(e ExchangeRow) any { return e.ToAmount }),
	csvout.Col("Fee", func(e ExchangeRow) any { return e.Fee }),
	csvout.Col("Created At", func(e ExchangeRow) any { return e.CreatedAt }),
}

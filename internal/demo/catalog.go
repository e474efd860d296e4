package demo

import "xapa/backoffice/internal/rbac"

// coinSpec is one demo coin; chain is the symbol of the chain coin for a token.
type coinSpec struct {
	name, symbol, chain string
	decimals, maxConf   int
	rate                string // USD
	minAmount, maxAmt   float64
	fee                 string // network fee per send
	explorer            string
	mainContract        string
}

// coins in display order: the first four are the dashboard's candle cards.
var coins = []coinSpec{
	{"Bitcoin", "BTC", "", 8, 3, "67250.12", 0.0005, 0.8, "0.00012", "https://blockstream.info/tx/{hash}", ""},
	{"Ethereum", "ETH", "", 18, 12, "3480.55", 0.01, 6, "0.0009", "https://etherscan.io/tx/{hash}", ""},
	{"Tron", "TRX", "", 6, 19, "0.1234", 20, 60000, "1.1", "https://tronscan.org/#/transaction/{hash}", ""},
	{"BNB", "BNB", "", 18, 15, "585.4", 0.01, 12, "0.0005", "https://bscscan.com/tx/{hash}", ""},
	{"Litecoin", "LTC", "", 8, 6, "84.1", 0.1, 40, "0.0001", "https://blockchair.com/litecoin/transaction/{hash}", ""},
	{"Tether USD", "USDT", "TRX", 6, 19, "1", 5, 8000, "1", "https://tronscan.org/#/transaction/{hash}", "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t"},
	{"Tether USD", "USDT", "ETH", 6, 12, "1", 5, 8000, "2.5", "https://etherscan.io/tx/{hash}", "0xdAC17F958D2ee523a2206206994597C13D831ec7"},
	{"USD Coin", "USDC", "ETH", 6, 12, "0.9998", 5, 6000, "2.5", "https://etherscan.io/tx/{hash}", "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48"},
	{"Shiba Inu", "SHIB", "ETH", 18, 12, "0.00001712", 100000, 90000000, "150000", "https://etherscan.io/tx/{hash}", "0x95aD61b0a150d79219dCF64E1E6Cc01f0B64C4cE"},
	{"Chainlink", "LINK", "ETH", 18, 12, "14.82", 1, 600, "0.2", "https://etherscan.io/tx/{hash}", "0x514910771AF9Ca656af840dff83E8264EcF986CA"},
	{"Dai", "DAI", "BNB", 18, 15, "1.0002", 5, 4000, "0.3", "https://bscscan.com/tx/{hash}", "0x1AF3F329e8BE154074D8769D1FFa4eE058B1DBc3"},
}

// bonusCoin is the coin referral bonuses are paid in (USDT on Tron).
const bonusCoin = 5

// staffSpec is one demo staff member; role "" is the customer with no permissions.
type staffSpec struct {
	username, fullName, role string
}

var staff = []staffSpec{
	{"demo", "Dana Demo", "Administrator"},
	{"support", "Sam Support", "Support"},
	{"finance", "Fay Finance", "Finance"},
	{"compliance", "Cole Compliance", "Compliance"},
	{"approver", "Avery Approver", "Administrator"}, // the second person of the four-eyes approval
	{"customer", "Carl Customer", ""},
}

// roleSpec is one demo permission role.
type roleSpec struct {
	name, description string
	permissions       []string
}

var roles = []roleSpec{
	{"Administrator", "Every permission", rbac.AllKeys()},
	{"Support", "Customer support: users, profiles and transactions", []string{
		rbac.TotalUser, rbac.TotalOnlineUser, rbac.TransactionHistory, rbac.ShowUser, rbac.UsersList, rbac.EditUser}},
	{"Finance", "Balances, revenue and financial reports", []string{
		rbac.Candles, rbac.CustomerBalance, rbac.TransactionBalances, rbac.TransactionSent, rbac.TransactionExchange,
		rbac.TransactionHistory, rbac.ShowUser, rbac.TransactionAccounting, rbac.UserAccounting, rbac.BonusReport}},
	{"Compliance", "Investigations: transactions, users, exchanges and the audit log", []string{
		rbac.TransactionHistory, rbac.ShowUser, rbac.UsersList, rbac.TransactionExchange, rbac.BonusReport, rbac.AuditLog}},
}

var firstNames = []string{"Olivia", "Liam", "Emma", "Noah", "Ava", "Elijah", "Sophia", "Lucas", "Mia", "Mateo",
	"Amelia", "Levi", "Harper", "Ethan", "Aria", "Kenji", "Yara", "Omar", "Ines", "Tomas", "Priya", "Chen", "Fatima",
	"Lars", "Zoe", "Ivan", "Nadia", "Kofi", "Lena", "Diego"}

var lastNames = []string{"Smith", "Garcia", "Müller", "Rossi", "Kowalski", "Nguyen", "Okafor", "Tanaka", "Silva",
	"Novak", "Haddad", "Jensen", "Dubois", "Kim", "Patel", "Costa", "Moreau", "Schmidt", "Ivanova", "Mensah"}

var devices = []struct{ platform, model string }{
	{"Android", "Pixel 8"}, {"Android", "Galaxy S24"}, {"IOS", "iPhone 15"}, {"IOS", "iPhone 13 mini"},
	{"Web", "Chrome 131 on Windows"}, {"Web", "Firefox 133 on Linux"}, {"Web", "Safari 18 on macOS"},
}

type appVersionSpec struct {
	name, platform string
	daysAgo        int
	force          bool
	changelog      map[string][]string
}

var appVersions = []appVersionSpec{
	{"2.140.01", "Android", 120, false, map[string][]string{"New Features": {"Exchange between any two coins"}, "Bug Fixes": {"Fixed balance refresh after a send"}}},
	{"2.141.00", "IOS", 95, false, map[string][]string{"New Features": {"Face ID sign-in"}, "Improvements": {"Faster wallet list"}}},
	{"2.150.02", "Android", 60, true, map[string][]string{"Security": {"Stronger device binding"}, "Bug Fixes": {"Crash on QR scan fixed", "Wrong fee shown for TRX tokens"}}},
	{"1.020.00", "Web", 45, false, map[string][]string{"New Features": {"Web wallet beta"}}},
	{"2.151.00", "IOS", 30, false, map[string][]string{"Improvements": {"Clearer referral screen"}, "Known Issues": {"Widgets may lag on iOS 17"}}},
	{"2.160.00", "Android", 12, false, map[string][]string{"New Features": {"Referral promotion"}, "Improvements": {"Smaller download"}}},
	{"1.030.01", "Web", 5, true, map[string][]string{"Security": {"Session timeout after one hour idle"}, "Bug Fixes": {"CSV export dates"}}},
}

var blacklist = []string{"LUNA/USDT", "FTT/USDT", "UST/USDT", "SQUID/BNB", "SAFEMOON/BNB", "TITAN/USDT"}

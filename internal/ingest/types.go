package ingest

import (
	"time"

	"github.com/swaggest/jsonschema-go"

	"xapa/backoffice/internal/ledger"
)

// Amount is an exact decimal as a string: at most 20 digits before the
// point and 18 after it, as the database holds amounts.
type Amount string

// AmountPattern is what an Amount looks like.
const AmountPattern = `^[0-9]{1,20}(\.[0-9]{1,18})?$`

// JSONSchema says what an Amount is, for the contract and the checks.
func (Amount) JSONSchema() (jsonschema.Schema, error) {
	var s jsonschema.Schema
	s.WithType(jsonschema.String.Type()).WithPattern(AmountPattern).
		WithDescription("An exact decimal: at most 20 digits before the point and 18 after it.").WithExamples("0.015")
	return s, nil
}

// Address is a wallet's address on its chain.
type Address string

// JSONSchema says what an Address is.
func (Address) JSONSchema() (jsonschema.Schema, error) {
	var s jsonschema.Schema
	s.WithType(jsonschema.String.Type()).WithMinLength(1).WithMaxLength(256)
	return s, nil
}

// Data is the data of an event type the core sends.
type Data interface {
	EventType() string // its CloudEvents type
}

// EventType is the CloudEvents type of a Chain event.
func (Chain) EventType() string { return "xapa.chain.v1" }

// EventType is the CloudEvents type of a Customer event.
func (Customer) EventType() string { return "xapa.customer.v1" }

// EventType is the CloudEvents type of a Wallet event.
func (Wallet) EventType() string { return "xapa.wallet.v1" }

// EventType is the CloudEvents type of a Transaction event.
func (Transaction) EventType() string { return "xapa.transaction.v1" }

// EventType is the CloudEvents type of a Exchange event.
func (Exchange) EventType() string { return "xapa.exchange.v1" }

// EventType is the CloudEvents type of a Bonus event.
func (Bonus) EventType() string { return "xapa.bonus.v1" }

// EventType is the CloudEvents type of a CompanyWallet event.
func (CompanyWallet) EventType() string { return "xapa.company_wallet.v1" }

// EventType is the CloudEvents type of a Rate event.
func (Rate) EventType() string { return "xapa.rate.v1" }

// EventType is the CloudEvents type of a Candle event.
func (Candle) EventType() string { return "xapa.candle.v1" }

// EventType is the CloudEvents type of a Blacklist event.
func (Blacklist) EventType() string { return "xapa.blacklist.v1" }

// EventType is the CloudEvents type of a CommandResult event.
func (CommandResult) EventType() string { return "xapa.command_result.v1" }

// Chain is xapa.chain.v1: a chain and its own coin ("BTC").
type Chain struct {
	Symbol          string `json:"symbol" required:"true" pattern:"^[A-Z0-9]{1,16}$"`
	Name            string `json:"name" required:"true" minLength:"1" maxLength:"64"`
	Decimals        int    `json:"decimals" required:"true" minimum:"0" maximum:"18"`
	MaxConfirmation int    `json:"max_confirmation" required:"true" minimum:"1" maximum:"10000"`
	ExplorerTxURL   string `json:"explorer_tx_url" required:"true" maxLength:"512" description:"A URL with {hash} where the transaction's hash goes."`
	Icon            string `json:"icon" required:"true" maxLength:"512" description:"A URL, or empty."`
	Version         int64  `json:"version" required:"true" minimum:"1"`
}

// Customer is xapa.customer.v1: a customer (a user who is not staff).
type Customer struct {
	ID             string     `json:"id" required:"true" minLength:"1" maxLength:"64"`
	Email          string     `json:"email" required:"true" format:"email" maxLength:"254"`
	FullName       string     `json:"full_name" required:"true" maxLength:"128"`
	Enabled        bool       `json:"enabled" required:"true"`
	EmailVerified  bool       `json:"email_verified" required:"true"`
	VerifiedAt     *time.Time `json:"verified_at" required:"true"`
	PhoneNumber    *string    `json:"phone_number" required:"true" maxLength:"32"`
	GAEnabled      bool       `json:"ga_enabled" required:"true"`
	SMS2FAEnabled  bool       `json:"sms_2fa_enabled" required:"true"`
	SMSVerified    bool       `json:"sms_verified" required:"true"`
	InvitationCode string     `json:"invitation_code" required:"true" maxLength:"32"`
	InvitedBy      *string    `json:"invited_by" required:"true" minLength:"1" maxLength:"64" description:"The inviter's customer id, or null."`
	DeviceType     string     `json:"device_type" required:"true" maxLength:"32"`
	LastLogin      *time.Time `json:"last_login" required:"true"`
	CreatedAt      time.Time  `json:"created_at" required:"true"`
	Version        int64      `json:"version" required:"true" minimum:"1"`
	BackofficeID   *int64     `json:"backoffice_id,omitempty" minimum:"1" description:"Our id of a customer registered here: links the two."`
}

// Wallet is xapa.wallet.v1: a customer's wallet of one coin.
type Wallet struct {
	ID         string         `json:"id" required:"true" minLength:"1" maxLength:"64"`
	CustomerID string         `json:"customer_id" required:"true" minLength:"1" maxLength:"64"`
	Coin       string         `json:"coin" required:"true" pattern:"^[A-Z0-9]{1,16}(@[A-Z0-9]{1,16})?$" description:"\"BTC\" or \"USDT@TRX\"."`
	Network    ledger.Network `json:"network" required:"true"`
	Name       string         `json:"name" required:"true" maxLength:"128"`
	Balance    Amount         `json:"balance" required:"true"`
	Addresses  []Address      `json:"addresses" required:"true" nullable:"false" maxItems:"64"`
	CreatedAt  time.Time      `json:"created_at" required:"true"`
	Version    int64          `json:"version" required:"true" minimum:"1"`
}

// Transaction is xapa.transaction.v1: a deposit (received) or a send (sent).
type Transaction struct {
	ID              string         `json:"id" required:"true" minLength:"1" maxLength:"64"`
	CustomerID      string         `json:"customer_id" required:"true" minLength:"1" maxLength:"64"`
	WalletID        string         `json:"wallet_id" required:"true" minLength:"1" maxLength:"64"`
	Coin            string         `json:"coin" required:"true" pattern:"^[A-Z0-9]{1,16}(@[A-Z0-9]{1,16})?$"`
	Type            ledger.Type    `json:"type" required:"true"`
	Network         ledger.Network `json:"network" required:"true"`
	Status          ledger.Status  `json:"status" required:"true"`
	Confirmations   int            `json:"confirmations" required:"true" minimum:"0"`
	MaxConfirmation int            `json:"max_confirmation" required:"true" minimum:"1"`
	Amount          Amount         `json:"amount" required:"true"`
	NetworkFee      Amount         `json:"network_fee" required:"true"`
	Commission      Amount         `json:"commission" required:"true"`
	Fee             Amount         `json:"fee" required:"true"`
	Hash            string         `json:"hash" required:"true" maxLength:"256"`
	ReceiverAddress string         `json:"receiver_address" required:"true" maxLength:"256"`
	Exchange        bool           `json:"exchange" required:"true"`
	CreatedAt       time.Time      `json:"created_at" required:"true"`
	Version         int64          `json:"version" required:"true" minimum:"1"`
}

// Exchange is xapa.exchange.v1: a customer's exchange between two of their
// wallets. It never changes: a second event for it changes nothing.
type Exchange struct {
	ID           string    `json:"id" required:"true" minLength:"1" maxLength:"64"`
	CustomerID   string    `json:"customer_id" required:"true" minLength:"1" maxLength:"64"`
	FromWalletID string    `json:"from_wallet_id" required:"true" minLength:"1" maxLength:"64"`
	ToWalletID   string    `json:"to_wallet_id" required:"true" minLength:"1" maxLength:"64"`
	Rate         Amount    `json:"rate" required:"true"`
	FromAmount   Amount    `json:"from_amount" required:"true"`
	ToAmount     Amount    `json:"to_amount" required:"true"`
	Fee          Amount    `json:"fee" required:"true" description:"In the source coin: the company's exchange revenue."`
	CreatedAt    time.Time `json:"created_at" required:"true"`
}

// Bonus is xapa.bonus.v1: a referral bonus paid. It never changes.
type Bonus struct {
	ID                string    `json:"id" required:"true" minLength:"1" maxLength:"64"`
	CustomerID        string    `json:"customer_id" required:"true" minLength:"1" maxLength:"64"`
	InvitedCustomerID string    `json:"invited_customer_id" required:"true" minLength:"1" maxLength:"64"`
	WalletID          string    `json:"wallet_id" required:"true" minLength:"1" maxLength:"64"`
	Kind              string    `json:"kind" required:"true" enum:"inviter,invited"`
	Amount            Amount    `json:"amount" required:"true"`
	USDAmount         Amount    `json:"usd_amount" required:"true"`
	CreatedAt         time.Time `json:"created_at" required:"true"`
}

// CompanyWallet is xapa.company_wallet.v1: the company's own wallet of a
// coin. The newest at wins.
type CompanyWallet struct {
	Coin       string    `json:"coin" required:"true" pattern:"^[A-Z0-9]{1,16}(@[A-Z0-9]{1,16})?$"`
	Address    string    `json:"address" required:"true" maxLength:"256"`
	Balance    Amount    `json:"balance" required:"true"`
	NetworkFee Amount    `json:"network_fee" required:"true"`
	At         time.Time `json:"at" required:"true"`
}

// Rate is xapa.rate.v1: a coin's price in USD and its conversion rate. The
// newest at wins.
type Rate struct {
	Coin           string    `json:"coin" required:"true" pattern:"^[A-Z0-9]{1,16}(@[A-Z0-9]{1,16})?$"`
	FiatRate       Amount    `json:"fiat_rate" required:"true"`
	ConversionRate Amount    `json:"conversion_rate" required:"true"`
	At             time.Time `json:"at" required:"true"`
}

// Candle is xapa.candle.v1: a coin's market candle of one day (UTC). The
// newest at wins, per coin and day.
type Candle struct {
	Coin  string    `json:"coin" required:"true" pattern:"^[A-Z0-9]{1,16}(@[A-Z0-9]{1,16})?$"`
	Day   string    `json:"day" required:"true" format:"date"`
	Open  Amount    `json:"open" required:"true"`
	High  Amount    `json:"high" required:"true"`
	Low   Amount    `json:"low" required:"true"`
	Close Amount    `json:"close" required:"true"`
	At    time.Time `json:"at" required:"true"`
}

// Blacklist is xapa.blacklist.v1: a market listed on, or taken off, the
// black list. The event with the newest time wins.
type Blacklist struct {
	MarketName string `json:"market_name" required:"true" minLength:"1" maxLength:"64"`
	Listed     bool   `json:"listed" required:"true"`
}

// CommandResult is xapa.command_result.v1: what the core did with a
// command of the back office's (internal/commands).
type CommandResult struct {
	CommandID string `json:"command_id" required:"true" minLength:"1" maxLength:"64" description:"The command's id."`
	Status    string `json:"status" required:"true" enum:"applied,rejected"`
	Reason    string `json:"reason" maxLength:"500" description:"Why the core refused it: shown to staff beside the change."`
}

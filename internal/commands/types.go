package commands

import "time"

// Data is the data of a command type the back office sends.
type Data interface {
	CommandType() string // its CloudEvents type
	Entity() string      // what it changes: its commands are delivered in the order made
}

// CommandType is the CloudEvents type of a Customer command.
func (Customer) CommandType() string { return "xapa.cmd.customer.v1" }

// CommandType is the CloudEvents type of a Coin command.
func (Coin) CommandType() string { return "xapa.cmd.coin.v1" }

// CommandType is the CloudEvents type of a Promotion command.
func (Promotion) CommandType() string { return "xapa.cmd.promotion.v1" }

// CommandType is the CloudEvents type of an AppVersion command.
func (AppVersion) CommandType() string { return "xapa.cmd.app_version.v1" }

// Customer is xapa.cmd.customer.v1: a staff change to a customer, with only
// the fields it changed, or a customer registered here (Created).
type Customer struct {
	CustomerID    string  `json:"customer_id,omitempty" maxLength:"64" description:"The core's id of the customer; absent for one registered here and not yet linked."`
	BackofficeID  int64   `json:"backoffice_id" required:"true" minimum:"1" description:"Our id of the customer."`
	Created       bool    `json:"created,omitempty" description:"The customer was registered in the back office: the core creates it and links it with backoffice_id."`
	Email         *string `json:"email,omitempty" maxLength:"254"`
	FullName      *string `json:"full_name,omitempty" maxLength:"128"`
	PhoneNumber   *string `json:"phone_number,omitempty" maxLength:"32" description:"Empty: none."`
	Enabled       *bool   `json:"enabled,omitempty"`
	GAEnabled     *bool   `json:"ga_enabled,omitempty" description:"Only ever false: staff switch it off."`
	SMS2FAEnabled *bool   `json:"sms_2fa_enabled,omitempty" description:"Only ever false: staff switch it off."`
}

// Entity is what a Customer command changes.
func (c Customer) Entity() string { return entity("customer", c.BackofficeID) }

// Coin is xapa.cmd.coin.v1: a token as the catalogue holds it after a
// staff change.
type Coin struct {
	BackofficeID    int64  `json:"backoffice_id" required:"true" minimum:"1" description:"Our id of the token: it stays when its symbol or chain change."`
	Coin            string `json:"coin" required:"true" description:"Its name as events give it: symbol@chain (USDT@TRX)."`
	Name            string `json:"name" required:"true"`
	Decimals        int    `json:"decimals" required:"true" minimum:"0"`
	MaxConfirmation int    `json:"max_confirmation" required:"true" minimum:"1"`
	MainContract    string `json:"main_contract" required:"true"`
	TestContract    string `json:"test_contract" required:"true"`
	MinSpendable    string `json:"min_spendable" required:"true" description:"An exact decimal."`
}

// Entity is what a Coin command changes.
func (c Coin) Entity() string { return entity("coin", c.BackofficeID) }

// Promotion is xapa.cmd.promotion.v1: the referral promotion's settings.
type Promotion struct {
	Enabled     bool             `json:"enabled" required:"true"`
	Start       time.Time        `json:"start" required:"true"`
	End         time.Time        `json:"end" required:"true"`
	WaitingDays int              `json:"waiting_days" required:"true" minimum:"0"`
	Inviter     PromotionBonus   `json:"inviter" required:"true"`
	Invited     PromotionBonus   `json:"invited" required:"true"`
	Minimums    []PromotionFloor `json:"minimums" required:"true" description:"The least balance of each coin a customer needs to take part."`
}

// PromotionBonus is one side's bonus, in USD, paid in a coin.
type PromotionBonus struct {
	Coin       string `json:"coin" required:"true"`
	USDAmount  string `json:"usd_amount" required:"true" description:"An exact decimal."`
	USDDefault string `json:"usd_default" required:"true" description:"An exact decimal."`
}

// PromotionFloor is a coin's least balance.
type PromotionFloor struct {
	Coin   string `json:"coin" required:"true"`
	Amount string `json:"amount" required:"true" description:"An exact decimal."`
}

// Entity is what a Promotion command changes: the one promotion.
func (Promotion) Entity() string { return "promotion" }

// AppVersion is xapa.cmd.app_version.v1: a release of the customers' app,
// or its deletion.
type AppVersion struct {
	BackofficeID        int64  `json:"backoffice_id" required:"true" minimum:"1"`
	Name                string `json:"name" required:"true"`
	Platform            string `json:"platform" required:"true" enum:"Android,IOS,Web"`
	ReleaseDate         string `json:"release_date,omitempty" description:"YYYY-MM-DD HH:mm:ss, UTC; absent when deleted."`
	ForceUpdateRequired bool   `json:"force_update_required"`
	Deleted             bool   `json:"deleted,omitempty"`
}

// Entity is what a AppVersion command changes.
func (a AppVersion) Entity() string { return entity("app_version", a.BackofficeID) }

// Types are the command types, for the contract.
func Types() []Data { return []Data{AppVersion{}, Coin{}, Customer{}, Promotion{}} }

// Package demo generates demo data: deterministic for a seed, complete enough
// that every screen and state of the product shows, and fast enough to load
// a million transactions for benchmarks.
package demo

import (
	"context"
	crand "crypto/rand"
	"database/sql"
	"encoding/base32"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"strings"
	"time"
	"xapa/backoffice/internal/approvals"
	"xapa/backoffice/internal/audit"

	"github.com/shopspring/decimal"

	"xapa/backoffice/internal/auth"
	"xapa/backoffice/internal/secrets"
	"xapa/backoffice/internal/store"
	"xapa/backoffice/internal/utc"
)

// passwordSecret names the demo staff's password in server_secrets: random
// per database (made by Generate), printed at every start of serve --demo.
const passwordSecret = "demo_staff_password"

// Options sizes the data.
type Options struct {
	Users        int   // customers, besides the staff
	Transactions int   // wallet transactions
	Days         int   // the days the transactions and exchanges span, up to Now (0: 90)
	Seed         int64 // same seed, same data (relative to Now)
	Now          time.Time
	Secrets      *secrets.Box // seals the TOTP secrets and the staff password (required)
	// Approvals starts the four-eyes approval policy as the demo shows it (approvals.DemoPolicy): roles and
	// the promotion need a second person, the demo's approver. Off: the policy starts empty.
	Approvals bool
}

// Staff is a demo sign-in printed for the person who started the demo.
type Staff struct {
	Username, Email, Role, TOTPSecret string
}

// ErrNotEmpty is returned when the database already holds users.
var ErrNotEmpty = errors.New("the database already holds users")

// Generate fills an empty, migrated database. Nodes started together on one
// database take turns (store.LockDemoLoad): one loads, the others wait for it
// and then find the database filled (ErrNotEmpty), never half loaded.
func Generate(ctx context.Context, db *store.DB, o Options) error {
	return db.WithLock(ctx, store.LockDemoLoad, func() error { return generate(ctx, db, o) })
}

func generate(ctx context.Context, db *store.DB, o Options) error {
	var n int
	if err := db.QueryRowContext(ctx, `SELECT count(*) FROM users`).Scan(&n); err != nil {
		return err
	}
	if n > 0 {
		return ErrNotEmpty
	}
	if o.Secrets == nil {
		return errors.New("demo: no secrets box (Options.Secrets)")
	}
	if o.Now.IsZero() {
		o.Now = store.Now()
	}
	g := &gen{o: o, rng: rand.New(rand.NewPCG(uint64(o.Seed), 0x9e3779b97f4a7c15)), now: o.Now.UTC().Truncate(time.Second)}
	password, err := newPassword()
	if err != nil {
		return err
	}
	if _, err := secrets.NamedValue(ctx, db, o.Secrets, passwordSecret, password); err != nil {
		return err
	}
	staffHash, err := auth.HashPassword(password)
	if err != nil {
		return err
	}
	g.staffHash = staffHash
	g.planUsers()
	core, err := newCore(ctx, db, g.now, fmt.Sprintf("seed-%d-", g.o.Seed))
	if err != nil {
		return err
	}
	// The core's chains first: the back office's tokens are on them.
	if err := g.sendChains(core); err != nil {
		return err
	}
	if err := g.readCoinIDs(ctx, db); err != nil {
		return err
	}
	if err := db.Load(ctx, []string{"coins", "roles", "role_permissions", "users", "users_search"}, func(l *store.Loader) error {
		return each(ctx, l, g.loadTokens, g.loadRoles, g.loadStaff)
	}); err != nil {
		return err
	}
	for _, send := range []func(*simCore) error{g.sendRates, g.sendCandles, g.sendBlacklist, g.sendCustomers,
		g.sendWallets, g.sendActivity, g.sendBooks, g.sendCompanyWallets} {
		if err := send(core); err != nil {
			return err
		}
	}
	if err := core.flush(); err != nil {
		return err
	}
	if err := g.readCustomerIDs(ctx, db); err != nil {
		return err
	}
	err = db.Load(ctx, []string{"sessions", "app_versions", "app_version_groups", "app_version_items", "promotion_settings",
		"promotion_minimums"}, func(l *store.Loader) error {
		return each(ctx, l, g.loadSessions, g.loadAppVersions, g.loadPromotion)
	})
	if err == nil {
		err = g.recordSeed(ctx, db)
	}
	if err != nil || !o.Approvals {
		return err
	}
	return approvals.SetPolicy(ctx, db, approvals.DemoPolicy, g.now)
}

func each(ctx context.Context, l *store.Loader, steps ...func(context.Context, *store.Loader) error) error {
	for _, step := range steps {
		if err := step(ctx, l); err != nil {
			return err
		}
	}
	return nil
}

// StaffPassword is the password of every demo staff member (and the demo
// customer) of this database.
func StaffPassword(ctx context.Context, db *store.DB, box *secrets.Box) (string, error) {
	var sealed string
	if err := db.QueryRowContext(ctx, `SELECT value FROM server_secrets WHERE name = $1`, passwordSecret).Scan(&sealed); err != nil {
		return "", err
	}
	return secrets.OpenStored(box, secrets.Server, sealed)
}

// newPassword is a random demo password: 16 letters and digits in groups of
// four (about 95 bits), easy to type.
func newPassword() (string, error) {
	const alphabet = "abcdefghjkmnpqrstuvwxyzABCDEFGHJKMNPQRSTUVWXYZ23456789"
	b := make([]byte, 16)
	if _, err := crand.Read(b); err != nil {
		return "", err
	}
	var out strings.Builder
	for i, c := range b {
		if i > 0 && i%4 == 0 {
			out.WriteByte('-')
		}
		out.WriteByte(alphabet[int(c)%len(alphabet)])
	}
	return out.String(), nil
}

// LoadStaff reads the demo staff sign-ins from the database.
func LoadStaff(ctx context.Context, db *store.DB, box *secrets.Box) ([]Staff, error) {
	var out []Staff
	for _, s := range staff {
		var st Staff
		var secret sql.NullString
		var role sql.NullString
		err := db.QueryRowContext(ctx, `SELECT u.username, u.email, r.role, u.ga_secret FROM users u
			LEFT JOIN roles r ON r.id = u.role_id WHERE u.username = $1`, s.username).Scan(&st.Username, &st.Email, &role, &secret)
		if errors.Is(err, sql.ErrNoRows) {
			continue
		}
		if err != nil {
			return nil, err
		}
		st.Role = role.String
		if st.TOTPSecret, err = secrets.OpenStored(box, secrets.GASecret, secret.String); err != nil {
			return nil, err
		}
		out = append(out, st)
	}
	return out, nil
}

type user struct {
	index             int   // in gen.users
	id, invitedBy     int64 // ours (known for staff up front, for customers once applied); the inviter's index+1
	created, lastSeen time.Time
	verifiedAt        *time.Time
	verified, enabled bool
	ga, sms           bool
	phone             *string
	device            string
	invitePaid        bool // this user's own invite earned bonuses for both sides
	activeLater       bool // active after lastSeen was first planned: the core sends their last login again
	wallets           []wallet
	bonusWallet       int // index in wallets, -1 when none
	staff             *staffSpec
	email, name, code string
}

// isStaff reports whether u is staff: the back office's own, never the
// core's. The demo customer (a staff sign-in with no role) is the core's
// customer, registered here.
func (u *user) isStaff() bool { return u.staff != nil && u.staff.role != "" }

type wallet struct {
	id      int64
	coin    int    // index in coins
	network string // main or test: its transactions are of that network
	address string
}

type gen struct {
	o               Options
	rng             *rand.Rand
	now             time.Time
	staffHash       string
	users           []user
	customerBalance []decimal.Decimal // per coin, main network
	balances        []decimal.Decimal // the core's books: by wallet id - 1
	nextWalletID    int64
	coinIDs         []int64 // ours, by position in coins
}

func (g *gen) coinID(i int) int64 { return g.coinIDs[i] }

func (g *gen) chainOf(i int) int {
	if coins[i].chain == "" {
		return i
	}
	for j, c := range coins {
		if c.chain == "" && c.symbol == coins[i].chain {
			return j
		}
	}
	return i
}

func (g *gen) loadRoles(ctx context.Context, l *store.Loader) error {
	i := 0
	if _, err := l.Copy(ctx, "roles", []string{"id", "role", "description", "builtin", "created_at", "updated_at"}, func() ([]any, bool, error) {
		if i == len(roles) {
			return nil, false, nil
		}
		r := roles[i]
		i++
		return []any{int64(i), r.name, r.description, r.name == "Administrator", g.now.AddDate(-1, 0, 0), g.now}, true, nil
	}); err != nil {
		return err
	}
	ri, pi := 0, 0
	_, err := l.Copy(ctx, "role_permissions", []string{"role_id", "permission"}, func() ([]any, bool, error) {
		for ri < len(roles) && pi == len(roles[ri].permissions) {
			ri, pi = ri+1, 0
		}
		if ri == len(roles) {
			return nil, false, nil
		}
		pi++
		return []any{int64(ri + 1), roles[ri].permissions[pi-1]}, true, nil
	})
	return err
}

func roleID(name string) any {
	for i, r := range roles {
		if r.name == name {
			return int64(i + 1)
		}
	}
	return nil
}

// days is the span of the transactions and exchanges in days.
func (g *gen) days() int {
	if g.o.Days > 0 {
		return g.o.Days
	}
	return 90
}

// planUsers decides every user's dates, invites and wallets up front, so
// later tables can refer to them.
func (g *gen) planUsers() {
	total := len(staff) + g.o.Users
	g.users = make([]user, total)
	g.customerBalance = make([]decimal.Decimal, len(coins))
	span := time.Duration(max(400, g.days()+30)) * 24 * time.Hour
	for i := range g.users {
		u := &g.users[i]
		u.index, u.id = i, int64(i+1)
		u.bonusWallet = -1
		if i < len(staff) {
			s := staff[i]
			u.staff = &s
			u.email = s.username + "@xapa.example"
			u.name = s.fullName
			u.created = g.now.Add(-span - time.Duration(len(staff)-i)*time.Hour)
			u.verified = true
		} else {
			first, last := firstNames[g.rng.IntN(len(firstNames))], lastNames[g.rng.IntN(len(lastNames))]
			u.name = first + " " + last
			u.email = fmt.Sprintf("%s.%s%d@example.com", strings.ToLower(first), asciiLower(last), i)
			// Later ids joined later; more users joined recently.
			frac := math.Pow(float64(i-len(staff)+1)/float64(g.o.Users+1), 0.7)
			u.created = g.now.Add(-span + time.Duration(frac*float64(span))).Add(-time.Duration(g.rng.IntN(3600)) * time.Second)
			u.verified = g.rng.Float64() < 0.72
			if i > len(staff)+10 && g.rng.Float64() < 0.45 {
				// Mostly a recent user as inviter, which builds chains several levels deep.
				lo := max(len(staff), i-40)
				if g.rng.Float64() < 0.3 {
					lo = len(staff)
				}
				u.invitedBy = int64(lo + g.rng.IntN(i-lo) + 1)
			}
		}
		// Microseconds, as the databases keep times: a finer one can be stored rounded on one write path and
		// truncated on another, and a last login then falls before the activity it follows.
		u.created = u.created.Truncate(time.Microsecond)
		u.code = fmt.Sprintf("X%09d", 7919*int64(i+1)%1000000007)
		u.lastSeen = u.created.Add(time.Duration(g.rng.Float64() * float64(g.now.Sub(u.created)))).Truncate(time.Microsecond)
		if g.rng.Float64() < 0.04 || (u.staff != nil && i < 2) {
			u.lastSeen = g.now.Add(-time.Duration(g.rng.IntN(100)) * time.Second) // online now
		}
		g.planProfile(u)
		if u.isStaff() {
			continue // staff hold no wallets
		}
		nw := 1 + g.rng.IntN(4)
		seen := map[int]bool{}
		for k := 0; k < nw; k++ {
			c := g.pickCoin()
			if seen[c] {
				continue
			}
			seen[c] = true
			w := g.addWallet(u, c)
			if g.rng.Float64() < 0.12 {
				u.wallets[w].network = "test" // a wallet on the coin's test network
			}
		}
		if u.invitedBy != 0 && g.rng.Float64() < 0.7 {
			u.invitePaid = true
			u.bonusWallet = g.addWallet(u, bonusCoin)
			if inviter := &g.users[u.invitedBy-1]; inviter.bonusWallet == -1 {
				inviter.bonusWallet = -2 // the inviter is paid too: a wallet is added below
			}
		}
	}
	for i := range g.users {
		if u := &g.users[i]; u.bonusWallet == -2 {
			u.bonusWallet = g.addWallet(u, bonusCoin)
		}
	}
}

// pickCoin favours the big coins and USDT, as real customers do.
func (g *gen) pickCoin() int {
	weights := []int{20, 18, 10, 8, 5, 16, 8, 6, 3, 3, 3}
	n := g.rng.IntN(100)
	for i, w := range weights {
		if n < w {
			return i
		}
		n -= w
	}
	return 0
}

func (g *gen) addWallet(u *user, c int) int {
	g.nextWalletID++
	u.wallets = append(u.wallets, wallet{id: g.nextWalletID, coin: c, network: "main", address: g.address(g.chainOf(c))})
	return len(u.wallets) - 1
}

// planProfile decides what a user's profile shows besides their name.
func (g *gen) planProfile(u *user) {
	u.enabled = g.rng.Float64() < 0.97
	u.ga, u.sms = g.rng.Float64() < 0.3, g.rng.Float64() < 0.1
	u.device = devices[g.rng.IntN(len(devices))].platform
	if u.staff != nil {
		u.enabled, u.ga, u.sms, u.device = true, true, false, "Web"
	}
	if u.verified {
		at := utc.Earlier(u.created.Add(time.Duration(g.rng.IntN(72*3600))*time.Second), g.now)
		u.verifiedAt = &at
	}
	if u.sms || g.rng.Float64() < 0.3 {
		phone := fmt.Sprintf("+4915%08d", g.rng.IntN(100000000))
		u.phone = &phone
	}
}

// loadStaff writes the demo's sign-ins: staff, and the demo customer as
// registered here (the core's first event for it links the two).
func (g *gen) loadStaff(ctx context.Context, l *store.Loader) error {
	i := 0
	_, err := l.Copy(ctx, "users", []string{"id", "email", "username", "full_name", "password_hash", "enabled",
		"email_verified", "verified_at", "is_admin", "role_id", "ga_enabled", "ga_secret", "sms_2fa_enabled",
		"sms_verified", "phone_number", "invitation_code", "invited_by", "device_type", "last_login", "last_seen_at",
		"created_at", "updated_at"}, func() ([]any, bool, error) {
		if i == len(staff) {
			return nil, false, nil
		}
		u := g.users[i]
		i++
		isAdmin, role := false, any(nil)
		if u.isStaff() {
			isAdmin, role = true, roleID(u.staff.role)
		}
		secret := g.o.Secrets.SealString(secrets.GASecret.Purpose(), g.totpSecret())
		return []any{u.id, u.email, u.staff.username, u.name, g.staffHash, u.enabled, u.verified, u.verifiedAt, isAdmin,
			role, u.ga, secret, u.sms, u.sms, u.phone, u.code, nil, u.device, u.lastSeen, u.lastSeen, u.created,
			u.lastSeen}, true, nil
	})
	return err
}

// loadTokens adds the catalogue's tokens on the core's chains, as staff do
// on the Tokens screen.
func (g *gen) loadTokens(ctx context.Context, l *store.Loader) error {
	var maxID int64
	for _, id := range g.coinIDs {
		maxID = max(maxID, id)
	}
	for i, c := range coins {
		if c.chain == "" {
			continue
		}
		maxID++
		g.coinIDs[i] = maxID
	}
	i := 0
	_, err := l.Copy(ctx, "coins", []string{"id", "name", "symbol", "icon", "kind", "blockchain_id", "main_contract",
		"test_contract", "decimals", "max_confirmation", "min_spendable", "conversion_rate", "explorer_tx_url",
		"position", "created_at", "updated_at"}, func() ([]any, bool, error) {
		for i < len(coins) && coins[i].chain == "" {
			i++
		}
		if i == len(coins) {
			return nil, false, nil
		}
		c := coins[i]
		row := []any{g.coinID(i), c.name, c.symbol, icon(i), "token", g.coinID(g.chainOf(i)), c.mainContract,
			g.address(g.chainOf(i)), c.decimals, c.maxConf, dec("0.0001"), dec("1"), c.explorer, i + 1,
			g.now.AddDate(-2, 0, 0), g.now}
		i++
		return row, true, nil
	})
	return err
}

func (g *gen) usersWithWallets() []int {
	var out []int
	for i, u := range g.users {
		if len(u.wallets) > 0 {
			out = append(out, i)
		}
	}
	return out
}

func (g *gen) loadSessions(ctx context.Context, l *store.Loader) error {
	ui, k, id := 0, 0, int64(0)
	_, err := l.Copy(ctx, "sessions", []string{"id", "user_id", "token_hash", "kind", "platform", "device_model", "ip",
		"first_device", "created_at", "updated_at", "expires_at", "revoked_at"}, func() ([]any, bool, error) {
		for ui < len(g.users) && k == 1+int(g.users[ui].id%3) {
			ui, k = ui+1, 0
		}
		if ui == len(g.users) {
			return nil, false, nil
		}
		u := &g.users[ui]
		k++
		id++
		d := devices[g.rng.IntN(len(devices))]
		created := u.created.Add(time.Duration(g.rng.Float64() * float64(u.lastSeen.Sub(u.created))))
		updated, revoked := created.Add(time.Duration(g.rng.IntN(3600))*time.Second), any(nil)
		if k == 1 {
			updated = u.lastSeen // the newest session carries the last activity
		} else if g.rng.IntN(2) == 0 {
			revoked = updated
		}
		updated = utc.Earlier(updated, g.now)
		return []any{id, u.id, fmt.Sprintf("demo-%016x%016x", g.rng.Uint64(), g.rng.Uint64()), "full", d.platform,
			d.model, fmt.Sprintf("203.0.113.%d", g.rng.IntN(254)+1), k == 1 && u.id%2 == 0, created, updated,
			created.Add(12 * time.Hour), revoked}, true, nil
	})
	return err
}

func (g *gen) loadAppVersions(ctx context.Context, l *store.Loader) error {
	vi := 0
	if _, err := l.Copy(ctx, "app_versions", []string{"id", "name", "platform", "release_date", "force_update_required",
		"created_at"}, func() ([]any, bool, error) {
		if vi == len(appVersions) {
			return nil, false, nil
		}
		v := appVersions[vi]
		vi++
		at := g.now.AddDate(0, 0, -v.daysAgo).Truncate(time.Hour)
		return []any{int64(vi), v.name, v.platform, at, v.force, at}, true, nil
	}); err != nil {
		return err
	}
	type group struct {
		id, version int64
		name        string
		items       []string
	}
	var groups []group
	for vi, v := range appVersions {
		for _, name := range []string{"New Features", "Improvements", "Bug Fixes", "Security", "Known Issues"} {
			if items, ok := v.changelog[name]; ok {
				groups = append(groups, group{int64(len(groups) + 1), int64(vi + 1), name, items})
			}
		}
	}
	gi := 0
	if _, err := l.Copy(ctx, "app_version_groups", []string{"id", "app_version_id", "group_name", "position"}, func() ([]any, bool, error) {
		if gi == len(groups) {
			return nil, false, nil
		}
		gr := groups[gi]
		gi++
		return []any{gr.id, gr.version, gr.name, gi}, true, nil
	}); err != nil {
		return err
	}
	gi, ii, id := 0, 0, int64(0)
	_, err := l.Copy(ctx, "app_version_items", []string{"id", "group_id", "text", "position"}, func() ([]any, bool, error) {
		for gi < len(groups) && ii == len(groups[gi].items) {
			gi, ii = gi+1, 0
		}
		if gi == len(groups) {
			return nil, false, nil
		}
		ii++
		id++
		return []any{id, groups[gi].id, groups[gi].items[ii-1], ii}, true, nil
	})
	return err
}

func (g *gen) loadPromotion(ctx context.Context, l *store.Loader) error {
	start, end := g.now.AddDate(0, 0, -10), g.now.AddDate(0, 0, 20)
	if err := l.Exec(ctx, `INSERT INTO promotion_settings (id, is_enabled, start_date, end_date, inviter_coin_id,
		inviter_amount, inviter_default, invited_coin_id, invited_amount, invited_default, network, waiting_days,
		total_duration_ms, updated_at) VALUES (1, TRUE, $1, $2, $3, $4, $5, $3, $6, $7, 'main', 50, $8, $9)`,
		start, end, g.coinID(bonusCoin), dec("10"), dec("0"), dec("0"), dec("5"), end.Sub(start).Milliseconds(), g.now); err != nil {
		return err
	}
	return l.Exec(ctx, `INSERT INTO promotion_minimums (id, coin_id, amount, position) VALUES (1, $1, $2, 1), (2, $3, $4, 2)`,
		g.coinID(bonusCoin), dec("60"), g.coinID(0), dec("100"))
}

// recordSeed starts the audit log with the seeding, an entry of its keyed
// chain like any other.
func (g *gen) recordSeed(ctx context.Context, db *store.DB) error {
	return audit.Record(ctx, db, audit.Entry{ActorEmail: "system", Action: "demo.seed", Target: "database",
		Details: map[string]any{"users": g.o.Users, "transactions": g.o.Transactions, "seed": g.o.Seed}})
}

// amount is a random amount of coin c in its usual range, with at most 8 decimals.
func (g *gen) amount(c int) decimal.Decimal {
	s := coins[c]
	v := s.minAmount * math.Pow(s.maxAmt/s.minAmount, g.rng.Float64())
	places := int32(min(s.decimals, 8))
	return decimal.NewFromFloat(v).Truncate(places)
}

// address is a random address in the style of the chain coin c.
func (g *gen) address(c int) string {
	switch coins[c].symbol {
	case "BTC":
		return "bc1q" + g.hex(38)
	case "LTC":
		return "ltc1q" + g.hex(38)
	case "TRX":
		return "T" + g.base58(33)
	}
	return "0x" + g.hex(40)
}

func (g *gen) txHash(chain int) string {
	switch coins[chain].symbol {
	case "BTC", "LTC", "TRX":
		return g.hex(64)
	}
	return "0x" + g.hex(64)
}

func (g *gen) hex(n int) string {
	const digits = "0123456789abcdef"
	b := make([]byte, n)
	for i := range b {
		b[i] = digits[g.rng.IntN(16)]
	}
	return string(b)
}

func (g *gen) base58(n int) string {
	const digits = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz"
	b := make([]byte, n)
	for i := range b {
		b[i] = digits[g.rng.IntN(len(digits))]
	}
	return string(b)
}

// totpSecret is a random secret of 160 bits, different in every database:
// crypto/rand's bytes mixed into the seeded ones, so the seeded stream (and
// every other generated value) stays what the seed makes it.
func (g *gen) totpSecret() string {
	b := make([]byte, 20)
	if _, err := crand.Read(b); err != nil {
		panic(err) // crypto/rand does not fail on supported systems
	}
	for i := range b {
		b[i] ^= byte(g.rng.IntN(256))
	}
	return base32.StdEncoding.WithPadding(base32.NoPadding).EncodeToString(b)
}

func dec(s string) decimal.Decimal { return decimal.RequireFromString(s) }

func price8(f float64) decimal.Decimal { return decimal.NewFromFloat(f).Round(8) }

func asciiLower(s string) string {
	return strings.NewReplacer("ü", "ue", "ö", "oe", "ä", "ae").Replace(strings.ToLower(s))
}

package auth

import (
	"context"
	"crypto/sha256"
	"database/sql"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"net/url"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/go-webauthn/webauthn/protocol"
	"github.com/go-webauthn/webauthn/webauthn"

	"xapa/backoffice/internal/apperr"
	"xapa/backoffice/internal/audit"
	"xapa/backoffice/internal/store"
	"xapa/backoffice/internal/utc"
)

// Passkeys (WebAuthn) are a second factor beside the authenticator app
// (docs/decisions/0003-sign-in-and-sessions.md, "Passkeys"): a staff member
// registers several on a stepped-up session, and answers the code step of
// sign-in or a step-up with one instead of a code. Each ceremony's
// challenge is kept on the calling session's row (sessions.webauthn_challenge),
// so begin and finish may reach different nodes, and is answered once.

// MaxPasskeys is how many passkeys one account may hold.
const MaxPasskeys = 10

// maxPasskeyName is the longest name of a passkey, in characters.
const maxPasskeyName = 64

// ceremonyTTL is how long a begun ceremony may be finished: the browser's
// own prompt times out sooner (the options' timeout).
const ceremonyTTL = 5 * time.Minute

// The ceremonies a session may have open, one at a time.
const (
	ceremonyRegister = "register"
	ceremonySignIn   = "sign-in"
	ceremonyStepUp   = "step-up"
)

// Passkey is one of an account's passkeys as listed.
type Passkey struct {
	ID         int64   `json:"id"`
	Name       string  `json:"name"`
	CreatedAt  string  `json:"created_at"`
	LastUsedAt *string `json:"last_used_at" description:"null: never used"`
}

// Replies of the passkey calls.
var (
	ErrPasskeysOff     = &apperr.Conflict{Message: "Passkeys need the app to be served under a domain name: set --public-url (http://localhost works for a local demo)."}
	errNoPasskeys      = apperr.Fieldf("passkey", "This account has no passkey. Enter the code from your authenticator app.")
	errPasskeyExpired  = apperr.Fieldf("credential", "This passkey request expired or was answered already. Try again.")
	errPasskeyRejected = apperr.Fieldf("credential", "That passkey was not accepted. Try again, or use the code from your authenticator app.")
	// errPasskeyCloned: the signature counter went back (a copied authenticator?); the same reply, audited apart.
	errPasskeyCloned   = apperr.Fieldf("credential", "That passkey was not accepted. Try again, or use the code from your authenticator app.")
	errPasskeyName     = apperr.Fieldf("name", "Give the passkey a name of 1 to %d characters.", maxPasskeyName)
	errPasskeyTooMany  = apperr.Fieldf("passkey", "An account holds at most %d passkeys. Remove one first.", MaxPasskeys)
	errPasskeyNotFound = &apperr.NotFound{What: "Passkey"}
)

// newRelyingParty is the WebAuthn relying party of the app served at
// publicURL: its host is the relying party's id, its origin the one origin
// accepted. A loopback address stands for localhost (browsers refuse
// passkeys on an address): the app is then reached at http://localhost:PORT.
// nil when the host is some other address: passkeys are off (ErrPasskeysOff).
func newRelyingParty(publicURL string) *webauthn.WebAuthn {
	u, err := url.Parse(publicURL)
	if err != nil || u.Hostname() == "" {
		return nil
	}
	host := strings.ToLower(u.Hostname())
	if ip := net.ParseIP(host); ip != nil {
		if !ip.IsLoopback() {
			return nil
		}
		host = "localhost"
	}
	origin := u.Scheme + "://" + host
	if u.Port() != "" {
		origin = u.Scheme + "://" + net.JoinHostPort(host, u.Port())
	}
	origins := []string{origin}
	w, err := webauthn.New(&webauthn.Config{RPID: host, RPDisplayName: "Xapa Back Office", RPOrigins: origins})
	if err != nil {
		return nil
	}
	return w
}

// passkeyUser is an account as the WebAuthn library sees it.
type passkeyUser struct {
	id    int64
	email string
	creds []webauthn.Credential
}

// WebAuthnID is the account's user handle: derived from its id, stable,
// and not the id itself.
func (u passkeyUser) WebAuthnID() []byte {
	h := sha256.Sum256([]byte("xapa-backoffice user " + strconv.FormatInt(u.id, 10)))
	return h[:]
}
func (u passkeyUser) WebAuthnName() string                       { return u.email }
func (u passkeyUser) WebAuthnDisplayName() string                { return u.email }
func (u passkeyUser) WebAuthnCredentials() []webauthn.Credential { return u.creds }

// loadPasskeyUser reads p's account with its passkeys' credentials.
func (s *Service) loadPasskeyUser(ctx context.Context, q store.Querier, p *Principal) (passkeyUser, error) {
	u := passkeyUser{id: p.UserID, email: p.Email}
	rows, err := q.QueryContext(ctx, `SELECT credential FROM passkeys WHERE user_id = $1 ORDER BY id`, p.UserID)
	if err != nil {
		return u, err
	}
	defer rows.Close()
	for rows.Next() {
		var raw string
		var c webauthn.Credential
		if err := rows.Scan(&raw); err != nil {
			return u, err
		}
		if err := json.Unmarshal([]byte(raw), &c); err != nil {
			return u, fmt.Errorf("passkey of user %d: %w", p.UserID, err)
		}
		u.creds = append(u.creds, c)
	}
	return u, rows.Err()
}

// ceremony is a begun WebAuthn ceremony as kept on its session.
type ceremony struct {
	For     string               `json:"for"`
	Expires time.Time            `json:"expires"`
	Data    webauthn.SessionData `json:"data"`
}

// openCeremony keeps data on p's session, replacing any ceremony it had open.
func (s *Service) openCeremony(ctx context.Context, p *Principal, purpose string, data *webauthn.SessionData) error {
	raw, err := json.Marshal(ceremony{For: purpose, Expires: s.now().Add(ceremonyTTL), Data: *data})
	if err != nil {
		return err
	}
	_, err = s.db.ExecContext(ctx, `UPDATE sessions SET webauthn_challenge = $1 WHERE id = $2`, string(raw), p.SessionID)
	return err
}

// takeCeremony closes p's open ceremony of purpose and returns it: read,
// then cleared only if unchanged, so that of two answers to one challenge
// one at most goes on (errPasskeyExpired for the other, for an expired one
// and for none).
func (s *Service) takeCeremony(ctx context.Context, p *Principal, purpose string) (webauthn.SessionData, error) {
	var raw sql.NullString
	if err := s.db.QueryRowContext(ctx, `SELECT webauthn_challenge FROM sessions WHERE id = $1`, p.SessionID).Scan(&raw); err != nil {
		return webauthn.SessionData{}, err
	}
	if !raw.Valid {
		return webauthn.SessionData{}, errPasskeyExpired
	}
	res, err := s.db.ExecContext(ctx, `UPDATE sessions SET webauthn_challenge = NULL WHERE id = $1 AND webauthn_challenge = $2`,
		p.SessionID, raw.String)
	if err != nil {
		return webauthn.SessionData{}, err
	}
	var c ceremony
	if n, _ := res.RowsAffected(); n != 1 || json.Unmarshal([]byte(raw.String), &c) != nil || c.For != purpose || !s.now().Before(c.Expires) {
		return webauthn.SessionData{}, errPasskeyExpired
	}
	return c.Data, nil
}

// PasskeyOptions are the options a browser's WebAuthn call takes, as
// JSON ({publicKey: …}).
type PasskeyOptions = any

// BeginPasskeyRegistration opens a registration ceremony on p's (stepped-up)
// session: the options exclude the passkeys the account holds already.
func (s *Service) BeginPasskeyRegistration(ctx context.Context, p *Principal) (PasskeyOptions, error) {
	if s.relyingParty == nil {
		return nil, ErrPasskeysOff
	}
	u, err := s.loadPasskeyUser(ctx, s.db, p)
	if err != nil {
		return nil, err
	}
	if len(u.creds) >= MaxPasskeys {
		return nil, errPasskeyTooMany
	}
	creation, data, err := s.relyingParty.BeginRegistration(u,
		webauthn.WithExclusions(webauthn.Credentials(u.creds).CredentialDescriptors()),
		webauthn.WithResidentKeyRequirement(protocol.ResidentKeyRequirementPreferred))
	if err != nil {
		return nil, err
	}
	return creation, s.openCeremony(ctx, p, ceremonyRegister, data)
}

// FinishPasskeyRegistration checks the browser's answer (raw, a
// RegistrationResponseJSON) to p's registration ceremony and keeps the new
// passkey as name. Audited (2fa.passkey_added) and mailed to the owner.
func (s *Service) FinishPasskeyRegistration(ctx context.Context, p *Principal, name string, raw []byte, ip string) (Passkey, error) {
	name = strings.TrimSpace(name)
	if name == "" || utf8.RuneCountInString(name) > maxPasskeyName {
		return Passkey{}, errPasskeyName
	}
	if s.relyingParty == nil {
		return Passkey{}, ErrPasskeysOff
	}
	data, err := s.takeCeremony(ctx, p, ceremonyRegister)
	if err != nil {
		return Passkey{}, err
	}
	parsed, err := protocol.ParseCredentialCreationResponseBytes(raw)
	if err != nil {
		return Passkey{}, errPasskeyRejected
	}
	var pk Passkey
	err = s.tx(ctx, func(tx *sql.Tx) error {
		// The account's row first: two registrations at once count one after the other (MaxPasskeys).
		if _, err := tx.ExecContext(ctx, `UPDATE users SET updated_at = updated_at WHERE id = $1`, p.UserID); err != nil {
			return err
		}
		u, err := s.loadPasskeyUser(ctx, tx, p)
		if err != nil {
			return err
		}
		if len(u.creds) >= MaxPasskeys {
			return errPasskeyTooMany
		}
		cred, err := s.relyingParty.CreateCredential(u, data, parsed)
		if err != nil {
			return errPasskeyRejected
		}
		pk = Passkey{Name: name, CreatedAt: utc.Stamp(s.now())}
		if pk.ID, err = s.insertPasskey(ctx, tx, p.UserID, name, cred); err != nil {
			return err
		}
		if err := s.NotifyIn(ctx, tx, Notice{To: p.Email, Subject: "A second factor was added to your Xapa Back Office account",
			IP: ip, What: "A passkey named \"" + name + "\" was added to your Xapa Back Office account."}); err != nil {
			return err
		}
		return audit.Record(ctx, tx, audit.Entry{ActorID: p.UserID, ActorEmail: p.Email, Action: "2fa.passkey_added",
			Target: audit.UserTarget(p.UserID), Details: map[string]any{"passkey_id": pk.ID, "name": name}, IP: ip})
	})
	return pk, err
}

// insertPasskey keeps cred as a passkey of userID; a credential registered
// already (to any account) is refused. The registration's attestation
// (client data, authenticator data: up to the body's size) is not kept.
func (s *Service) insertPasskey(ctx context.Context, tx *sql.Tx, userID int64, name string, cred *webauthn.Credential) (int64, error) {
	cred.Attestation = webauthn.CredentialAttestation{}
	raw, err := json.Marshal(cred)
	if err != nil {
		return 0, err
	}
	var id int64
	err = tx.QueryRowContext(ctx, `INSERT INTO passkeys (user_id, credential_id, name, credential, sign_count, created_at)
		VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (credential_id) DO NOTHING RETURNING id`,
		userID, base64.RawURLEncoding.EncodeToString(cred.ID), name, string(raw), int64(cred.Authenticator.SignCount), s.now()).Scan(&id)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, errPasskeyRejected
	}
	return id, err
}

// Passkeys lists p's passkeys, oldest first.
func (s *Service) Passkeys(ctx context.Context, p *Principal) ([]Passkey, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT id, name, created_at, last_used_at FROM passkeys WHERE user_id = $1 ORDER BY id`, p.UserID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	list := []Passkey{}
	for rows.Next() {
		var pk Passkey
		var created time.Time
		var used sql.NullTime
		if err := rows.Scan(&pk.ID, &pk.Name, &created, &used); err != nil {
			return nil, err
		}
		pk.CreatedAt = utc.Stamp(created)
		if used.Valid {
			t := utc.Stamp(used.Time)
			pk.LastUsedAt = &t
		}
		list = append(list, pk)
	}
	return list, rows.Err()
}

// DeletePasskey removes one of p's passkeys (another account's is not
// found). Audited (2fa.passkey_removed) and mailed to the owner.
func (s *Service) DeletePasskey(ctx context.Context, p *Principal, id int64, ip string) error {
	return s.tx(ctx, func(tx *sql.Tx) error {
		var name string
		err := tx.QueryRowContext(ctx, `DELETE FROM passkeys WHERE id = $1 AND user_id = $2 RETURNING name`, id, p.UserID).Scan(&name)
		if errors.Is(err, sql.ErrNoRows) {
			return errPasskeyNotFound
		}
		if err != nil {
			return err
		}
		if err := s.NotifyIn(ctx, tx, Notice{To: p.Email, Subject: "A second factor was removed from your Xapa Back Office account",
			IP: ip, What: "The passkey named \"" + name + "\" was removed from your Xapa Back Office account."}); err != nil {
			return err
		}
		return audit.Record(ctx, tx, audit.Entry{ActorID: p.UserID, ActorEmail: p.Email, Action: "2fa.passkey_removed",
			Target: audit.UserTarget(p.UserID), Details: map[string]any{"passkey_id": id, "name": name}, IP: ip})
	})
}

// beginPasskeyAssertion opens an assertion ceremony (sign-in or step-up) on
// p's session, for the account's passkeys, asking uv of the user's
// verification (the device's PIN, fingerprint or face).
func (s *Service) beginPasskeyAssertion(ctx context.Context, p *Principal, purpose string, uv protocol.UserVerificationRequirement) (PasskeyOptions, error) {
	if s.relyingParty == nil {
		return nil, ErrPasskeysOff
	}
	u, err := s.loadPasskeyUser(ctx, s.db, p)
	if err != nil {
		return nil, err
	}
	if len(u.creds) == 0 {
		return nil, errNoPasskeys
	}
	assertion, data, err := s.relyingParty.BeginLogin(u, webauthn.WithUserVerification(uv))
	if err != nil {
		return nil, err
	}
	return assertion, s.openCeremony(ctx, p, purpose, data)
}

// checkPasskeyAssertion checks the browser's answer (raw, an
// AuthenticationResponseJSON) to p's open ceremony of purpose, and returns
// the use to record in the transaction of what it grants: the passkey's
// signature counter and last use. A credential whose counter went back (a
// cloned authenticator) is refused.
func (s *Service) checkPasskeyAssertion(ctx context.Context, p *Principal, purpose string, raw []byte) (func(*sql.Tx) error, error) {
	data, err := s.takeCeremony(ctx, p, purpose)
	if err != nil {
		return nil, err
	}
	parsed, err := protocol.ParseCredentialRequestResponseBytes(raw)
	if err != nil {
		return nil, errPasskeyRejected
	}
	u, err := s.loadPasskeyUser(ctx, s.db, p)
	if err != nil {
		return nil, err
	}
	cred, err := s.relyingParty.ValidateLogin(u, data, parsed)
	if err != nil {
		return nil, errPasskeyRejected
	}
	if cred.Authenticator.CloneWarning {
		return nil, errPasskeyCloned
	}
	stored, err := json.Marshal(cred)
	if err != nil {
		return nil, err
	}
	count := int64(cred.Authenticator.SignCount)
	return func(tx *sql.Tx) error {
		// The counter only moves on (or stays 0 on authenticators that keep none): of two uses read at the
		// same count, the second loses here, as a copy would.
		res, err := tx.ExecContext(ctx, `UPDATE passkeys SET credential = $1, sign_count = $2, last_used_at = $3
			WHERE credential_id = $4 AND user_id = $5 AND (sign_count < $2 OR ($2 = 0 AND sign_count = 0))`,
			string(stored), count, s.now(), base64.RawURLEncoding.EncodeToString(cred.ID), p.UserID)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n != 1 {
			return errPasskeyRejected // removed meanwhile, or the counter went back
		}
		return nil
	}, nil
}

// passkeyRefusal is the audited reason of a refused passkey answer, "" for
// an error that is no refusal.
func passkeyRefusal(err error) string {
	switch {
	case errors.Is(err, errPasskeyCloned):
		return "passkey_clone_warning"
	case errors.Is(err, errPasskeyRejected):
		return "passkey_rejected"
	case errors.Is(err, errPasskeyExpired):
		return "passkey_expired"
	}
	return ""
}

// BeginPasskeySignIn opens the code step's passkey ceremony on p's pending
// session. Counted like a code (CodeRule): the finish is the guess.
func (s *Service) BeginPasskeySignIn(ctx context.Context, p *Principal) (PasskeyOptions, error) {
	return s.beginPasskeyAssertion(ctx, p, ceremonySignIn, protocol.VerificationPreferred)
}

// FinishPasskeySignIn completes a sign-in with a passkey in place of the
// code: counted and failed like a wrong code (the session ends after five),
// and on success a full token, as VerifyCode gives.
func (s *Service) FinishPasskeySignIn(ctx context.Context, p *Principal, raw []byte, meta ClientMeta) (string, error) {
	if s.relyingParty == nil {
		return "", ErrPasskeysOff
	}
	if err := s.takeCodeAttempt(ctx, p, meta); err != nil {
		return "", err
	}
	var token string
	use, err := s.checkPasskeyAssertion(ctx, p, ceremonySignIn, raw)
	if err == nil {
		err = s.tx(ctx, func(tx *sql.Tx) error {
			if err := use(tx); err != nil {
				return err
			}
			token, err = s.signInWithCode(ctx, tx, p, meta, "passkey")
			return err
		})
	}
	if reason := passkeyRefusal(err); reason != "" {
		return "", s.codeFailure(ctx, p, meta, reason, s.passkeyRefused(ctx, p, meta.IP, err))
	}
	if err != nil {
		return "", err
	}
	return token, s.limits.Refund(ctx, CodeRule, audit.UserTarget(p.UserID))
}

// passkeyRefused tells the owner when a passkey was refused for a counter
// that went back (a copied authenticator?), and returns err.
func (s *Service) passkeyRefused(ctx context.Context, p *Principal, ip string, err error) error {
	if !errors.Is(err, errPasskeyCloned) {
		return err
	}
	if mailErr := s.NotifyIn(ctx, s.db, Notice{To: p.Email, Subject: "A passkey of your Xapa Back Office account was refused",
		IP: ip, What: "A passkey of your Xapa Back Office account was refused because its signature counter went back, " +
			"which may mean it was copied. Remove it on the Security page and add it again."}); mailErr != nil {
		return mailErr
	}
	return err
}

// BeginPasskeyStepUp opens a step-up's passkey ceremony on p's session. The
// user must be verified, not only present: a security key left in an
// unlocked computer does not open five minutes of sensitive calls.
func (s *Service) BeginPasskeyStepUp(ctx context.Context, p *Principal) (PasskeyOptions, error) {
	return s.beginPasskeyAssertion(ctx, p, ceremonyStepUp, protocol.VerificationRequired)
}

// FinishPasskeyStepUp makes p's session fresh with a passkey, as StepUp
// does with a code, and returns when the window ends.
func (s *Service) FinishPasskeyStepUp(ctx context.Context, p *Principal, raw []byte, ip string) (time.Time, error) {
	if s.relyingParty == nil {
		return time.Time{}, ErrPasskeysOff
	}
	if err := s.takeCodeAttempt(ctx, p, ClientMeta{IP: ip}); err != nil {
		return time.Time{}, err
	}
	var until time.Time
	use, err := s.checkPasskeyAssertion(ctx, p, ceremonyStepUp, raw)
	if err == nil {
		until, err = s.steppedUp(ctx, p, "passkey", ip, use)
	}
	if reason := passkeyRefusal(err); reason != "" {
		return time.Time{}, s.stepUpFailure(ctx, p, ip, reason, s.passkeyRefused(ctx, p, ip, err))
	}
	return until, err
}

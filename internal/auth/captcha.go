package auth

import (
	"context"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"errors"
	"math/big"
	"net/url"
	"strconv"
	"strings"
	"time"

	"xapa/backoffice/internal/store"
)

// The captcha is a self-hosted ALTCHA proof of work in the v1 format the
// altcha widget (3.x, ChallengeV1) solves: find number n with
// sha256(salt + n) = challenge. The signature is an HMAC of the challenge
// with a server secret; the salt carries the expiry.

// CaptchaMaxNumber bounds the search: about 50,000 hashes on average, a
// fraction of a second in a browser.
const CaptchaMaxNumber = 100_000

// CaptchaHighMaxNumber is the bound of a costly challenge (GET
// /api/captcha?cost=high): ten times the work, about a second in a browser.
// Sign-in to an account with many recent failures asks for one (decision
// 0003), so guessing that account costs an attacker ten times as much while
// its owner still gets in.
const CaptchaHighMaxNumber = 1_000_000

// CaptchaLifetime is how long a challenge may be solved and used.
const CaptchaLifetime = 5 * time.Minute

// Challenge is the reply of GET /api/captcha.
type Challenge struct {
	Algorithm string `json:"algorithm"`
	Challenge string `json:"challenge"`
	MaxNumber int64  `json:"maxnumber"`
	Salt      string `json:"salt"`
	Signature string `json:"signature"`
}

// Solution is the widget's payload, base64-encoded JSON.
type Solution struct {
	Algorithm string `json:"algorithm"`
	Challenge string `json:"challenge"`
	Number    int64  `json:"number"`
	Salt      string `json:"salt"`
	Signature string `json:"signature"`
}

// ErrCaptcha is any captcha failure; which one is not told to the caller.
var ErrCaptcha = errors.New("captcha not solved")

// Captcha issues and checks challenges.
type Captcha struct {
	db  *store.DB
	key []byte
}

// NewChallenge makes a challenge that expires after CaptchaLifetime, whose
// number lies below maxNumber (CaptchaMaxNumber or CaptchaHighMaxNumber).
// The salt carries both; the signature covers the challenge, which is the
// salt's hash, so neither can be altered.
func (c *Captcha) NewChallenge(now time.Time, maxNumber int64) Challenge {
	saltBytes := make([]byte, 12)
	_, _ = rand.Read(saltBytes)
	salt := hex.EncodeToString(saltBytes) + "?expires=" + strconv.FormatInt(now.Add(CaptchaLifetime).Unix(), 10) +
		"&maxnumber=" + strconv.FormatInt(maxNumber, 10)
	n, _ := rand.Int(rand.Reader, big.NewInt(maxNumber))
	challenge := sha256Hex(salt + strconv.FormatInt(n.Int64(), 10))
	return Challenge{Algorithm: "SHA-256", Challenge: challenge, MaxNumber: maxNumber, Salt: salt, Signature: c.sign(challenge)}
}

// Verify checks a payload and records its challenge as used: each challenge
// is accepted once, across every server sharing the database. It returns the
// challenge's bound (its cost).
func (c *Captcha) Verify(ctx context.Context, payload string, now time.Time) (int64, error) {
	s, p, err := c.check(payload, now)
	if err != nil {
		return 0, err
	}
	_, _ = c.db.ExecContext(ctx, `DELETE FROM captcha_used WHERE expires_at < $1`, now)
	_, err = c.db.ExecContext(ctx, `INSERT INTO captcha_used (challenge, expires_at) VALUES ($1, $2)`, s.Challenge, p.expires)
	if store.IsUniqueViolation(err) {
		return 0, ErrCaptcha // used before
	}
	return p.maxNumber, err
}

// check decodes a payload and checks everything but single use.
func (c *Captcha) check(payload string, now time.Time) (Solution, saltParams, error) {
	var s Solution
	if len(payload) > 4096 {
		return s, saltParams{}, ErrCaptcha
	}
	raw, err := base64.StdEncoding.DecodeString(payload)
	if err != nil {
		return s, saltParams{}, ErrCaptcha
	}
	if err := json.Unmarshal(raw, &s); err != nil {
		return s, saltParams{}, ErrCaptcha
	}
	p, ok := parseSalt(s.Salt)
	switch {
	case !ok, s.Algorithm != "SHA-256", !now.Before(p.expires),
		!hmac.Equal([]byte(s.Signature), []byte(c.sign(s.Challenge))),
		s.Number < 0 || s.Number > p.maxNumber,
		sha256Hex(s.Salt+strconv.FormatInt(s.Number, 10)) != s.Challenge:
		return s, saltParams{}, ErrCaptcha
	}
	return s, p, nil
}

func (c *Captcha) sign(challenge string) string {
	mac := hmac.New(sha256.New, c.key)
	mac.Write([]byte(challenge))
	return hex.EncodeToString(mac.Sum(nil))
}

// saltParams are what a salt carries after its "?".
type saltParams struct {
	expires   time.Time
	maxNumber int64
}

// parseSalt reads a salt's expiry and bound; only the two bounds the server
// issues are accepted.
func parseSalt(salt string) (saltParams, bool) {
	_, params, ok := strings.Cut(salt, "?")
	if !ok {
		return saltParams{}, false
	}
	v, err := url.ParseQuery(params)
	if err != nil {
		return saltParams{}, false
	}
	unix, err := strconv.ParseInt(v.Get("expires"), 10, 64)
	if err != nil {
		return saltParams{}, false
	}
	maxNumber, err := strconv.ParseInt(v.Get("maxnumber"), 10, 64)
	if err != nil || (maxNumber != CaptchaMaxNumber && maxNumber != CaptchaHighMaxNumber) {
		return saltParams{}, false
	}
	return saltParams{expires: time.Unix(unix, 0), maxNumber: maxNumber}, true
}

func sha256Hex(s string) string {
	sum := sha256.Sum256([]byte(s))
	return hex.EncodeToString(sum[:])
}

// SolveCaptcha finds the solution of a challenge and returns the widget's
// payload. Tests and tools use it; the browser's widget does the same work.
func SolveCaptcha(ch Challenge) string {
	for n := int64(0); n <= ch.MaxNumber; n++ {
		if sha256Hex(ch.Salt+strconv.FormatInt(n, 10)) == ch.Challenge {
			b, _ := json.Marshal(Solution{Algorithm: ch.Algorithm, Challenge: ch.Challenge, Number: n, Salt: ch.Salt, Signature: ch.Signature})
			return base64.StdEncoding.EncodeToString(b)
		}
	}
	return ""
}

package auth

import (
	"testing"
	"time"
)

// Any payload is refused or accepted without a panic; accepted ones are valid.
func FuzzCaptchaPayload(f *testing.F) {
	c := &Captcha{key: []byte("fuzz-key")}
	now := time.Unix(1_800_000_000, 0)
	ch := c.NewChallenge(now, CaptchaMaxNumber)
	f.Add(SolveCaptcha(ch))
	f.Add("")
	f.Add("bm9wZQ==")
	f.Add("eyJhbGdvcml0aG0iOiJTSEEtMjU2In0=")
	f.Fuzz(func(t *testing.T, payload string) {
		s, _, err := c.check(payload, now)
		if err == nil && (s.Algorithm != "SHA-256" || s.Signature != c.sign(s.Challenge)) {
			t.Fatalf("accepted an invalid solution %+v", s)
		}
	})
}

// Codes of any shape never panic and only six digits can match.
func FuzzMatchTOTP(f *testing.F) {
	f.Add("JBSWY3DPEHPK3PXP", "123456", int64(0))
	f.Add("not base32!", "000000", int64(5))
	f.Fuzz(func(t *testing.T, secret, code string, last int64) {
		if _, ok := MatchTOTP(secret, code, time.Unix(1_800_000_000, 0), last); ok && len(code) != 6 {
			t.Fatalf("code %q matched", code)
		}
	})
}

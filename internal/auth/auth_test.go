package auth

import (
	"strings"
	"testing"
	"time"
)

// RFC 6238 appendix B (SHA1), secret "12345678901234567890": the 6-digit tails.
func TestTOTPVectors(t *testing.T) {
	t.Parallel()
	secret := b32.EncodeToString([]byte("12345678901234567890"))
	for _, c := range []struct {
		unix int64
		want string
	}{{59, "287082"}, {1111111109, "081804"}, {1111111111, "050471"}, {1234567890, "005924"}, {2000000000, "279037"}} {
		got, err := TOTPCode(secret, TOTPStep(time.Unix(c.unix, 0)))
		if err != nil || got != c.want {
			t.Errorf("T=%d: %s (%v), want %s", c.unix, got, err, c.want)
		}
	}
}

func TestMatchTOTP(t *testing.T) {
	t.Parallel()
	secret, _ := NewTOTPSecret()
	now := time.Unix(1_800_000_000, 0)
	cur := TOTPStep(now)
	code := func(step int64) string { c, _ := TOTPCode(secret, step); return c }
	for _, c := range []struct {
		name     string
		code     string
		lastStep int64
		ok       bool
	}{
		{"current", code(cur), 0, true},
		{"one step back", code(cur - 1), 0, true},
		{"one step ahead", code(cur + 1), 0, true},
		{"two steps back", code(cur - 2), 0, false},
		{"already used", code(cur), cur, false},
		{"older than the last used", code(cur - 1), cur - 1, false},
		{"short", "12345", 0, false},
	} {
		if _, ok := MatchTOTP(secret, c.code, now, c.lastStep); ok != c.ok {
			t.Errorf("%s: ok=%v, want %v", c.name, ok, c.ok)
		}
	}
}

func TestPasswordPolicy(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		pw   string
		want error
	}{
		{"short", ErrPasswordShort},
		{"12345678", ErrPasswordCommon},
		{"Password1", ErrPasswordCommon}, // case does not make a common password rare
		{"iloveyou", ErrPasswordCommon},
		{strings.Repeat("x", 257), ErrPasswordLong},
		{"correct horse battery", nil},
		{"Brand-new-pass-42", nil},
	} {
		if got := CheckNewPassword(c.pw); got != c.want {
			t.Errorf("%q: %v, want %v", c.pw, got, c.want)
		}
	}
	if n := len(commonSet()); n < 9900 {
		t.Fatalf("common list has %d entries, want about 10,000", n)
	}
}

func TestCaptchaSolutionRoundTrip(t *testing.T) {
	t.Parallel()
	c := &Captcha{key: []byte("k")}
	now := time.Now()
	for _, bound := range []int64{CaptchaMaxNumber, CaptchaHighMaxNumber} {
		ch := c.NewChallenge(now, bound)
		payload := SolveCaptcha(ch)
		if payload == "" {
			t.Fatal("challenge has no solution within maxnumber")
		}
		p, ok := parseSalt(ch.Salt)
		if !ok || p.expires.Sub(now) > CaptchaLifetime+time.Second || p.maxNumber != bound || ch.MaxNumber != bound {
			t.Fatalf("salt %q: %+v", ch.Salt, p)
		}
		if _, got, err := c.check(payload, now); err != nil || got.maxNumber != bound {
			t.Fatalf("bound %d: check %+v %v", bound, got, err)
		}
	}
	for _, salt := range []string{"ab?expires=9999999999", "ab?expires=9999999999&maxnumber=10", "ab?expires=9999999999&maxnumber=x", "ab"} {
		if _, ok := parseSalt(salt); ok {
			t.Errorf("salt %q accepted", salt)
		}
	}
}

// A recovery code and an authenticator code share one field: their shapes
// never meet, and a code is read however it is typed.
func TestRecoveryCodeShape(t *testing.T) {
	t.Parallel()
	seen := map[string]bool{}
	for range 100 {
		c := newRecoveryCode()
		read, ok := recoveryCode(c)
		if !ok || len(c) != 19 || seen[read] {
			t.Fatalf("code %q: read %q, %v (or seen before)", c, read, ok)
		}
		seen[read] = true
		for _, typed := range []string{strings.ToLower(c), strings.ReplaceAll(c, "-", ""), " " + strings.ReplaceAll(c, "-", " ") + " "} {
			if again, ok := recoveryCode(typed); !ok || again != read {
				t.Errorf("%q typed as %q: read %q, %v", c, typed, again, ok)
			}
		}
	}
	for _, notOne := range []string{"123456", "000000", "", "ABCD-EFGH-JKLM-NPQ", "ABCD-EFGH-JKLM-NPQRS", "ABCD-EFGH-JKLM-NPQ1", "ABCD-EFGH-JKLM-NPQ8"} {
		if _, ok := recoveryCode(notOne); ok {
			t.Errorf("%q read as a recovery code", notOne)
		}
	}
}

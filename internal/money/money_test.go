package money

import (
	"encoding/json"
	"errors"
	"testing"

	"github.com/shopspring/decimal"
)

func TestAmount(t *testing.T) {
	for _, c := range []struct {
		in, want string // want "" = out of range
	}{
		{"0", "0"}, {"0e9999", "0"}, {"-0", "0"}, {"1.5", "1.5"}, {"1.500000000000000000000", "1.5"}, {"-2.25", "-2.25"},
		{"12345678901234567890", "12345678901234567890"}, {"123456789012345678901", ""}, {"1e19", "10000000000000000000"},
		{"1e20", ""}, {"0.000000000000000001", "0.000000000000000001"}, {"0.0000000000000000001", ""}, {"1e-18", "0.000000000000000001"},
		{"1e9999", ""}, {"-1e9999", ""}, {"1e-9999", ""}, {"100000000000000000000e-1", "10000000000000000000"},
		{"12345678901234567890.123456789012345678", "12345678901234567890.123456789012345678"},
	} {
		d, err := decimal.NewFromString(c.in)
		if err != nil {
			t.Fatalf("%s: %v", c.in, err)
		}
		got, err := Amount(d)
		switch {
		case c.want == "" && !errors.Is(err, ErrOutOfRange):
			t.Errorf("%s: %v, %v; want out of range", c.in, got, err)
		case c.want != "" && (err != nil || got.String() != c.want):
			t.Errorf("%s: %v, %v; want %s", c.in, got, err, c.want)
		}
	}
}

// Any JSON amount, as the API decodes it, is refused or accepted quickly
// (no 10^huge expansion), and an accepted one fits NUMERIC(38, 18) and
// prints back to itself.
func FuzzAmount(f *testing.F) {
	for _, seed := range []string{`"1.5"`, `1.5`, `"1e999999999"`, `"-1e-999999999"`, `"0e2147483647"`, `"NaN"`, `"Infinity"`, `"0x10"`,
		`"123456789012345678901"`, `"0.0000000000000000001"`, `"1_000"`, `" 1"`, `"+1"`, `"1e"`, `null`, `true`, `"-0.000"`,
		`"9999999999999999999999999999999999999e-18"`, `"١٢٣"`} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, in string) {
		var d decimal.Decimal
		if json.Unmarshal([]byte(in), &d) != nil {
			return
		}
		got, err := Amount(d)
		if err != nil {
			return
		}
		if got.Sign() != d.Sign() || got.Exponent() < -MaxFractionDigits {
			t.Fatalf("%s: %v", in, got)
		}
		if n := len(got.Coefficient().String()) + int(got.Exponent()); got.Sign() != 0 && n > MaxIntegerDigits+1 {
			t.Fatalf("%s: %v has too many digits", in, got)
		}
		back, err := decimal.NewFromString(got.String())
		if err != nil || !back.Equal(got) {
			t.Fatalf("%s: %v does not print back (%v)", in, got, err)
		}
		if len(got.StringFixed(MaxFractionDigits)) > MaxIntegerDigits+MaxFractionDigits+2 {
			t.Fatalf("%s: %v does not fit NUMERIC(38, 18)", in, got)
		}
	})
}

func TestRateShowsFiveSignificantDigits(t *testing.T) {
	for in, want := range map[string]string{
		"0.000001837":     "0.0000018370", // TRX→BTC: 0.00000 before
		"0.00000183749":   "0.0000018375",
		"1.234567":        "1.2346",
		"65432.1":         "65432",
		"123456.7":        "123457",
		"0.5":             "0.50000",
		"-0.0123456":      "-0.012346",
		"0":               "0.0000",
		"100.00000000000": "100.00",
	} {
		if got := Rate(decimal.RequireFromString(in)); got != want {
			t.Errorf("Rate(%s) = %s, want %s", in, got, want)
		}
	}
}

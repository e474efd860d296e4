package store

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/shopspring/decimal"
)

// sumBoth adds values as dec_sum does and as exact decimals, and fails on
// any difference, including in what each refuses.
func sumBoth(t *testing.T, values []string) {
	t.Helper()
	var s decSum
	want := decimal.Zero
	for _, v := range values {
		d, refused := decimal.NewFromString(v)
		if err := s.add(v, 1); (err != nil) != (refused != nil) {
			t.Fatalf("%q: dec_sum says %v, decimal says %v", v, err, refused)
		}
		if refused == nil {
			want = want.Add(d)
		}
	}
	got, _ := s.WindowValue(nil)
	if got == nil && len(values) > 0 {
		t.Fatalf("%q: NULL", values)
	}
	if got != nil && !decimal.RequireFromString(got.(string)).Equal(want) {
		t.Fatalf("%q: dec_sum %v, want %s", values, got, want)
	}
}

// Random money of every size and scale, with values beyond 18 digits and
// sums beyond an int64 mixed in: the fast path matches exact decimals.
func TestDecSumMatchesDecimals(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewPCG(7, 21))
	digits := func(n int) string {
		var b strings.Builder
		for i := 0; i < n; i++ {
			b.WriteByte(byte('0' + r.IntN(10)))
		}
		return b.String()
	}
	for round := 0; round < 2000; round++ {
		var values []string
		for i := 0; i < 1+r.IntN(20); i++ {
			v := "1" + digits(r.IntN(22))
			if r.IntN(2) == 0 {
				v += "." + digits(1+r.IntN(18))
			}
			if r.IntN(3) == 0 {
				v = "-" + v
			}
			values = append(values, v)
		}
		sumBoth(t, values)
	}
	sumBoth(t, []string{"999999999999999999", "999999999999999999", "-0.000000000000000001", "1e3", "0.5", "-.5", "5."})
	sumBoth(t, []string{"9.223372036854775807", "0.000000000000000001", "922337203685477580.7"})
}

// Taking values away again (a window's frame moving on) leaves the exact
// sum of what remains.
func TestDecSumWindowInverse(t *testing.T) {
	t.Parallel()
	var s decSum
	values := []string{"1.5", "123456789012345678901234.5", "-0.25", "999999999999999999", "7"}
	for _, v := range values {
		if err := s.add(v, 1); err != nil {
			t.Fatal(err)
		}
	}
	for _, v := range values[:3] {
		if err := s.add(v, -1); err != nil {
			t.Fatal(err)
		}
	}
	if got, _ := s.WindowValue(nil); got != "1000000000000000006" {
		t.Fatalf("after the inverse: %v", got)
	}
}

func FuzzParseSmall(f *testing.F) {
	for _, s := range []string{"0", "-1.25", "123456789012345678", "1.", ".5", "--1", "1e5", "0.000000000000000001"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		n, scale, ok := parseSmall(s)
		if !ok {
			return
		}
		d, err := decimal.NewFromString(s)
		if err != nil {
			t.Fatalf("%q taken as %d×10^-%d but decimal refuses it: %v", s, n, scale, err)
		}
		if !decimal.New(n, -scale).Equal(d) {
			t.Fatalf("%q read as %d×10^-%d", s, n, scale)
		}
	})
}

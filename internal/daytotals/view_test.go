package daytotals_test

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"xapa/backoffice/internal/daytotals"
)

// Every range of an Index is the plain sum of its buckets, for every key,
// including keys missing from some buckets and ranges that fall between or
// beyond the buckets.
func TestIndexRangesAreSums(t *testing.T) {
	t.Parallel()
	values := map[string]map[string]int{
		"2026-01-01": {"a": 1, "b": 10},
		"2026-01-03": {"b": 100},
		"2026-01-04": {"a": 1000, "c": 7},
		"2026-01-09": {"c": 70, "a": 3},
	}
	x := daytotals.NewIndex(values, daytotals.Counting)
	bounds := []string{"", "2025-12-31", "2026-01-01", "2026-01-02", "2026-01-03", "2026-01-04", "2026-01-05", "2026-01-09", "2026-01-10"}
	for _, lo := range bounds {
		for _, hi := range bounds {
			want := map[string]int{}
			for day, keys := range values {
				if day >= lo && day < hi {
					for k, n := range keys {
						want[k] += n
					}
				}
			}
			got := map[string]int{}
			x.Range(lo, hi, func(k string, n int) {
				if n != 0 {
					got[k] += n
				}
			})
			if fmt.Sprint(got) != fmt.Sprint(want) {
				t.Errorf("[%s, %s): %v, want %v", lo, hi, got, want)
			}
		}
	}
	all := map[string]int{}
	x.All(func(k string, n int) { all[k] += n })
	if fmt.Sprint(all) != "map[a:1004 b:110 c:77]" {
		t.Errorf("All: %v", all)
	}
	at := map[string]int{}
	x.At("2026-01-04", func(k string, n int) {
		if n != 0 {
			at[k] = n
		}
	})
	if fmt.Sprint(at) != "map[a:1000 c:7]" {
		t.Errorf("At: %v", at)
	}
	// A key held neither in a range nor before it is not reported (a
	// caller's zero value would be nothing it could read).
	var reported []string
	x.Range("", "2026-01-03", func(k string, _ int) { reported = append(reported, k) })
	if fmt.Sprint(reported) != "[a b]" && fmt.Sprint(reported) != "[b a]" {
		t.Errorf("keys reported over the first two buckets: %v, want a and b", reported)
	}
}

// Ranges across many running totals: every range of 150 buckets (more than
// four strides, not a multiple of one) is the plain sum of its buckets.
func TestIndexLongRanges(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewPCG(3, 4))
	values := map[string]map[int]int{}
	var buckets []string
	for n := 0; n < 150; n++ {
		day := fmt.Sprintf("b%04d", 2*n) // gaps between buckets, so bounds fall between them too
		buckets = append(buckets, day)
		values[day] = map[int]int{}
		for k := 0; k < 4; k++ {
			if r.IntN(3) > 0 {
				values[day][k] = r.IntN(1000)
			}
		}
	}
	x := daytotals.NewIndex(values, daytotals.Counting)
	bounds := []string{""}
	for n := 0; n <= 301; n++ {
		bounds = append(bounds, fmt.Sprintf("b%04d", n))
	}
	for _, lo := range bounds {
		for _, hi := range bounds {
			want := [4]int{}
			for _, day := range buckets {
				if day >= lo && day < hi {
					for k, n := range values[day] {
						want[k] += n
					}
				}
			}
			var got [4]int
			x.Range(lo, hi, func(k, n int) { got[k] += n })
			if got != want {
				t.Fatalf("[%s, %s): %v, want %v", lo, hi, got, want)
			}
		}
	}
}

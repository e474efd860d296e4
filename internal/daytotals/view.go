package daytotals

import (
	"context"
	"maps"
	"slices"
	"sort"
	"sync"
)

// View is what one reader keeps of a series: each closed day in the reader's
// own compact form (fold, made once each time the day is read), and what the
// reader answers from (index, made again only when a day changed). A read
// costs the days written since the last one, whatever the length of the
// history; the series' rows themselves are not kept.
type View[T, X any] struct {
	keeper *Keeper
	series Series
	fold   func([]Row) (T, error)
	index  func(map[string]T) X

	mu      sync.Mutex
	version int64        // of the series, when stored was read
	stored  map[string]T // handed to index: replaced on change, never modified
	last    X
	whole   bool // last was made from stored alone, at version
}

// NewView returns a view of sr kept by k.
func NewView[T, X any](k *Keeper, sr Series, fold func([]Row) (T, error), index func(map[string]T) X) *View[T, X] {
	return &View[T, X]{keeper: k, series: sr, fold: fold, index: index}
}

// Read returns the index of every day before today (UTC): the stored days
// (after storing the days that closed and summing again the stale ones) and,
// in the first minutes of a day, yesterday summed straight from the table.
func (v *View[T, X]) Read(ctx context.Context) (X, error) {
	v.mu.Lock()
	defer v.mu.Unlock()
	var zero X
	c, err := v.keeper.changes(ctx, v.series, v.version)
	if err != nil {
		return zero, err
	}
	if v.whole && c.version == v.version && len(c.stored) == 0 && len(c.recent) == 0 {
		return v.last, nil
	}
	stored, err := v.with(v.stored, c.stored)
	if err != nil {
		return zero, err
	}
	all, err := v.with(stored, c.recent)
	if err != nil {
		return zero, err
	}
	v.stored, v.version = stored, c.version
	v.last, v.whole = v.index(all), len(c.recent) == 0
	return v.last, nil
}

// with returns have with the days of changed folded in, as a new map when
// there are any.
func (v *View[T, X]) with(have map[string]T, changed Days) (map[string]T, error) {
	if len(changed) == 0 && have != nil {
		return have, nil
	}
	out := make(map[string]T, len(have)+len(changed))
	maps.Copy(out, have)
	for day, rows := range changed {
		t, err := v.fold(rows)
		if err != nil {
			return nil, err
		}
		out[day] = t
	}
	return out, nil
}

// Index holds values per bucket (a day or an hour, named so that buckets
// sort as text) and key, with running totals at every Stride-th bucket: the
// total of any range of buckets costs two searches and at most 2×Stride
// buckets' values per key, however many buckets it holds, and the values
// themselves are shared with the caller, not copied.
type Index[K comparable, V any] struct {
	buckets []string // sorted
	keys    []K
	first   []int        // first[c]: the first bucket holding keys[c]
	vals    [][]entry[V] // vals[i]: the keys buckets[i] holds, with their values
	cum     [][]V        // cum[b][c]: keys[c] over buckets[:b*Stride]
	ops     Adding[V]
}

type entry[V any] struct {
	col int
	v   V
}

// Stride is how many buckets lie between two running totals.
const Stride = 32

// Adding are the operations an Index needs of its values: Add with a zero V
// as its first argument, Sub with one as its second; neither may modify its
// arguments.
type Adding[V any] struct{ Add, Sub func(a, b V) V }

// NewIndex indexes values per bucket and key.
func NewIndex[K comparable, V any](values map[string]map[K]V, ops Adding[V]) *Index[K, V] {
	x := &Index[K, V]{buckets: slices.Sorted(maps.Keys(values)), ops: ops}
	col := map[K]int{}
	for _, keys := range values {
		for k := range keys {
			if _, ok := col[k]; !ok {
				col[k] = len(x.keys)
				x.keys = append(x.keys, k)
			}
		}
	}
	x.vals = make([][]entry[V], len(x.buckets))
	x.first = make([]int, len(x.keys))
	running := make([]V, len(x.keys))
	seen := make([]bool, len(x.keys))
	for i, bucket := range x.buckets {
		if i%Stride == 0 {
			x.cum = append(x.cum, slices.Clone(running))
		}
		for k, v := range values[bucket] {
			c := col[k]
			if !seen[c] {
				seen[c], x.first[c] = true, i
			}
			x.vals[i] = append(x.vals[i], entry[V]{c, v})
			running[c] = ops.Add(running[c], v)
		}
	}
	x.cum = append(x.cum, running) // the last boundary: every bucket
	return x
}

// Range calls each with every key's total over the buckets in [lo, hi).
func (x *Index[K, V]) Range(lo, hi string, each func(K, V)) {
	x.span(sort.SearchStrings(x.buckets, lo), sort.SearchStrings(x.buckets, hi), each)
}

// At calls each with every key's value in one bucket.
func (x *Index[K, V]) At(bucket string, each func(K, V)) { x.Range(bucket, bucket+"\x00", each) }

// All calls each with every key's total over every bucket.
func (x *Index[K, V]) All(each func(K, V)) { x.span(0, len(x.buckets), each) }

// span calls each with the total over buckets[i:j] of every key held
// there or before: the running totals between the first and the last
// boundary inside, and the buckets outside them one by one.
func (x *Index[K, V]) span(i, j int, each func(K, V)) {
	if i >= j {
		return
	}
	total, held := make([]V, len(x.keys)), make([]bool, len(x.keys))
	// Boundary n is bucket min(n×Stride, len(buckets)), the last one every bucket.
	at := func(n int) int { return min(n*Stride, len(x.buckets)) }
	a, b := (i+Stride-1)/Stride, j/Stride // the first boundary at or after i, the last at or before j
	if j == len(x.buckets) {
		b = len(x.cum) - 1
	}
	from, to := j, j // [i, from) and [to, j) are added bucket by bucket
	if a < b {
		from, to = at(a), at(b)
		for c := range total {
			if held[c] = x.first[c] < to; held[c] {
				total[c] = x.ops.Sub(x.cum[b][c], x.cum[a][c])
			}
		}
	}
	add := func(n int) {
		for _, e := range x.vals[n] {
			total[e.col], held[e.col] = x.ops.Add(total[e.col], e.v), true
		}
	}
	for n := i; n < from; n++ {
		add(n)
	}
	for n := to; n < j; n++ {
		add(n)
	}
	for c, k := range x.keys {
		if held[c] {
			each(k, total[c])
		}
	}
}

// Counting adds ints.
var Counting = Adding[int]{Add: func(a, b int) int { return a + b }, Sub: func(a, b int) int { return a - b }}

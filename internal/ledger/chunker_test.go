package ledger

import (
	"bytes"
	"encoding/csv"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"
)

// COPY's output written in pieces of any size (one row, many rows, a row cut
// anywhere, quoted fields with commas, quotes and line breaks) comes out as
// chunks of whole rows: together the input, each ending at a row's end, the
// rows counted and the last one's id named.
func TestChunkerCutsWholeRows(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	var in strings.Builder
	const rows = 2000
	for id := rows; id > 0; id-- {
		switch rng.IntN(10) { // mostly rows without quotes, as COPY's are
		case 0:
			in.WriteString(strconv.Itoa(id) + `,"a ""quoted"", one",x` + "\n")
		case 1:
			in.WriteString(strconv.Itoa(id) + ",\"two\nlines\",y\n")
		default:
			in.WriteString(strconv.Itoa(id) + ",plain,z\n")
		}
	}
	defer SetCopySizes(256, 4)()
	out := make(chan csvChunk, rows)
	c := &chunker{out: out, done: make(chan struct{})}
	data := []byte(in.String())
	for len(data) > 0 {
		n := min(len(data), 1+rng.IntN([]int{40, 700}[rng.IntN(2)]))
		if _, err := c.Write(data[:n]); err != nil {
			t.Fatal(err)
		}
		data = data[n:]
	}
	if err := c.flush(); err != nil {
		t.Fatal(err)
	}
	close(out)
	var got bytes.Buffer
	counted := 0
	for ch := range out {
		got.Write(ch.lines)
		counted += ch.rows
		records, err := csv.NewReader(bytes.NewReader(got.Bytes())).ReadAll() // fails on a row cut short
		if err != nil || records[len(records)-1][0] != strconv.FormatInt(ch.last, 10) {
			t.Fatalf("the chunks so far do not end with the whole row of id %d (%v)", ch.last, err)
		}
	}
	if got.String() != in.String() || counted != rows {
		t.Fatalf("chunks hold %d bytes and %d rows, want %d bytes and %d rows", got.Len(), counted, in.Len(), rows)
	}
}

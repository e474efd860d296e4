package csvout

import (
	"encoding/csv"
	"errors"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"
)

func TestNeutralise(t *testing.T) {
	for in, want := range map[string]string{
		"=HYPERLINK(\"x\")": "'=HYPERLINK(\"x\")", "+1": "'+1", "-2+3": "'-2+3", "@SUM(A1)": "'@SUM(A1)",
		"\tx": "'\tx", "\rx": "'\rx", "alice@example.com": "alice@example.com", "": "", "0xabc": "0xabc",
		// After leading spaces, and full-width signs, a spreadsheet still sees a formula.
		" =1+1": "' =1+1", "   @SUM(A1)": "'   @SUM(A1)", "＝1+1": "'＝1+1", "＋1": "'＋1", "－2": "'－2", "＠SUM(A1)": "'＠SUM(A1)",
		" plain": " plain", "   ": "   ", "Ｘ": "Ｘ",
	} {
		if got := Neutralise(in); got != want {
			t.Errorf("Neutralise(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestDownload(t *testing.T) {
	rec := httptest.NewRecorder()
	from := time.Date(2026, 10, 22, 0, 0, 0, 0, time.UTC)
	w := Start(rec, "transactions", &from, nil, []string{"id", "email", "amount"})
	_ = w.Row(int64(1), Text("=cmd|' /C calc'!A0"), "-0.5")
	_ = w.Close()
	if got := rec.Header().Get("Content-Disposition"); got != `attachment; filename="transactions-20261022-all.csv"` {
		t.Errorf("Content-Disposition %q", got)
	}
	if ct := rec.Header().Get("Content-Type"); ct != "text/csv; charset=utf-8" {
		t.Errorf("Content-Type %q", ct)
	}
	rows, err := csv.NewReader(strings.NewReader(rec.Body.String())).ReadAll()
	if err != nil || len(rows) != 2 || rows[1][1] != "'=cmd|' /C calc'!A0" || rows[1][2] != "-0.5" {
		t.Fatalf("rows %q (%v): the text cell must be neutralised, the numeric one left alone", rows, err)
	}
}

// A client that reads nothing: the download's writes fail once they have waited StallTimeout, so the export ends
// (and gives its database connection back) instead of waiting on the client for ever.
func TestStalledClientIsCutOff(t *testing.T) {
	old := StallTimeout
	StallTimeout = 50 * time.Millisecond
	defer func() { StallTimeout = old }()
	ended := make(chan error, 1)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		cw := Start(w, "stall", nil, nil, []string{"n", "text"})
		row := strings.Repeat("x", 200)
		for i := 0; ; i++ {
			if err := cw.Row(i, Text(row)); err != nil {
				ended <- err
				return
			}
		}
	}))
	defer srv.Close()
	conn, err := net.Dial("tcp", srv.Listener.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	if _, err := conn.Write([]byte("GET / HTTP/1.1\r\nHost: x\r\n\r\n")); err != nil {
		t.Fatal(err)
	}
	// The client reads nothing: the export must end with a write error.
	if err := <-ended; err == nil || !strings.Contains(err.Error(), "timeout") {
		t.Fatalf("export ended with %v; want a write timeout", err)
	}
}

// AppendRow makes the line Write writes for a row, whatever its text.
func TestAppendRowIsWhatWriteWrites(t *testing.T) {
	texts := []string{"", "plain", "a,b", `say "hi"`, `"`, `""x"`, "line\nbreak", "cr\rx", " lead", "\u00a0nbsp", `\.`, `\.x`,
		"=1+2", "  -3", "＠x", "\tx", "é,ü", "trail ", "+", "'"}
	columns := []Column[string]{
		Col("Text", func(s string) any { return Text(s) }),
		Col("String", func(s string) any { return s }),
		Col("Number", func(s string) any { return int64(len(s)) }),
		Col("Flag", func(s string) any { return s == "" }),
	}
	rec := httptest.NewRecorder()
	if _, err := Write(rec, File{Kind: "t"}, columns, func(each func(string) error) error {
		for _, s := range texts {
			if err := each(s); err != nil {
				return err
			}
		}
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	var lines []byte
	for _, s := range texts {
		lines = append(AppendRow(lines, columns, s), '\n')
	}
	if _, want, _ := strings.Cut(rec.Body.String(), "\n"); string(lines) != want {
		t.Fatalf("AppendRow wrote\n%q\nWrite wrote\n%q", lines, want)
	}
}

// partClient takes its first left bytes, then fails every write; it counts
// the rows it is told of.
type partClient struct {
	*httptest.ResponseRecorder
	left, rows int
}

func (c *partClient) Write(p []byte) (int, error) {
	n := min(len(p), c.left)
	c.left -= n
	_, _ = c.ResponseRecorder.Write(p[:n])
	if n < len(p) {
		return n, errors.New("client gone")
	}
	return n, nil
}

func (c *partClient) CountRows(n int) { c.rows += n }

// A download cut anywhere has told its writer of exactly the rows that
// reached it whole, however few, quoted line breaks and quotes included,
// whether written row by row or as lines made elsewhere.
func TestRowsAreCountedAsTheyReachTheClient(t *testing.T) {
	texts := []string{"plain", "two\nlines", `say "hi"`, "a,b", `"`, "\r\n", ""}
	columns := []Column[int]{Col("N", func(i int) any { return i }), Col("Text", func(i int) any { return Text(texts[i%len(texts)]) })}
	var lines []byte
	for i := range 200 {
		lines = append(AppendRow(lines, columns, i), '\n')
	}
	byRow := func(w http.ResponseWriter) {
		_, _ = Write(w, File{Kind: "t"}, columns, func(each func(int) error) error {
			for i := range 200 {
				if err := each(i); err != nil {
					return err
				}
			}
			return nil
		})
	}
	byLines := func(w http.ResponseWriter) {
		_, _ = WriteLines(w, File{Kind: "t"}, columns, func(sink func([]byte, int) error) error { return sink(lines, 200) })
	}
	for name, write := range map[string]func(http.ResponseWriter){"row by row": byRow, "lines": byLines} {
		whole := &partClient{ResponseRecorder: httptest.NewRecorder(), left: 1 << 30}
		write(whole)
		// Where each row ends in the whole download, the header first.
		r := csv.NewReader(strings.NewReader(whole.Body.String()))
		var ends []int64
		for {
			if _, err := r.Read(); err != nil {
				break
			}
			ends = append(ends, r.InputOffset())
		}
		if whole.rows != 200 || len(ends) != 201 {
			t.Fatalf("%s: told of %d rows, %d lines read; want 200 and the header", name, whole.rows, len(ends)-1)
		}
		for limit := 0; limit <= whole.Body.Len(); limit += 7 {
			c := &partClient{ResponseRecorder: httptest.NewRecorder(), left: limit}
			write(c)
			want := 0
			for _, end := range ends[1:] {
				if end <= int64(limit) {
					want++
				}
			}
			if c.rows != want {
				t.Fatalf("%s, cut after %d bytes: told of %d rows, want %d", name, limit, c.rows, want)
			}
		}
	}
}

package textutil

import (
	"strings"
	"testing"
	"unicode/utf8"
)

func TestClipCutsByCharacters(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		in   string
		n    int
		want string
	}{
		{"short", 10, "short"},
		{"exactly", 7, "exactly"},
		{"abcdef", 3, "abc"},
		{"ééééé", 3, "ééé"}, // two bytes each: a byte cut at 3 would split one
		{strings.Repeat("ж", 101), 100, strings.Repeat("ж", 100)}, // 202 bytes
		{"a😀b", 2, "a😀"},
		{"", 3, ""},
	} {
		got := Clip(c.in, c.n)
		if got != c.want || !utf8.ValidString(got) {
			t.Errorf("Clip(%q, %d) = %q, want %q", c.in, c.n, got, c.want)
		}
	}
}

func TestOrList(t *testing.T) {
	for want, values := range map[string][]string{"": nil, "a": {"a"}, "a or b": {"a", "b"}, "a, b or c": {"a", "b", "c"}} {
		if got := OrList(values); got != want {
			t.Errorf("OrList(%q) = %q, want %q", values, got, want)
		}
	}
}

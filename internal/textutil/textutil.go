// Package textutil holds the small text helpers every layer shares.
package textutil

// Clip cuts s to at most n characters (runes), never inside a character: a
// cut string stays valid UTF-8, which PostgreSQL requires of text.
func Clip(s string, n int) string {
	if len(s) <= n { // n bytes hold at most n characters
		return s
	}
	count := 0
	for i := range s {
		if count == n {
			return s[:i]
		}
		count++
	}
	return s
}

// Shorten is Clip followed by "…" when s was cut: text quoted back in a
// message.
func Shorten(s string, n int) string {
	if c := Clip(s, n); c != s {
		return c + "…"
	}
	return s
}

// OrList names values as a refusal does: "a", "a or b", "a, b or c".
func OrList[T ~string](values []T) string {
	out := ""
	for i, v := range values {
		switch {
		case i == 0:
		case i == len(values)-1:
			out += " or "
		default:
			out += ", "
		}
		out += string(v)
	}
	return out
}

// Values are values as a schema's enum lists them (jsonschema-go's Enum).
func Values[T ~string](values []T) []any {
	out := make([]any, len(values))
	for i, v := range values {
		out[i] = string(v)
	}
	return out
}

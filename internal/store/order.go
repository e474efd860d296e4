package store

// Order is how a list's page is ordered: by its time (the default) or by its
// amount, newest or largest first unless Asc. A download keeps the
// newest-first order it streams in (EachNewest), whatever the page's order.
type Order struct {
	ByAmount bool
	Asc      bool
}

// OrderBy is o's ORDER BY list over a list's time, amount and id columns.
// The id breaks ties, so paging never repeats or skips a row.
func (d Dialect) OrderBy(o Order, at, amount, id string) string {
	dir := " DESC"
	if o.Asc {
		dir = " ASC"
	}
	key := at
	if o.ByAmount {
		key = d.MoneyOrder(amount)
	}
	return key + dir + ", " + id + dir
}

// MoneyOrder is a money column as it sorts. SQLite stores the decimal's text,
// which sorts as text ("9" after "10"); its REAL sorts as a number, and its
// expression index (migration 00028) serves the order. Amounts equal to 15
// significant digits may then come in id order: the order of a list, never
// a figure shown.
func (d Dialect) MoneyOrder(col string) string {
	if d == SQLite {
		return "CAST(" + col + " AS REAL)"
	}
	return col
}

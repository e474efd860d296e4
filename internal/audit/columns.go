package audit

import "xapa/backoffice/internal/csvout"

// Columns are the audit log's CSV columns.
var Columns = []csvout.Column[Row]{
	csvout.Col("ID", func(r Row) any { return r.ID }),
	csvout.Col("Time", func(r Row) any { return r.CreatedAt }),
	csvout.Col("Actor ID", func(r Row) any {
		if r.Actor.ID == nil {
			return nil
		}
		return *r.Actor.ID
	}),
	csvout.Col("Actor", func(r Row) any { return csvout.Text(r.Actor.Email) }),
	csvout.Col("Action", func(r Row) any { return csvout.Text(string(r.Action)) }),
	csvout.Col("Target", func(r Row) any { return csvout.Text(r.Target) }),
	csvout.Col("Details", func(r Row) any { return csvout.Text(string(r.Details)) }),
	csvout.Col("IP", func(r Row) any { return csvout.Text(r.IP) }),
}

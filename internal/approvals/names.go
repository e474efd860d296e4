package approvals

import (
	"context"
	"strconv"
	"strings"

	"xapa/backoffice/internal/store"
)

// targetNames names the users and roles among a change's targets ("user:57"
// → its email, "role:3" → its name), so a request reads as people and roles,
// not ids. A target it cannot name keeps its key.
func (s *Store) targetNames(ctx context.Context, targets string) (map[string]string, error) {
	ids := map[string][]int64{}
	for _, t := range strings.Split(targets, ",") {
		kind, id, ok := strings.Cut(t, ":")
		if n, err := strconv.ParseInt(id, 10, 64); ok && err == nil {
			ids[kind] = append(ids[kind], n)
		}
	}
	names := map[string]string{}
	for kind, q := range map[string]string{"user": `SELECT id, email FROM users`, "role": `SELECT id, role FROM roles`} {
		if len(ids[kind]) == 0 {
			continue
		}
		list, args := store.IDList(1, ids[kind])
		rows, err := s.db.QueryContext(ctx, q+` WHERE id IN (`+list+`)`, args...)
		if err != nil {
			return nil, err
		}
		for rows.Next() {
			var id int64
			var name string
			if err := rows.Scan(&id, &name); err != nil {
				rows.Close()
				return nil, err
			}
			names[kind+":"+strconv.FormatInt(id, 10)] = name
		}
		if err := rows.Close(); err != nil {
			return nil, err
		}
	}
	return names, nil
}

// named is target by its name, if names has one.
func named(names map[string]string, target string) string {
	if n, ok := names[target]; ok {
		return n
	}
	return target
}

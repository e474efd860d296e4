package approvals

import (
	"context"
	"strconv"
	"strings"

	"xapa/backoffice/internal/audit"
	"xapa/backoffice/internal/store"
)

// targetNames names the targets of a change that audit.NamedKinds names
// ("user:57" → its email, "role:3" → its name), so a request reads as people
// and roles, not ids. A target it cannot name keeps its key.
func (s *Service) targetNames(ctx context.Context, targets string) (map[string]string, error) {
	ids := map[string][]int64{}
	for _, t := range strings.Split(targets, ",") {
		kind, id, ok := strings.Cut(t, ":")
		if n, err := strconv.ParseInt(id, 10, 64); ok && err == nil {
			ids[kind] = append(ids[kind], n)
		}
	}
	names := map[string]string{}
	for _, k := range audit.NamedKinds {
		if len(ids[k.Kind]) == 0 {
			continue
		}
		if err := s.readNames(ctx, k.Kind, `SELECT id, `+k.Column+` FROM `+k.Table, ids[k.Kind], names); err != nil {
			return nil, err
		}
	}
	return names, nil
}

// readNames adds to names the name q reads of each of ids, keyed "kind:id".
func (s *Service) readNames(ctx context.Context, kind, q string, ids []int64, names map[string]string) error {
	list, args := store.IDList(1, ids)
	rows, err := s.db.QueryContext(ctx, q+` WHERE id IN (`+list+`)`, args...)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		var id int64
		var name string
		if err := rows.Scan(&id, &name); err != nil {
			return err
		}
		names[kind+":"+strconv.FormatInt(id, 10)] = name
	}
	return rows.Err()
}

// named is target by its name, if names has one.
func named(names map[string]string, target string) string {
	if n, ok := names[target]; ok {
		return n
	}
	return target
}

package apitest

import (
	"encoding/json"
	"fmt"
	"net/http"
	"regexp"
	"slices"
	"strings"
	"sync"

	"xapa/backoffice/internal/httpapi"
)

// The operations of the OpenAPI document the scenarios called: each call
// through an Env's handler that got a reply below 400 marks its operation,
// so that a package's suite can require that every operation of the
// contract was exercised (Uncalled) and its success reply checked.

// operation is one operation of the document and the paths it serves.
type operation struct {
	key     string // "METHOD /path/{param}"
	method  string
	pattern *regexp.Regexp
	params  int // path parameters: a literal path wins over a template
}

var (
	calledMu sync.Mutex
	called   = map[string]bool{}
)

// operations are the document's operations, read once.
var operations = sync.OnceValues(func() ([]operation, error) {
	spec, err := httpapi.OpenAPI()
	if err != nil {
		return nil, err
	}
	var doc struct {
		Paths map[string]map[string]json.RawMessage `json:"paths"`
	}
	if err := json.Unmarshal(spec, &doc); err != nil {
		return nil, err
	}
	var ops []operation
	for path, methods := range doc.Paths {
		pattern := regexp.MustCompile("^" + pathParam.ReplaceAllString(regexp.QuoteMeta(path), `[^/]+`) + "$")
		for method := range methods {
			m := strings.ToUpper(method)
			ops = append(ops, operation{key: m + " " + path, method: m, pattern: pattern,
				params: strings.Count(path, "{")})
		}
	}
	return ops, nil
})

// pathParam is a {name} of a path, as regexp.QuoteMeta leaves it.
var pathParam = regexp.MustCompile(`\\\{\w+\\\}`)

// recordCall marks the operation r called, when its reply was a success.
func recordCall(r *http.Request, status int) {
	if status >= 400 {
		return
	}
	ops, err := operations()
	if err != nil {
		return // Contract reports the document's error
	}
	best := -1
	for i, o := range ops {
		if o.method == r.Method && o.pattern.MatchString(r.URL.Path) && (best < 0 || o.params < ops[best].params) {
			best = i
		}
	}
	if best >= 0 {
		calledMu.Lock()
		called[ops[best].key] = true
		calledMu.Unlock()
	}
}

// Called counts the operations called with a success so far.
func Called() int {
	calledMu.Lock()
	defer calledMu.Unlock()
	return len(called)
}

// Uncalled lists the operations of the document that no call through an
// Env's handler answered with a success, sorted.
func Uncalled() ([]string, error) {
	ops, err := operations()
	if err != nil {
		return nil, fmt.Errorf("the OpenAPI document: %w", err)
	}
	calledMu.Lock()
	defer calledMu.Unlock()
	var out []string
	for _, o := range ops {
		if !called[o.key] {
			out = append(out, o.key)
		}
	}
	slices.Sort(out)
	return out, nil
}

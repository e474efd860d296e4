package httpapi_test

import (
	"flag"
	"fmt"
	"os"
	"testing"

	"xapa/backoffice/internal/apitest"
)

// TestMain runs the package's tests, then, when the whole suite ran (no
// -run or -skip, not -short), fails unless every operation of the OpenAPI
// document was called with a success by some scenario: an operation no
// scenario calls has a reply no test ever checked against the contract.
func TestMain(m *testing.M) {
	code := m.Run()
	if code == 0 && wholeSuite() {
		code = requireEveryOperation()
	}
	os.Exit(code)
}

// wholeSuite reports whether every test of the package ran.
func wholeSuite() bool {
	for _, name := range []string{"test.run", "test.skip"} {
		if f := flag.Lookup(name); f != nil && f.Value.String() != "" {
			return false
		}
	}
	return !testing.Short()
}

func requireEveryOperation() int {
	uncalled, err := apitest.Uncalled()
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	if len(uncalled) == 0 || apitest.Called() == 0 {
		return 0 // every operation called, or no scenario ran (a database pass whose server is unreachable skips them all)
	}
	fmt.Fprintf(os.Stderr, "FAIL: %d operations of docs/openapi.json are called with a success by no scenario of internal/httpapi:\n",
		len(uncalled))
	for _, key := range uncalled {
		fmt.Fprintln(os.Stderr, "  "+key)
	}
	return 1
}

// Command testsummary reads `go test -json` on standard input and prints
// what plain `go test` prints (a line per package, the output of failed
// tests), then one line of counts and the reasons of skipped tests, grouped.
// Skips that the run did not plan (a database that cannot be reached) are
// printed loudly, so a run that skipped tests never reads as a clean pass.
//
//	go test -json ./... | go run ./tools/testsummary -name "Go on SQLite" -counts FILE
//
// -counts appends "passed failed skipped" to FILE (the suite summary of
// make test and .ci/run). It exits 1 when a test failed or a package did not
// build, or when the input held no test event at all.
package main

import (
	"bufio"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"regexp"
	"sort"
	"strings"
)

// event is one line of `go test -json` (cmd/test2json).
type event struct {
	Action  string
	Package string
	Test    string
	Elapsed float64
	Output  string
}

// plannedSkip matches the reasons of skips that the run intends: a test
// that runs on the other database's pass.
var plannedSkip = regexp.MustCompile(`run(s)? in the TEST_DB=\w+ pass`)

// fileLine is the "name_test.go:12: " prefix of a test's log line.
var fileLine = regexp.MustCompile(`^\s*[\w.-]+\.go:\d+: `)

type summary struct {
	out      io.Writer
	verbose  bool                // print every test's output as it comes
	logs     map[string][]string // output per package/test, until it ends
	results  map[string]string   // final action per package/test
	order    []string
	skipWhy  map[string]int
	packages int
	failed   bool
}

func key(e event) string { return e.Package + " " + e.Test }

func newSummary(out io.Writer) *summary {
	return &summary{out: out, logs: map[string][]string{}, results: map[string]string{}, skipWhy: map[string]int{}}
}

func (s *summary) add(e event) {
	k := key(e)
	switch e.Action {
	case "build-output": // the compiler's messages
		fmt.Fprint(s.out, e.Output)
	case "output":
		if s.verbose {
			fmt.Fprint(s.out, e.Output)
		}
		s.logs[k] = append(s.logs[k], e.Output)
	case "pass", "fail", "skip":
		if e.Test == "" {
			s.endPackage(e)
			return
		}
		if _, seen := s.results[k]; !seen {
			s.order = append(s.order, k)
		}
		s.results[k] = e.Action
		if e.Action == "fail" {
			s.failed = true
			s.printLogs(k)
		}
		if e.Action == "skip" {
			s.skipWhy[skipReason(s.logs[k])]++
		}
		delete(s.logs, k)
	}
}

// printLogs prints what k (a test, or a package outside its tests: a build
// error, a panic, TestMain) logged, unless it was printed as it came (-v).
func (s *summary) printLogs(k string) {
	if s.verbose {
		return
	}
	for _, line := range s.logs[k] {
		fmt.Fprint(s.out, line)
	}
}

func (s *summary) endPackage(e event) {
	s.packages++
	k := key(e)
	if e.Action == "fail" {
		s.failed = true
		s.printLogs(k)
	}
	delete(s.logs, k)
	if s.verbose {
		return // go test printed the package's line among its output
	}
	status := map[string]string{"pass": "ok  ", "fail": "FAIL", "skip": "?   "}[e.Action]
	fmt.Fprintf(s.out, "%s\t%s\t%.3fs\n", status, e.Package, e.Elapsed)
}

// skipReason is the first line of the last message a skipped test logged,
// without its file:line.
func skipReason(lines []string) string {
	for i := len(lines) - 1; i >= 0; i-- {
		if fileLine.MatchString(lines[i]) {
			return fileLine.ReplaceAllString(lines[i], "")
		}
	}
	return "(no reason given)"
}

// counts are the leaf tests' results: a test with subtests counts as its
// subtests, except a test that failed on its own after its subtests passed
// (a failure between two subtests), which counts as one failure.
func (s *summary) counts() (passed, failed, skipped int) {
	parents, failingBelow := map[string]bool{}, map[string]bool{}
	for _, k := range s.order {
		pkg, test, _ := strings.Cut(k, " ")
		for i := strings.LastIndex(test, "/"); i > 0; i = strings.LastIndex(test, "/") {
			test = test[:i]
			parents[pkg+" "+test] = true
			failingBelow[pkg+" "+test] = failingBelow[pkg+" "+test] || s.results[k] == "fail"
		}
	}
	for _, k := range s.order {
		if parents[k] {
			if s.results[k] == "fail" && !failingBelow[k] {
				failed++
			}
			continue
		}
		switch s.results[k] {
		case "pass":
			passed++
		case "fail":
			failed++
		case "skip":
			skipped++
		}
	}
	return passed, failed, skipped
}

func (s *summary) report(name string) {
	passed, failed, skipped := s.counts()
	fmt.Fprintf(s.out, "%s: %d passed, %d failed, %d skipped\n", name, passed, failed, skipped)
	reasons := make([]string, 0, len(s.skipWhy))
	for r := range s.skipWhy {
		reasons = append(reasons, r)
	}
	sort.Strings(reasons)
	for _, r := range reasons {
		why := strings.TrimSpace(r)
		if plannedSkip.MatchString(why) {
			fmt.Fprintf(s.out, "  %d skipped as planned: %s\n", s.skipWhy[r], why)
			continue
		}
		fmt.Fprintf(s.out, "\n!!! %s: %d TESTS WERE SKIPPED: %s\n\n", name, s.skipWhy[r], why)
	}
}

func main() {
	name := flag.String("name", "go test", "the suite's name in the summary")
	countsFile := flag.String("counts", "", "append \"passed failed skipped\" to this file")
	verbose := flag.Bool("v", false, "print every test's output as it comes (go test -v)")
	flag.Parse()

	s := newSummary(os.Stdout)
	s.verbose = *verbose
	in := bufio.NewScanner(os.Stdin)
	in.Buffer(make([]byte, 1<<20), 16<<20)
	for in.Scan() {
		var e event
		if err := json.Unmarshal(in.Bytes(), &e); err != nil || e.Action == "" {
			fmt.Println(in.Text()) // not an event: a build error printed by go test itself
			if strings.HasPrefix(in.Text(), "FAIL") || strings.Contains(in.Text(), "build failed") {
				s.failed = true
			}
			continue
		}
		if e.Action == "build-fail" {
			s.failed = true
		}
		s.add(e)
	}
	s.report(*name)
	passed, failed, skipped := s.counts()
	if *countsFile != "" {
		f, err := os.OpenFile(*countsFile, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
		if err == nil {
			fmt.Fprintf(f, "%d %d %d\n", passed, failed, skipped)
			f.Close()
		}
	}
	if s.failed || failed > 0 || s.packages == 0 {
		os.Exit(1)
	}
}

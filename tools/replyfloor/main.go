// Command replyfloor serves one recorded API reply, unchanged, to every
// request, through Go's net/http as the server does: the floor under any
// API call on this machine (one HTTP round trip carrying the same bytes),
// for bench/run.sh to set beside the API and the database's own tools.
//
//	replyfloor --addr 127.0.0.1:18182 --body FILE
package main

import (
	"flag"
	"fmt"
	"net/http"
	"os"
	"strconv"
)

func main() {
	addr := flag.String("addr", "127.0.0.1:18182", "address to listen on")
	file := flag.String("body", "", "the reply's body, as the API sent it")
	flag.Parse()
	body, err := os.ReadFile(*file)
	if err != nil {
		fmt.Fprintln(os.Stderr, "replyfloor:", err)
		os.Exit(2)
	}
	length := strconv.Itoa(len(body))
	handler := http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "application/json; charset=utf-8")
		w.Header().Set("Content-Length", length)
		_, _ = w.Write(body)
	})
	if err := http.ListenAndServe(*addr, handler); err != nil {
		fmt.Fprintln(os.Stderr, "replyfloor:", err)
		os.Exit(1)
	}
}

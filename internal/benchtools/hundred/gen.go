//go:build ignore

// gen writes hundred.go: 100 tools with a few parameters each. With
// -module DIR, it writes instead a module of its own in DIR holding a
// package of -n tools (named -name), for measuring toolgen on more tools
// than are checked in:
//
//	go run gen.go -module /tmp/thousand -name thousand -n 1000
package main

import (
	"flag"
	"log"
	"os"

	"github.com/toolgen-dev/toolgen/internal/benchtools"
)

func main() {
	module := flag.String("module", "", "write a module in this directory instead of hundred.go")
	name := flag.String("name", "hundred", "the package's name")
	n := flag.Int("n", 100, "the number of tools")
	flag.Parse()
	var err error
	if *module != "" {
		err = benchtools.WriteModule(*module, *name, *n)
	} else {
		err = os.WriteFile("hundred.go", benchtools.Source(*name, *n), 0o644)
	}
	if err != nil {
		log.Fatal(err)
	}
}

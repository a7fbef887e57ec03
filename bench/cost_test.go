package bench

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestGeneratedCodeCost measures what a tool costs in code: the same N tools
// written for toolgen (an annotated function and the generated
// tools_gen.go) and for go-sdk (the function registered with mcp.AddTool,
// its schemas inferred by reflection), for N = 1, 100 and 1000. Per tool:
// lines and bytes of source, CPU to compile the tools package and link its
// program, CPU to compile the tools package alone, and bytes of the
// program. It builds a throwaway module in a
// temporary directory, so it is slow, and runs only when asked:
//
//	cd bench && TOOLGEN_COST=1 go test -run TestGeneratedCodeCost -v -timeout 60m
//
// TOOLGEN_COST_SIZES (default "1,100,1000") and TOOLGEN_COST_ROUNDS
// (default 5) change what is measured; the first size is the base the
// per-tool figures are taken against. TOOLGEN_COST_SHAPE measures tools of
// another shape (costShape). TOOLGEN_COST_INSTRUCTIONS=1 also counts the
// instructions the compiler runs for the tools package alone
// (compileInstructions; it needs valgrind). TOOLGEN_COST_TOOLGEN names a
// toolgen command to generate with instead of this checkout's, such as an
// earlier version's (its files must build against this runtime).
func TestGeneratedCodeCost(t *testing.T) {
	if os.Getenv("TOOLGEN_COST") == "" {
		t.Skip("slow (minutes): set TOOLGEN_COST=1 to measure the cost of generated code against go-sdk's AddTool")
	}
	sizes := []int{1, 100, 1000}
	if s := os.Getenv("TOOLGEN_COST_SIZES"); s != "" {
		sizes = nil
		for f := range strings.SplitSeq(s, ",") {
			n, err := strconv.Atoi(strings.TrimSpace(f))
			if err != nil || n < 1 {
				t.Fatalf("TOOLGEN_COST_SIZES: %q is not a positive number", f)
			}
			sizes = append(sizes, n)
		}
	}
	if !slices.Contains([]string{"", "list", "pointer", "params"}, costShape) {
		t.Fatalf("TOOLGEN_COST_SHAPE: %q is not list, pointer or params", costShape)
	}
	rounds := 5
	if s := os.Getenv("TOOLGEN_COST_ROUNDS"); s != "" {
		n, err := strconv.Atoi(s)
		if err != nil || n < 1 {
			t.Fatalf("TOOLGEN_COST_ROUNDS: %q is not a positive number", s)
		}
		rounds = n
	}

	root, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	writeCostModule(t, root, dir)
	toolgen := os.Getenv("TOOLGEN_COST_TOOLGEN")
	if toolgen == "" {
		toolgen = filepath.Join(dir, "toolgen.exe")
		run(t, root, "go", "build", "-o", toolgen, "./cmd/toolgen")
	}

	type variant struct {
		impl string // "toolgen" or "go-sdk"
		n    int
	}
	type result struct {
		lines, bytes       int
		genLines, genBytes int // of which generated
		binary             int64
		cpu, wall          []time.Duration
		pkgCPU             []time.Duration // compiling the tools package alone
		instructions       int64           // the compiler's, for the package alone
	}
	results := map[variant]*result{}
	var variants []variant
	for _, n := range sizes {
		for _, impl := range []string{"toolgen", "go-sdk"} {
			v := variant{impl, n}
			variants = append(variants, v)
			pkg := costPkg(impl, n)
			files := writeCostPackage(t, dir, impl, n)
			if impl == "toolgen" {
				run(t, dir, toolgen, "./"+pkg)
				files = append(files, filepath.Join(dir, pkg, "tools_gen.go"))
			}
			r := &result{}
			for _, f := range files {
				b, err := os.ReadFile(f)
				if err != nil {
					t.Fatal(err)
				}
				r.bytes += len(b)
				r.lines += bytes.Count(b, []byte("\n"))
				if filepath.Base(f) == "tools_gen.go" {
					r.genBytes += len(b)
					r.genLines += bytes.Count(b, []byte("\n"))
				}
			}
			results[v] = r
		}
	}

	// Warm the build cache (the standard library, go-sdk, toolgen's runtime
	// and mcp packages), and check that each program runs: go-sdk's AddTool
	// panics on a schema it cannot infer, toolgen's server refuses a bad
	// tool.
	for _, v := range variants {
		bin := buildCost(t, dir, v.impl, v.n, "warm")
		out := run(t, dir, bin)
		if want := fmt.Sprintf("%d tools", v.n); !strings.Contains(out, want) {
			t.Fatalf("%s with %d tools printed %q, want %q", v.impl, v.n, out, want)
		}
		st, err := os.Stat(bin)
		if err != nil {
			t.Fatal(err)
		}
		results[v].binary = st.Size()
	}

	// Rounds, interleaved: each build changes a variable of the tools
	// package, so that the package and its main are compiled and the program
	// linked again, everything else coming from the build cache.
	for r := range rounds {
		order := slices.Clone(variants)
		if r%2 == 1 {
			slices.Reverse(order)
		}
		for _, v := range order {
			cpu, wall := timeBuild(t, func() { buildCost(t, dir, v.impl, v.n, fmt.Sprintf("round %d", r)) })
			pkgCPU, _ := timeBuild(t, func() { buildPackage(t, dir, v.impl, v.n, fmt.Sprintf("round %d, package", r)) })
			results[v].cpu = append(results[v].cpu, cpu)
			results[v].wall = append(results[v].wall, wall)
			results[v].pkgCPU = append(results[v].pkgCPU, pkgCPU)
			t.Logf("round %d: %-7s %5d tools: %6.2fs CPU, %6.2fs wall; the package alone %6.2fs CPU", r, v.impl, v.n, cpu.Seconds(), wall.Seconds(), pkgCPU.Seconds())
		}
	}

	countInstructions := os.Getenv("TOOLGEN_COST_INSTRUCTIONS") != ""
	if countInstructions {
		for _, v := range variants {
			results[v].instructions = compileInstructions(t, dir, v.impl, v.n)
		}
	}

	var b strings.Builder
	fmt.Fprintf(&b, "\nraw, median of %d builds (tools package compiled, program linked):\n\n", rounds)
	fmt.Fprintf(&b, "| impl | tools | source lines (generated) | source bytes (generated) | compile+link CPU | wall | package compile CPU | binary bytes |\n")
	fmt.Fprintf(&b, "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |\n")
	for _, v := range variants {
		r := results[v]
		fmt.Fprintf(&b, "| %s | %d | %d (%d) | %d (%d) | %.2f s | %.2f s | %.2f s | %d |\n", v.impl, v.n, r.lines, r.genLines, r.bytes, r.genBytes,
			median(r.cpu).Seconds(), median(r.wall).Seconds(), median(r.pkgCPU).Seconds(), r.binary)
	}
	base := sizes[0]
	fmt.Fprintf(&b, "\nper tool, (X(N) - X(%d)) / (N - %d):\n\n", base, base)
	fmt.Fprintf(&b, "| tools | impl | source lines | source bytes | compile+link CPU | package compile CPU | binary bytes |\n")
	fmt.Fprintf(&b, "| ---: | --- | ---: | ---: | ---: | ---: | ---: |\n")
	for _, n := range sizes[1:] {
		per := map[string][5]float64{}
		for _, impl := range []string{"toolgen", "go-sdk"} {
			r, r0 := results[variant{impl, n}], results[variant{impl, base}]
			d := float64(n - base)
			p := [5]float64{
				float64(r.lines-r0.lines) / d,
				float64(r.bytes-r0.bytes) / d,
				float64(median(r.cpu)-median(r0.cpu)) / d / float64(time.Millisecond),
				float64(median(r.pkgCPU)-median(r0.pkgCPU)) / d / float64(time.Millisecond),
				float64(r.binary-r0.binary) / d,
			}
			per[impl] = p
			fmt.Fprintf(&b, "| %d | %s | %.0f | %.0f | %.1f ms | %.1f ms | %.0f |\n", n, impl, p[0], p[1], p[2], p[3], p[4])
		}
		tg, sdk := per["toolgen"], per["go-sdk"]
		fmt.Fprintf(&b, "| %d | ratio | %.1fx | %.1fx | %.1fx | %.1fx | %.1fx |\n", n,
			tg[0]/sdk[0], tg[1]/sdk[1], tg[2]/sdk[2], tg[3]/sdk[3], tg[4]/sdk[4])
	}
	if countInstructions {
		fmt.Fprintf(&b, "\ncompiler instructions per tool, the package alone, (X(N) - X(%d)) / (N - %d):\n\n", base, base)
		fmt.Fprintf(&b, "| tools | toolgen | go-sdk | ratio |\n| ---: | ---: | ---: | ---: |\n")
		for _, n := range sizes[1:] {
			per := func(impl string) float64 {
				r, r0 := results[variant{impl, n}], results[variant{impl, base}]
				return float64(r.instructions-r0.instructions) / float64(n-base) / 1e6
			}
			fmt.Fprintf(&b, "| %d | %.1f M | %.1f M | %.2fx |\n", n, per("toolgen"), per("go-sdk"), per("toolgen")/per("go-sdk"))
		}
	}
	t.Log(b.String())
}

// costShape is TOOLGEN_COST_SHAPE: "list" gives each tool's result a
// slice of a struct type of its own; "pointer" makes each tool return a
// pointer to its result; "params" gives the toolgen tools separate
// parameters instead of a struct (go-sdk's take a struct, as go-sdk
// requires); the default is a struct in and a struct out.
var costShape = os.Getenv("TOOLGEN_COST_SHAPE")

func costPkg(impl string, n int) string {
	if impl == "toolgen" {
		return fmt.Sprintf("tg%d", n)
	}
	return fmt.Sprintf("sdk%d", n)
}

// writeCostModule writes a module that uses toolgen from the checkout at root
// and the go-sdk version of bench/go.mod.
func writeCostModule(t *testing.T, root, dir string) {
	mod, err := os.ReadFile("go.mod")
	if err != nil {
		t.Fatal(err)
	}
	s := strings.Replace(string(mod), "module github.com/toolgen-dev/toolgen/bench", "module example.com/cost", 1)
	s = strings.Replace(s, "github.com/toolgen-dev/toolgen => ../", "github.com/toolgen-dev/toolgen => "+root, 1)
	if !strings.Contains(s, "module example.com/cost") || !strings.Contains(s, "=> "+root) {
		t.Fatal("bench/go.mod: no module line or replace directive to rewrite")
	}
	sum, err := os.ReadFile("go.sum")
	if err != nil {
		t.Fatal(err)
	}
	write(t, filepath.Join(dir, "go.mod"), s)
	write(t, filepath.Join(dir, "go.sum"), string(sum))
}

// writeCostPackage writes the tools package of n tools and its main, and
// returns the files of the user's source.
func writeCostPackage(t *testing.T, dir, impl string, n int) []string {
	pkg := costPkg(impl, n)
	var b strings.Builder
	fmt.Fprintf(&b, "// Package %s has %d tools.\npackage %s\n\nimport (\n\t\"context\"\n", pkg, n, pkg)
	if impl == "go-sdk" {
		b.WriteString("\n\t\"github.com/modelcontextprotocol/go-sdk/mcp\"\n")
	}
	b.WriteString(")\n\n")
	b.WriteString("// Unit is a temperature unit.\ntype Unit string\n\nconst (\n\tCelsius Unit = \"c\" // degrees Celsius\n\tFahrenheit Unit = \"f\" // degrees Fahrenheit\n)\n\n")
	for i := range n {
		name := fmt.Sprintf("Tool%04d", i)
		if impl != "toolgen" || costShape != "params" { // those take separate parameters
			writeCostArgs(&b, impl, name)
		}
		if costShape == "list" {
			// Each tool's own element type: tools of real packages list
			// different things.
			fmt.Fprintf(&b, "// %sMatch is one thing %s finds.\ntype %sMatch struct {\n\tPath string `json:\"path\"`\n\tLine int `json:\"line\"`\n\tText string `json:\"text,omitempty\"`\n}\n\n", name, name, name)
			fmt.Fprintf(&b, "// %sResult is the result of %s.\ntype %sResult struct {\n\tCity string `json:\"city\"`\n\tDays int `json:\"days\"`\n\tMatches []%sMatch `json:\"matches\"`\n}\n\n", name, name, name, name)
		} else {
			fmt.Fprintf(&b, "// %sResult is the result of %s.\ntype %sResult struct {\n\tCity string `json:\"city\"`\n\tDays int `json:\"days\"`\n}\n\n", name, name, name)
		}
		result, ret := name+"Result", name+"Result"
		if costShape == "pointer" {
			result, ret = "*"+name+"Result", "&"+name+"Result"
		}
		switch {
		case impl == "toolgen" && costShape == "params":
			fmt.Fprintf(&b, "// %s does task number %d.\n//\n//toolgen:tool name=tool_%04d readonly\n", name, i, i)
			fmt.Fprintf(&b, "func %s(ctx context.Context, city string, days int, unit Unit, limit *int, tags []string) (%s, error) {\n", name, result)
			fmt.Fprintf(&b, "\treturn %s{City: city, Days: days}, nil\n}\n\n", ret)
		case impl == "toolgen":
			fmt.Fprintf(&b, "// %s does task number %d.\n//\n//toolgen:tool name=tool_%04d readonly\n", name, i, i)
			fmt.Fprintf(&b, "func %s(ctx context.Context, in %sArgs) (%s, error) {\n", name, name, result)
			fmt.Fprintf(&b, "\treturn %s{City: in.City, Days: in.Days}, nil\n}\n\n", ret)
		default:
			fmt.Fprintf(&b, "// %s does task number %d.\n", name, i)
			fmt.Fprintf(&b, "func %s(ctx context.Context, req *mcp.CallToolRequest, in %sArgs) (*mcp.CallToolResult, %s, error) {\n", name, name, result)
			fmt.Fprintf(&b, "\treturn nil, %s{City: in.City, Days: in.Days}, nil\n}\n\n", ret)
		}
	}
	if impl == "go-sdk" {
		b.WriteString("// Register adds the tools to s.\nfunc Register(s *mcp.Server) {\n")
		for i := range n {
			fmt.Fprintf(&b, "\tmcp.AddTool(s, &mcp.Tool{Name: \"tool_%04d\", Description: \"Tool%04d does task number %d.\", Annotations: &mcp.ToolAnnotations{ReadOnlyHint: true}}, Tool%04d)\n", i, i, i, i)
		}
		b.WriteString("}\n")
	}
	src := filepath.Join(dir, pkg, "tools.go")
	write(t, src, b.String())
	run(t, dir, "gofmt", "-w", src)
	setRound(t, dir, pkg, "warm")

	var m string
	if impl == "toolgen" {
		m = fmt.Sprintf(`package main

import (
	"fmt"

	"example.com/cost/%[1]s"
	"github.com/toolgen-dev/toolgen/mcp"
)

func main() {
	tools := %[1]s.Tools()
	if _, err := mcp.NewServer("cost", "1", tools); err != nil {
		panic(err)
	}
	fmt.Println(len(tools), "tools", %[1]s.Round)
}
`, pkg)
	} else {
		m = fmt.Sprintf(`package main

import (
	"fmt"

	"example.com/cost/%[1]s"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func main() {
	s := mcp.NewServer(&mcp.Implementation{Name: "cost", Version: "1"}, nil)
	%[1]s.Register(s)
	fmt.Println(%[2]d, "tools", %[1]s.Round)
}
`, pkg, n)
	}
	write(t, filepath.Join(dir, "cmd", pkg, "main.go"), m)
	return []string{src}
}

// writeCostArgs writes the arguments' struct of tool name: five members,
// described by line comments for toolgen and by jsonschema tags for
// go-sdk.
func writeCostArgs(b *strings.Builder, impl, name string) {
	fmt.Fprintf(b, "// %sArgs are the arguments of %s.\ntype %sArgs struct {\n", name, name, name)
	if impl == "toolgen" {
		b.WriteString("\tCity string `json:\"city\"` // the city\n")
		b.WriteString("\tDays int `json:\"days,omitempty\" toolgen:\"min=1,max=14\"` // days ahead\n")
		b.WriteString("\tUnit Unit `json:\"unit,omitempty\"` // the unit\n")
		b.WriteString("\tLimit *int `json:\"limit,omitempty\"` // at most this many results\n")
		b.WriteString("\tTags []string `json:\"tags,omitempty\"` // labels to echo\n")
	} else {
		b.WriteString("\tCity string `json:\"city\" jsonschema:\"the city\"`\n")
		b.WriteString("\tDays int `json:\"days,omitempty\" jsonschema:\"days ahead, 1 to 14\"`\n")
		b.WriteString("\tUnit Unit `json:\"unit,omitempty\" jsonschema:\"the unit, c or f\"`\n")
		b.WriteString("\tLimit *int `json:\"limit,omitempty\" jsonschema:\"at most this many results\"`\n")
		b.WriteString("\tTags []string `json:\"tags,omitempty\" jsonschema:\"labels to echo\"`\n")
	}
	b.WriteString("}\n\n")
}

// cachegrindScript runs the compile of package $COST_PKG under valgrind's
// cachegrind, on one thread (-c=1) with the collector off, its count in
// $COST_LOG; any other tool, or the compile of any other package, runs as
// it is. It is go build's -toolexec.
const cachegrindScript = `#!/bin/bash
tool=$1; shift
if [[ $tool != */compile || " $* " != *" -p $COST_PKG "* ]]; then exec "$tool" "$@"; fi
args=()
for a in "$@"; do [[ $a == -c=* ]] && a=-c=1; args+=("$a"); done
GOGC=off GOMAXPROCS=1 exec valgrind --tool=cachegrind --cache-sim=no --cachegrind-out-file=/dev/null --log-file="$COST_LOG" "$tool" "${args[@]}"
`

// compileInstructions changes the tools package and returns the
// instructions its compile runs (cachegrindScript), which unlike CPU time
// do not move with the machine's load. The first call compiles every
// package again, since -toolexec is part of the build cache's key.
func compileInstructions(t *testing.T, dir, impl string, n int) int64 {
	pkg := costPkg(impl, n)
	script, log := filepath.Join(dir, "cachegrind.sh"), filepath.Join(dir, "cachegrind-"+pkg+".log")
	write(t, script, cachegrindScript)
	if err := os.Chmod(script, 0o755); err != nil {
		t.Fatal(err)
	}
	setRound(t, dir, pkg, fmt.Sprintf("instructions %d", time.Now().UnixNano()))
	cmd := exec.Command("go", "build", "-toolexec", script, "./"+pkg)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "COST_PKG=example.com/cost/"+pkg, "COST_LOG="+log)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go build -toolexec cachegrind ./%s (is valgrind installed?): %v\n%s", pkg, err, out)
	}
	text, err := os.ReadFile(log)
	if err != nil {
		t.Fatal(err)
	}
	for line := range strings.Lines(string(text)) {
		if f := strings.Fields(line); len(f) >= 3 && f[1] == "I" && strings.HasPrefix(f[2], "refs") {
			count, err := strconv.ParseInt(strings.ReplaceAll(f[len(f)-1], ",", ""), 10, 64)
			if err != nil {
				t.Fatalf("%s: %q: %v", log, line, err)
			}
			return count
		}
	}
	t.Fatalf("%s has no instruction count:\n%s", log, text)
	return 0
}

// setRound changes the tools package (a variable its main prints), so that
// the next build compiles it and its main and links the program.
func setRound(t *testing.T, dir, pkg, round string) {
	write(t, filepath.Join(dir, pkg, "round.go"),
		fmt.Sprintf("package %s\n\n// Round changes before every build.\nvar Round = %q\n", pkg, round))
}

func buildCost(t *testing.T, dir, impl string, n int, round string) string {
	pkg := costPkg(impl, n)
	setRound(t, dir, pkg, round)
	bin := filepath.Join(dir, "bin", pkg)
	run(t, dir, "go", "build", "-o", bin, "./cmd/"+pkg)
	return bin
}

// buildPackage changes the tools package and compiles it alone, without its
// main or a link.
func buildPackage(t *testing.T, dir, impl string, n int, round string) {
	pkg := costPkg(impl, n)
	setRound(t, dir, pkg, round)
	run(t, dir, "go", "build", "./"+pkg)
}

// timeBuild runs build and returns the CPU (user and system) of the go
// commands it ran and all their children (compiler, linker), and the wall
// time.
func timeBuild(t *testing.T, build func()) (cpu, wall time.Duration) {
	var before, after syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_CHILDREN, &before); err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	build()
	wall = time.Since(start)
	if err := syscall.Getrusage(syscall.RUSAGE_CHILDREN, &after); err != nil {
		t.Fatal(err)
	}
	tv := func(r syscall.Rusage) time.Duration {
		return time.Duration(r.Utime.Nano() + r.Stime.Nano())
	}
	return tv(after) - tv(before), wall
}

func median(d []time.Duration) time.Duration {
	s := slices.Clone(d)
	slices.Sort(s)
	if len(s)%2 == 1 {
		return s[len(s)/2]
	}
	return (s[len(s)/2-1] + s[len(s)/2]) / 2
}

func write(t *testing.T, name, content string) {
	if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(name, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}

func run(t *testing.T, dir, name string, args ...string) string {
	cmd := exec.Command(name, args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOWORK=off", "GOFLAGS=")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("%s %s in %s: %v\n%s", name, strings.Join(args, " "), dir, err, out)
	}
	return string(out)
}

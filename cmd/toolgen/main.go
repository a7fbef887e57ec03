package main

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/toolgen-dev/toolgen/internal/catalog"
	"github.com/toolgen-dev/toolgen/internal/generate"
	"github.com/toolgen-dev/toolgen/internal/model"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

type options struct {
	output, tags string
	check, show  bool
	catalog      bool
	budget       int
	dialects     bool
	verbose      bool
	dirs         []string // one, except with -catalog
}

func run(args []string, stdout, stderr io.Writer) int {
	if len(args) > 0 && args[0] == "mcp" {
		return runMCP(args[1:], stdout, stderr)
	}
	opts, ok := parseFlags(args, stderr)
	if !ok {
		return 2
	}
	wd, err := os.Getwd()
	if err != nil {
		fmt.Fprintln(stderr, "toolgen:", err)
		return 1
	}
	if opts.catalog {
		return printCatalog(opts, wd, stdout, stderr)
	}
	f, err := generate.Run(generate.Config{Dir: opts.dirs[0], Output: opts.output, Tags: splitTags(opts.tags), WorkDir: wd, Budget: opts.budget, Dialects: opts.dialects})
	if err != nil {
		fmt.Fprintln(stderr, err) // user errors: one file:line:col line each
		return 1
	}
	for _, w := range f.Warnings {
		fmt.Fprintf(stderr, "%s: warning: %s\n", w.Pos, w.Msg)
	}
	switch {
	case opts.show:
		return show(f, stdout, stderr)
	case opts.check:
		return check(f, opts.output, stdout, stderr)
	}
	return write(f, opts.verbose, stderr)
}

func parseFlags(args []string, stderr io.Writer) (options, bool) {
	var o options
	fs := flag.NewFlagSet("toolgen", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.StringVar(&o.output, "output", generate.DefaultOutput, "the file to write in the package directory")
	fs.BoolVar(&o.check, "check", false, "write nothing; exit 1 with a diff if the file is stale, saying whether the tools sent up front change (every cached prompt loses them)")
	fs.StringVar(&o.tags, "tags", "", "extra comma-separated build tags for loading the package")
	fs.BoolVar(&o.show, "show", false, "print the tools and their schemas; write nothing")
	fs.BoolVar(&o.catalog, "catalog", false, "print the tools of the packages in dirs, the tokens their definitions take and the packages' prefix digests; write nothing")
	fs.IntVar(&o.budget, "budget", 0, "fail when the tools sent up front (not deferred) take more than this many tokens in any dialect; 0 sets no budget (a //toolgen:budget still holds)")
	fs.BoolVar(&o.dialects, "dialects", false, "fail when a tool's input schema has no form in OpenAI's strict mode or Gemini's subset (a warning otherwise)")
	fs.BoolVar(&o.verbose, "v", false, "say what was done")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: toolgen [flags] [dir]\n       toolgen -catalog [-budget N] [dir...]")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return o, false
	}
	several := fs.NArg() > 1 && !o.catalog // a catalog may list several packages
	clash := o.catalog && (o.check || o.show)
	if several || clash || o.budget < 0 || strings.ContainsRune(o.output, os.PathSeparator) {
		fs.Usage()
		return o, false
	}
	o.dirs = fs.Args()
	if len(o.dirs) == 0 {
		o.dirs = []string{"."}
	}
	if o.catalog {
		dirs, err := expandDirs(o.dirs)
		if err != nil {
			fmt.Fprintln(stderr, "toolgen:", err)
			return o, false
		}
		o.dirs = dirs
	}
	for _, dir := range o.dirs {
		if msg := notADirectory(dir); msg != "" {
			fmt.Fprintln(stderr, "toolgen:", msg)
			return o, false
		}
	}
	return o, true
}

// notADirectory says why dir cannot hold the package, or "": the go command
// would otherwise fail to start in it with a message about itself.
func notADirectory(dir string) string {
	info, err := os.Stat(dir)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return "directory " + dir + " does not exist"
	case err != nil:
		return err.Error()
	case !info.IsDir():
		return dir + " is not a directory: name the package's directory"
	}
	return ""
}

// expandDirs replaces each dir/... of dirs, as the go command reads the
// pattern, by the directories below dir (dir included) whose Go files
// hold a //toolgen:tool directive, skipping testdata, vendor,
// node_modules and directories whose name begins with . or _. A pattern
// that matches no such directory is an error.
func expandDirs(dirs []string) ([]string, error) {
	var out []string
	for _, dir := range dirs {
		root, ok := strings.CutSuffix(dir, "...")
		if !ok {
			out = append(out, dir)
			continue
		}
		if root = strings.TrimSuffix(root, "/"); root == "" {
			root = "."
		}
		if msg := notADirectory(root); msg != "" {
			return nil, errors.New(msg)
		}
		found, err := toolDirs(root)
		if err != nil {
			return nil, err
		}
		if len(found) == 0 {
			return nil, fmt.Errorf("%s matched no package with a //toolgen:tool directive", dir)
		}
		out = append(out, found...)
	}
	return out, nil
}

// toolDirs lists the directories below root whose Go files hold a tool.
func toolDirs(root string) ([]string, error) {
	var out []string
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		name := d.Name()
		if d.IsDir() && path != root && (name == "testdata" || name == "vendor" || name == "node_modules" ||
			strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_")) {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(name, ".go") || strings.HasSuffix(name, "_test.go") {
			return nil
		}
		dir := filepath.Dir(path)
		if len(out) > 0 && out[len(out)-1] == dir {
			return nil
		}
		src, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		if strings.Contains(string(src), "\n//toolgen:tool") {
			out = append(out, dir)
		}
		return nil
	})
	return out, err
}

func splitTags(s string) []string {
	var tags []string
	for t := range strings.SplitSeq(s, ",") {
		if t = strings.TrimSpace(t); t != "" {
			tags = append(tags, t)
		}
	}
	return tags
}

func write(f *generate.File, verbose bool, stderr io.Writer) int {
	wrote, err := generate.Write(f)
	if err != nil {
		fmt.Fprintln(stderr, "toolgen:", err)
		return 1
	}
	if verbose {
		state := "unchanged"
		if wrote {
			state = "written"
		}
		counts := fmt.Sprintf("%d tools", len(f.Package.Tools))
		if n := len(f.Package.Prompts) + len(f.Package.Resources); n > 0 {
			counts += fmt.Sprintf(", %d prompts, %d resources", len(f.Package.Prompts), len(f.Package.Resources))
		}
		fmt.Fprintf(stderr, "toolgen: %s: %s, %s\n", f.Path, counts, state)
	}
	return 0
}

func check(f *generate.File, name string, stdout, stderr io.Writer) int {
	diff, err := generate.Check(f, name)
	if err != nil {
		fmt.Fprintln(stderr, "toolgen:", err)
		return 1
	}
	if diff == "" {
		return 0
	}
	fmt.Fprintf(stderr, "toolgen: %s is stale; run go generate\n", name)
	fmt.Fprint(stdout, diff)
	reportPrefix(f, name, stderr)
	return 1
}

// reportPrefix says, for a stale file, whether the tools sent up front
// change in each dialect and from which tool on: what every user's cached
// prompt loses (catalog.PrefixChange).
func reportPrefix(f *generate.File, name string, stderr io.Writer) {
	changes, recorded, err := generate.PrefixChanges(f)
	switch {
	case err != nil:
		fmt.Fprintf(stderr, "toolgen: %s: reading its prefix digests: %v\n", name, err)
	case !recorded:
		fmt.Fprintf(stderr, "toolgen: %s on disk records no prefix digests (a new file, or an older toolgen's): whether the tools sent up front change is unknown\n", name)
	case len(changes) == 0:
		fmt.Fprintln(stderr, "toolgen: the tools sent up front are unchanged in every dialect: cached prompts stay valid")
	}
	for _, c := range changes {
		fmt.Fprintln(stderr, "toolgen:", c.Message())
	}
}

// show prints each tool with its position and schemas, as JSON.
func show(f *generate.File, stdout, stderr io.Writer) int {
	enc := json.NewEncoder(stdout)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	if err := enc.Encode(f.Package); err != nil {
		fmt.Fprintln(stderr, "toolgen:", err)
		return 1
	}
	return 0
}

// printCatalog prints the catalog of the packages in opts.dirs, then checks
// their budgets: each package's //toolgen:budget on its tools, -budget on
// all of them together, as an agent given them all would be sent them.
func printCatalog(opts options, wd string, stdout, stderr io.Writer) int {
	var pkgs []*model.Package
	for _, dir := range opts.dirs {
		m, _, err := generate.Load(generate.Config{Dir: dir, Tags: splitTags(opts.tags), WorkDir: wd})
		if err != nil {
			fmt.Fprintln(stderr, err)
			return 1
		}
		pkgs = append(pkgs, m)
	}
	if err := catalog.Write(stdout, pkgs); err != nil {
		fmt.Fprintln(stderr, "toolgen:", err)
		return 1
	}
	if err := generate.CheckBudgets(pkgs, opts.budget, wd); err != nil {
		fmt.Fprintln(stderr, err)
		return 1
	}
	return 0
}

package builtin

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

func TestRequiredLiteral(t *testing.T) {
	for _, c := range []struct {
		pattern string
		want    string // text, "(?i)" before it with fold, " whole" after when whole; "" for none
	}{
		{`return`, "return whole"},
		{`(?i)http`, "(?i)http whole"},
		{`(?i)HTTP`, "(?i)http whole"},
		{`func \w+\(ctx context\.Context`, "(ctx context.Context"},
		{`^return`, "return"},
		{`(return)+`, "return"},
		{`(?:ab){2,}c`, "ab"},
		{`x*return?`, "retur"},
		{`a|b`, ""},
		{`(abc)*`, ""},
		{`\w+`, ""},
		// (?i)k also matches the Kelvin sign, (?i)s the long s: no byte
		// comparison finds them, so they are not part of the literal.
		{`(?i)kiss`, "(?i)i"},
		{`(?i)sk`, ""},
		{`(?i)éclair`, "(?i)clair"},
		{`café`, "café whole"},
		// U+FFFD matches any invalid byte.
		{"ab\uFFFDc", "ab"},
		// A line is matched without its line ending.
		{"return\r", "return\r"},
	} {
		l := requiredLiteral(c.pattern)
		got := ""
		if l != nil {
			if l.fold {
				got = "(?i)"
			}
			got += string(l.text)
			if l.whole {
				got += " whole"
			}
		}
		if got != c.want {
			t.Errorf("requiredLiteral(%q) = %q, want %q", c.pattern, got, c.want)
		}
	}
}

// searchTestTree writes files of random lines made of words that test the
// literal search: cases, the Kelvin sign and the long s, invalid UTF-8
// (after 8 KiB of text in some files, which are then searched), carriage
// returns, literals at line ends and across lines.
func searchTestTree(t *testing.T, dir string, files int) {
	words := []string{"return", "Return", "RETURN", "retur", "n", "http", "HTTP", "hTtP", "htt", "p",
		"kiss", "KISS", "\u212Aiss", "ki\u017F\u017F", "\u017Ftop", "stop", "func", "Foo(ctx", "context.Context",
		"func Foo(ctx context.Context", "\xff", "\xef\xbf\xbd", "caf\u00e9", "é", "\t", " ", "x", "(", ")"}
	rng := rand.New(rand.NewPCG(1, 2))
	for i := range files {
		var b strings.Builder
		if i%4 == 0 {
			// Text first: the bytes that are not UTF-8 below are searched.
			b.WriteString(strings.Repeat(strings.Repeat("filler ", 14)+"\n", textSniffLen/99+1))
		}
		for range rng.IntN(40) {
			for range rng.IntN(8) {
				b.WriteString(words[rng.IntN(len(words))])
				if rng.IntN(3) == 0 {
					b.WriteByte(' ')
				}
			}
			switch rng.IntN(10) {
			case 0:
				b.WriteString("\r\n")
			case 1:
				b.WriteString("\n\n")
			default:
				b.WriteByte('\n')
			}
		}
		if rng.IntN(4) == 0 {
			b.WriteString("return http") // no final newline
		}
		name := filepath.Join(dir, fmt.Sprintf("d%d", i%7), fmt.Sprintf("e%d", i%3), fmt.Sprintf("f%03d.txt", i))
		if i%11 == 0 {
			name = filepath.Join(dir, fmt.Sprintf("top%03d.txt", i))
		}
		writeTestFile(t, name, b.String())
	}
}

// searchReference is the lines search_files shows, found the simple way:
// each text file read whole, in walk order, and each of its lines matched.
func searchReference(t *testing.T, dir string, re *regexp.Regexp) []string {
	var out []string
	err := filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err != nil || !d.Type().IsRegular() {
			return err
		}
		data, err := os.ReadFile(p)
		if err != nil || !isText(data[:min(len(data), textSniffLen)]) {
			return err
		}
		name, _ := filepath.Rel(dir, p)
		for n, line := range lines(data) {
			if re.Match(line) {
				out = append(out, fmt.Sprintf("%s:%d: %s", filepath.ToSlash(name), n, strings.TrimSpace(string(line))))
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// searchAnswer is search_files' answer for lines found and a limit.
func searchAnswer(pattern string, lines []string, limit int) string {
	if len(lines) == 0 {
		return fmt.Sprintf("no matches for %q", pattern)
	}
	if len(lines) <= limit {
		return strings.Join(lines, "\n")
	}
	return strings.Join(lines[:limit], "\n") + fmt.Sprintf("\n[... more not shown: the list stops at %d; narrow the path or pattern]", limit)
}

// search_files finds the lines a regular expression matches one line at a
// time, in walk order, whatever the literal search and the workers do; a
// limit stops it at the same line.
func TestSearchMatchesLineByLine(t *testing.T) {
	patterns := []string{`return`, `(?i)return`, `(?i)http`, `func \w+\(ctx context\.Context`, `(?i)kiss`,
		`(?i)k`, `(?i)s`, `\x{FFFD}`, "\xef\xbf\xbd", `(return)+`, `^return`, `return$`, `\breturn\b`, `return http`,
		`(?i)ſ`, `é`, "return\r", `ctx|http`, `^$`, `n$`, `(?i)^\s*RETURN\s*$`, `retur\nn`}
	f, dir := testFiles(t)
	searchTestTree(t, dir, 200)
	for _, pattern := range patterns {
		want := searchReference(t, dir, regexp.MustCompile(pattern))
		for _, limit := range []int{1 << 20, 7, 150} {
			f.maxResults = limit
			got, err := f.SearchFiles(context.Background(), pattern, nil, nil)
			if err != nil {
				t.Fatalf("%q: %v", pattern, err)
			}
			if want := searchAnswer(pattern, want, limit); got != want {
				t.Errorf("limit %d, pattern %q:\n got %.2000q\nwant %.2000q", limit, pattern, got, want)
			}
		}
	}
}

// Files are read into reused buffers of the size they need: a large file
// after small ones, a file that only starts with text, a file binary after
// its first 8 KiB (searched, as the start decides).
func TestSearchFileSizes(t *testing.T) {
	f, dir := testFiles(t)
	big := strings.Repeat("filler line\n", 20_000) + "needle at the end\n"
	writeTestFile(t, filepath.Join(dir, "a.txt"), "needle\n")
	writeTestFile(t, filepath.Join(dir, "b.txt"), big)
	writeTestFile(t, filepath.Join(dir, "c.bin"), "needle\n"+strings.Repeat("x", textSniffLen)+"\x00")
	writeTestFile(t, filepath.Join(dir, "d.bin"), strings.Repeat("needle ", 1000)+"\x00"+big)
	writeTestFile(t, filepath.Join(dir, "e.txt"), "")
	writeTestFile(t, filepath.Join(dir, "f.txt"), "needle")
	got, err := f.SearchFiles(context.Background(), "needle", nil, nil)
	wantResult(t, "search_files", got, err, "a.txt:1: needle\nb.txt:20001: needle at the end\nc.bin:1: needle\nf.txt:1: needle")
	got, err = f.SearchFiles(context.Background(), "(?i)NEEDLE AT", ptrTo("b.txt"), nil)
	wantResult(t, "search_files in a file", got, err, "b.txt:20001: needle at the end")
}

// A search stops as soon as its context is done, workers included (goleak
// checks that none is left).
func TestSearchStopsWhenCancelled(t *testing.T) {
	f, dir := testFiles(t)
	searchTestTree(t, dir, 300)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	opened := 0
	setHook(t, &testHookWalkOpen, func(name string) error {
		if opened++; opened == 100 {
			cancel()
		}
		return nil
	})
	_, err := f.SearchFiles(ctx, "return", nil, nil)
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("search_files: %v", err)
	}
}

// A binary file is read no further than its first block.
func TestSearchReadsBinaryFilesNoFurther(t *testing.T) {
	name := filepath.Join(t.TempDir(), "big.bin")
	writeTestFile(t, name, "\x00"+strings.Repeat("x", 4*searchBlock))
	file, err := os.Open(name)
	if err != nil {
		t.Fatal(err)
	}
	defer file.Close()
	buf := getSearchBuffer()
	defer putSearchBuffer(buf)
	data, err := readText(context.Background(), file, 4*searchBlock+1, buf)
	if data != nil || err != nil {
		t.Fatalf("readText = %d bytes, %v; want nil, nil (binary)", len(data), err)
	}
	if at, err := file.Seek(0, io.SeekCurrent); err != nil || at > searchBlock {
		t.Errorf("readText read %d bytes (%v) of a binary file; want at most %d", at, err, searchBlock)
	}
}

package ecmaregex

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// nodePatterns are accepted patterns whose meaning differs between ECMA-262
// and RE2, or could.
var nodePatterns = []string{
	`^abc$`, `a.c`, `^.$`, `^..$`, `\s`, `^\s+$`, `\S`, `^\S$`, `^[\s]$`, `^[^\s]$`, `^[\S]$`, `^[^\S]$`, `^[a\S]$`,
	`\d`, `\D`, `^\w+$`, `\W`, `\bfoo\b`, `\B`, `^\u00e9$`, `^\u{1F600}$`, `^\uD83D\uDE00$`, `^[\u{1F600}-\u{1F64F}]$`,
	`^\x41$`, `\0`, `^\cJ$`, `^\v$`, `^\t$`, `^[\b]$`, `[[:a]`, `^[^]$`, `^[]$`, `^[-a]$`, `^[a-]$`, `^[\-]$`,
	`^\p{L}+$`, `^\P{L}$`, `^\p{Lu}$`, `^\p{gc=Nd}+$`, `^\p{Script=Greek}+$`, `^\p{sc=Latin}$`, `^[\p{L}\d]+$`, `^[^\p{L}]$`,
	`^\p{Any}$`, `^\p{ASCII}+$`, `^\P{ASCII}$`, `^(a|b)+$`, `^(?:ab){2}$`, `^(?<x>a)b$`, `^a{2,3}$`, `^a{2,}$`, `^a+?$`,
	`^\.\*\+\?\(\)\[\]\{\}\|\/\\\^\$$`, `^[.]$`, `^[$^]$`, `é`, `^😀$`, `^.{3}$`, `^[a-z]{1,3}$`, `x*`, `^$`, `a|`,
}

// nodeInputs include line terminators, Unicode spaces, astral characters
// and what the patterns above spell.
var nodeInputs = []string{
	"", "a", "abc", "abcd", "aXc", "a\nc", "a\rc", "a\u2028c", "a\u2029c", "a\u0085c", "\n", "\r", "\u2028", "\u2029", "\u0085",
	" ", "\t", "\v", "\f", "\u00a0", "\u1680", "\u2000", "\u200a", "\u200b", "\u202f", "\u205f", "\u3000", "\ufeff", "\u180e",
	"x", "5", "٣", "_", "foo", "a foo b", "foobar", "é", "e\u0301", "😀", "😀😀", "𝒳", "A", "Ω", "λλ", "Λ", "\b", "\x00",
	"ab", "abab", "aa", "aaa", "aaaa", "-", "[", ":", "[:", ".", "$", "^", "ba", ".*+?()[]{}|/\\^$", "abcé", "Ab1", "\U0010ffff",
}

// TestPatternsAgreeWithNode runs every pattern over every input in Node
// (new RegExp(p, "u").test(s), the meaning JSON Schema gives a pattern)
// and through the translation, and compares. It needs node: TOOLGEN_NODE,
// testdata/npm/node_modules/.bin/node (npm install in testdata/npm) or
// node on PATH.
func TestPatternsAgreeWithNode(t *testing.T) {
	node := findNode()
	if node == "" {
		t.Skip("no node found (set TOOLGEN_NODE, run npm install in testdata/npm, or put node on PATH): " +
			"the translations are not compared with an ECMA-262 engine")
	}
	version, err := exec.Command(node, "--version").Output()
	require.NoError(t, err)
	t.Logf("comparing with %s %s", node, strings.TrimSpace(string(version)))

	batch, err := json.Marshal(map[string][]string{"patterns": nodePatterns, "inputs": nodeInputs})
	require.NoError(t, err)
	const script = `let s = ""; process.stdin.on("data", d => s += d); process.stdin.on("end", () => {
		const {patterns, inputs} = JSON.parse(s);
		process.stdout.write(JSON.stringify(patterns.map(p => { const re = new RegExp(p, "u"); return inputs.map(x => re.test(x)); })));
	});`
	cmd := exec.Command(node, "-e", script)
	cmd.Stdin = bytes.NewReader(batch)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	require.NoError(t, err, stderr.String())
	var want [][]bool
	require.NoError(t, json.Unmarshal(out, &want))

	compared := 0
	for i, p := range nodePatterns {
		translated, err := Translate(p)
		require.NoError(t, err, p)
		re := regexp.MustCompile(translated)
		for j, s := range nodeInputs {
			if got := re.MatchString(s); got != want[i][j] {
				t.Errorf("pattern %q (Go %q) on %q: node says %v, Go says %v", p, translated, s, want[i][j], got)
			}
			compared++
		}
	}
	t.Logf("%d pattern and input pairs agree", compared)
}

func findNode() string {
	if n := os.Getenv("TOOLGEN_NODE"); n != "" {
		return n
	}
	if local, err := filepath.Abs(filepath.Join("..", "..", "testdata", "npm", "node_modules", ".bin", "node")); err == nil {
		if _, err := os.Stat(local); err == nil {
			return local
		}
	}
	n, _ := exec.LookPath("node")
	return n
}

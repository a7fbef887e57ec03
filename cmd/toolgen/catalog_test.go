package main

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// crmSource has a tool sent up front and a deferred one, larger.
const crmSource = `package demo

import "context"

// Greet says hello.
//
//toolgen:tool readonly
func Greet(ctx context.Context, name string) (string, error) { return "hello " + name, nil }

// ExportArgs say what to export.
type ExportArgs struct {
	// Format is the file format: csv for spreadsheets, vcf for address
	// books, json for programs.
	Format string ` + "`json:\"format\"`" + `
	// Fields are the contact fields to export, in the order of the columns.
	Fields []string ` + "`json:\"fields,omitempty\"`" + `
}

// Export writes every contact to a file and returns its path.
//
//toolgen:tool defer namespace=contacts
func Export(ctx context.Context, args ExportArgs) (string, error) { return "", nil }
`

func TestCatalogPrintsTheTable(t *testing.T) {
	dir := newPackage(t, crmSource)
	code, stdout, stderr := runCLI("-catalog")
	require.Equal(t, 0, code, stderr)
	// export's declaration names the interface ExportArgs: 91 tokens
	// with it.
	assert.Equal(t, `TOOL                  NAMESPACE  DEFERRED  DEFAULT  STRICT  GEMINI  CODE MODE  LARGEST PARTS (DEFAULT)
export                contacts   yes       113      109     91      91         format 27%, fields 27%, (description) 12%
greet                 demo       no        55       38      33      20         name 11%, (description) 9%

1 tool sent up front                       55       38      33      20
1 tool deferred                            113      109     91      91
`+legendText+`
Prefix digests (SHA-256 of the definitions sent up front, in order; toolgen -check says what a change cuts):
demo.test (1 tool)
  default        e0aedca9418bfe9286c000fe284b7efc769bea21cd1a63fed42b12973ac7e214
  OpenAI strict  2323e40fdb9e60327f3dc0ae795c309aae9111d1c020cb8db205302f192d7ff9
  Gemini         9be0669a9e55e36188c39a746b95dae94cae35ddf1c11ef8b8aad13b8f4bf25b
`, stdout)
	assert.NoFileExists(t, filepath.Join(dir, "tools_gen.go"), "-catalog writes nothing")
}

// legendText follows the catalog's table.
const legendText = `
Tokens of o200k_base (OpenAI GPT-4o and later; other models' tokenizers differ by some percent)
in each definition {"name","description","parameters"} as compact JSON; a provider adds a few per tool.
-: the schema has no form in that dialect (said below); its provider is sent the default one, which the totals count.
CODE MODE: the tool's TypeScript declaration for code mode with the types it names; totals count a shared type once.
`

func TestCatalogOfSeveralPackages(t *testing.T) {
	dir := newPackage(t, crmSource)
	writeFiles(t, dir, map[string]string{"mail/mail.go": `package mail

// Send sends a message.
//
//toolgen:tool
func Send(to, body string) error { return nil }
`})
	code, stdout, stderr := runCLI("-catalog", ".", "./mail")
	require.Equal(t, 0, code, stderr)
	assert.Regexp(t, `\nsend +mail +no +\d+`, stdout)
	assert.Regexp(t, `\n2 tools sent up front +\d+`, stdout)

	// -budget holds for all the packages listed together, as one agent
	// would be sent them; the table is printed all the same.
	code, stdout, stderr = runCLI("-catalog", "-budget", "60", ".", "./mail")
	assert.Equal(t, 1, code)
	assert.Contains(t, stdout, "TOOL ")
	assert.Contains(t, stderr, "toolgen -budget 60 (demo.test, demo.test/mail): the tools sent up front (not deferred) take ")
}

func TestBudgetFlagFailsGeneration(t *testing.T) {
	dir := newPackage(t, crmSource)
	code, _, stderr := runCLI("-budget", "50")
	assert.Equal(t, 1, code)
	assert.Equal(t, "toolgen -budget 50 (demo.test): the tools sent up front (not deferred) take 55 tokens in the default dialect, "+
		"5 over the budget of 50; defer or trim, largest first: greet (55)\n", stderr, "only the default dialect is over; the deferred export does not count")
	assert.NoFileExists(t, filepath.Join(dir, "tools_gen.go"))

	code, _, stderr = runCLI("-budget", "55")
	assert.Equal(t, 0, code, stderr)
	assert.FileExists(t, filepath.Join(dir, "tools_gen.go"))
}

// TestBudgetFlagZeroIsNoBudget: -budget 0, the default, sets no budget of
// its own, and says so in its usage text; a package's directive still
// holds under it.
func TestBudgetFlagZeroIsNoBudget(t *testing.T) {
	dir := newPackage(t, crmSource)
	code, _, stderr := runCLI("-budget", "0")
	assert.Equal(t, 0, code, stderr)
	assert.FileExists(t, filepath.Join(dir, "tools_gen.go"))

	src := "// Package demo greets.\n//\n//toolgen:budget 40\n" + crmSource
	require.NoError(t, os.WriteFile(filepath.Join(dir, "tools.go"), []byte(src), 0o644))
	code, _, stderr = runCLI("-budget", "0")
	assert.Equal(t, 1, code)
	assert.Contains(t, stderr, "over the budget of 40", "-budget 0 does not lift the directive's budget")

	_, _, stderr = runCLI("-h")
	assert.Regexp(t, `-budget int\n.*0 sets no budget`, stderr, "the flag's usage text says what 0 means")
}

func TestBudgetDirectiveFailsGenerationAndCheck(t *testing.T) {
	dir := newPackage(t, crmSource)
	require.Equal(t, 0, run(nil, new(nopWriter), new(nopWriter)))
	src := "// Package demo greets.\n//\n//toolgen:budget 40\n" + crmSource
	require.NoError(t, os.WriteFile(filepath.Join(dir, "tools.go"), []byte(src), 0o644))

	want := "tools.go:3:1: //toolgen:budget: the tools sent up front (not deferred) take 55 tokens in the default dialect, 15 over the budget of 40; defer or trim, largest first: greet (55)\n"
	for _, args := range [][]string{nil, {"-check"}} {
		code, _, stderr := runCLI(args...)
		assert.Equal(t, 1, code, args)
		assert.Equal(t, want, stderr, args)
	}
	code, stdout, stderr := runCLI("-catalog")
	assert.Equal(t, 1, code)
	assert.Contains(t, stdout, "1 tool sent up front")
	assert.Equal(t, want, stderr)
}

func TestCatalogUsageErrors(t *testing.T) {
	for _, args := range [][]string{{"-catalog", "-check"}, {"-catalog", "-show"}, {"-budget", "-1"}, {"-budget", "many"}} {
		code, _, stderr := runCLI(args...)
		assert.Equal(t, 2, code, args)
		assert.Contains(t, stderr, "usage: toolgen", args)
	}
}

type nopWriter struct{}

func (*nopWriter) Write(p []byte) (int, error) { return len(p), nil }

// dir/... lists every package below dir that has tools, as the go command
// reads the pattern; testdata and packages without tools are left out.
func TestCatalogOfAPattern(t *testing.T) {
	newPackage(t, crmSource)
	writeFiles(t, ".", map[string]string{
		"mail/mail.go":             "package mail\n\n// Send sends a message.\n//\n//toolgen:tool\nfunc Send(to, body string) error { return nil }\n",
		"plain/plain.go":           "package plain\n\n// Nothing is no tool.\nfunc Nothing() {}\n",
		"testdata/x/x.go":          "package x\n\n// Hidden is a fixture.\n//\n//toolgen:tool\nfunc Hidden() error { return nil }\n",
		"mail/inner/inner.go":      "package inner\n\n// Archive archives a message.\n//\n//toolgen:tool defer\nfunc Archive(id string) error { return nil }\n",
		"mail/inner/inner_test.go": "package inner\n",
	})
	code, stdout, stderr := runCLI("-catalog", "./...")
	require.Equal(t, 0, code, stderr)
	for _, tool := range []string{"greet", "export", "send", "archive"} {
		assert.Regexp(t, `\n`+tool+` +`, stdout)
	}
	assert.NotContains(t, stdout, "hidden", "testdata is left out")
	assert.Regexp(t, `\n2 tools sent up front`, stdout)
	assert.Regexp(t, `\n2 tools deferred`, stdout)

	code, stdout, stderr = runCLI("-catalog", "./mail/...")
	require.Equal(t, 0, code, stderr)
	assert.Regexp(t, `\n1 tool sent up front`, stdout)
	assert.Regexp(t, `\n1 tool deferred`, stdout)

	code, _, stderr = runCLI("-catalog", "./plain/...")
	assert.Equal(t, 2, code)
	assert.Equal(t, "toolgen: ./plain/... matched no package with a //toolgen:tool directive\n", stderr)
	code, _, stderr = runCLI("-catalog", "./nope/...")
	assert.Equal(t, 2, code)
	assert.Equal(t, "toolgen: directory ./nope does not exist\n", stderr)
}

// Package npmtest finds the npm packages that tests run against real
// JavaScript peers: testdata/npm's node_modules (pinned in its
// package.json, installed by .ci/run) and the Node that came with them.
// A test that needs them is skipped when they are not installed; .ci/run
// makes sure such tests run.
package npmtest

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// Modules is testdata/npm/node_modules, as seen from a test of a package
// one level below the module root, with probe (a path below node_modules)
// in it, or the test is skipped.
func Modules(t testing.TB, probe string) string {
	t.Helper()
	dir, err := filepath.Abs(filepath.Join("..", "testdata", "npm", "node_modules"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(dir, probe)); err != nil {
		t.Skipf("%s from npm is not installed: run `npm install` in testdata/npm", probe)
	}
	return dir
}

// Node is the Node that testdata/npm installs (22, pinned), else node on
// PATH, or the test is skipped.
func Node(t testing.TB, modules string) string {
	t.Helper()
	if p := filepath.Join(modules, ".bin", "node"); exists(p) {
		return p
	}
	p, err := exec.LookPath("node")
	if err != nil {
		t.Skip("no node: run `npm install` in testdata/npm")
	}
	return p
}

func exists(p string) bool {
	_, err := os.Stat(p)
	return err == nil
}

package main

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestBrowser runs the page in headless Chromium (test/browser.mjs, with
// playwright-core from this directory's node_modules): it asks about the
// weather and sees the answer stream in, searches the mail and sees the
// search's progress before its result, approves an email in one chat and
// denies one in another, reloads a chat while an email waits for approval
// and approves it then (the email is sent once), sends a message while an
// answer comes (the page refuses it, visibly, and keeps it), and opens a
// chat in a second tab while its answer streams, then reloads mid-answer
// (both reconnect to the answer and show it whole). It skips without Chromium (Debian's chromium at
// /usr/bin/chromium, or the CHROMIUM variable), Node, or `npm ci` here;
// .ci/run provides them and fails if it skips. Screenshots go to
// $TOOLGEN_ARTIFACTS/chat, or a temporary directory; their paths are
// logged.
func TestBrowser(t *testing.T) {
	chromium := os.Getenv("CHROMIUM")
	if chromium == "" {
		chromium = "/usr/bin/chromium"
	}
	if _, err := os.Stat(chromium); err != nil {
		t.Skipf("no Chromium at %s: apt-get install chromium", chromium)
	}
	if _, err := os.Stat(filepath.Join("node_modules", "playwright-core", "package.json")); err != nil {
		t.Skip("playwright-core is not installed: run `npm ci` in examples/chat")
	}
	node, err := exec.LookPath("node")
	if err != nil {
		t.Skip("no node on PATH")
	}
	shots := t.TempDir()
	if dir := os.Getenv("TOOLGEN_ARTIFACTS"); dir != "" {
		shots = filepath.Join(dir, "chat")
		require.NoError(t, os.MkdirAll(shots, 0o755))
	}

	// The demo model paces its words, so that the page shows the answer
	// in parts, as a person would see it.
	srv, outbox := serve(t, 30*time.Millisecond)
	// A second tab opens a chat while its answer streams, on a server
	// whose model writes slowly enough for it.
	slow, _ := serve(t, 250*time.Millisecond)
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, node, filepath.Join("test", "browser.mjs"), srv.URL, shots, slow.URL)
	cmd.Env = append(os.Environ(), "CHROMIUM="+chromium)
	out, err := cmd.CombinedOutput()
	t.Logf("node test/browser.mjs %s %s %s:\n%s", srv.URL, shots, slow.URL, out)
	require.NoError(t, err)
	assert.Contains(t, string(out), "browser: 6 passed, 0 failed")
	for _, name := range []string{"chat-approval.png", "chat-approved.png", "chat-progress.png", "chat-denied.png", "chat-reloaded.png", "chat-busy.png", "chat-second-tab.png"} {
		path := filepath.Join(shots, name)
		assert.FileExists(t, path)
		assert.Contains(t, string(out), "screenshot: "+path)
	}
	assert.Equal(t, []string{
		"to ana@example.com: A message from the chat (Email ana@example.com that I am late.)",
		"to cy@example.com: A message from the chat (Email cy@example.com that the report is ready.)",
	}, outbox.Sent(), "the approved emails were sent once each (one approved after a reload), the denied one not")
	assert.False(t, strings.Contains(string(out), "page error:"), "the page threw")
}

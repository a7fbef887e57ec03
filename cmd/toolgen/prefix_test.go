package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-dev/toolgen/internal/generate"
)

// prefixSource has two tools sent up front (greet, then wave) and a
// deferred one (archive).
const prefixSource = `package demo

import "context"

// Greet says hello.
//
//toolgen:tool
func Greet(ctx context.Context, name string) (string, error) { return "hello " + name, nil }

// Archive moves a contact away.
//
//toolgen:tool defer
func Archive(ctx context.Context, id string) error { return nil }

// Wave waves at someone.
//
//toolgen:tool
func Wave(ctx context.Context, name string) (string, error) { return "o/ " + name, nil }
`

func TestCheckSaysWhereThePrefixChanges(t *testing.T) {
	dir := newPackage(t, prefixSource)
	require.Equal(t, 0, run(nil, &bytes.Buffer{}, &bytes.Buffer{}))
	m, _, err := generate.Load(generate.Config{Dir: dir})
	require.NoError(t, err)
	greet, wave := m.Tools[0].Tokens, m.Tools[2].Tokens

	edit := func(old, new string) {
		t.Helper()
		require.NoError(t, os.WriteFile(filepath.Join(dir, "tools.go"), []byte(strings.Replace(prefixSource, old, new, 1)), 0o644))
	}
	edit("Wave waves at someone.", "Wave waves at a friend.")
	code, _, stderr := runCLI("-check")
	assert.Equal(t, 1, code, "stale")
	assert.Equal(t, "toolgen: tools_gen.go is stale; run go generate\n"+
		fmt.Sprintf("toolgen: prefix of dialect default changes at tool 2 (wave): every cached prompt loses %d of its %d tool tokens\n", wave.Default, greet.Default+wave.Default)+
		fmt.Sprintf("toolgen: prefix of dialect OpenAI strict changes at tool 2 (wave): every cached prompt loses %d of its %d tool tokens\n", wave.Strict, greet.Strict+wave.Strict)+
		fmt.Sprintf("toolgen: prefix of dialect Gemini changes at tool 2 (wave): every cached prompt loses %d of its %d tool tokens\n", wave.Gemini, greet.Gemini+wave.Gemini),
		stderr)

	edit("Archive moves a contact away.", "Archive moves a contact to the archive.")
	code, stdout, stderr := runCLI("-check")
	assert.Equal(t, 1, code, "stale: the deferred tool's description is in the file")
	assert.Contains(t, stdout, "Archive moves a contact to the archive.")
	assert.Contains(t, stderr, "toolgen: the tools sent up front are unchanged in every dialect: cached prompts stay valid\n")

	edit("Greet says hello.", "Greet says hello, warmly.")
	_, _, stderr = runCLI("-check")
	assert.Contains(t, stderr, fmt.Sprintf("toolgen: prefix of dialect default changes at tool 1 (greet): every cached prompt loses %d of its %d tool tokens\n",
		greet.Default+wave.Default, greet.Default+wave.Default), "the first tool: all is lost")
}

func TestCheckSaysAFileWithoutDigestsCannotTell(t *testing.T) {
	dir := newPackage(t, prefixSource)
	require.NoError(t, os.WriteFile(filepath.Join(dir, "tools_gen.go"), []byte("package demo\n"), 0o644))
	code, _, stderr := runCLI("-check")
	assert.Equal(t, 1, code)
	assert.Contains(t, stderr, "toolgen: tools_gen.go on disk records no prefix digests (a new file, or an older toolgen's): whether the tools sent up front change is unknown\n")
}

package agent_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-dev/toolgen/agent"
	"github.com/toolgen-dev/toolgen/agent/agenttest"
)

// AddSource keeps one Source per URL, in the order the URLs came: a page
// given again adds the citations it did not have, and its title if it had
// none; a source without a URL, or whose URL is no http or https page (a
// javascript: link), is dropped.
func TestAddSource(t *testing.T) {
	a := agent.Citation{Text: "a", Start: 0, End: 1}
	b := agent.Citation{Text: "b", Start: 2, End: 3}
	var m agent.Message
	m.AddSource(agent.Source{URL: "https://one.example/", Citations: []agent.Citation{a}})
	m.AddSource(agent.Source{URL: "https://two.example/", Title: "Two"})
	m.AddSource(agent.Source{Title: "no URL"})
	for _, bad := range []string{"javascript:alert(1)", "data:text/html,hi", "//no-scheme.example/", "https://", "ftp://files.example/", "not a url", "http://%zz"} {
		m.AddSource(agent.Source{URL: bad, Title: "not a web page"})
	}
	m.AddSource(agent.Source{URL: "https://one.example/", Title: "One", Citations: []agent.Citation{a, b}})
	m.AddSource(agent.Source{URL: "https://two.example/", Title: "Other"})
	assert.Equal(t, []agent.Source{
		{URL: "https://one.example/", Title: "One", Citations: []agent.Citation{a, b}},
		{URL: "https://two.example/", Title: "Two"},
	}, m.Sources)
}

// A response's sources come apart as source parts and collect back to
// it; source parts of one page, as a stream gives them, collect to one
// Source. A run reports each as an EventSource after the answer.
func TestSourcesStreamAndAreReported(t *testing.T) {
	resp := agent.Response{Message: agent.Message{Role: agent.RoleAssistant, Text: "ab", Sources: []agent.Source{
		{URL: "https://one.example/", Title: "One", Citations: []agent.Citation{{Text: "a", End: 1}, {Text: "b", Start: 1, End: 2}}},
		{URL: "https://two.example/"},
	}}}
	var c agent.Collector
	n := 0
	for p := range agent.Parts(resp) {
		require.NoError(t, c.Add(p))
		if p.Kind == agent.PartSource {
			n++
		}
	}
	assert.Equal(t, 2, n)
	assert.Equal(t, resp.Message, c.Response().Message)

	var split agent.Collector
	for _, src := range []agent.Source{
		{URL: "https://one.example/", Title: "One", Citations: []agent.Citation{{Text: "a", End: 1}}},
		{URL: "https://two.example/"},
		{URL: "https://one.example/", Citations: []agent.Citation{{Text: "b", Start: 1, End: 2}}},
	} {
		require.NoError(t, split.Add(agent.Part{Kind: agent.PartSource, Source: src}))
	}
	assert.Equal(t, resp.Message.Sources, split.Response().Message.Sources)

	var reported []agent.Source
	a, err := agent.New(agenttest.NewModel(agenttest.Respond(func(agent.Request) agent.Response { return resp })),
		agent.WithObserver(func(e agent.Event) {
			if e.Kind == agent.EventSource {
				reported = append(reported, *e.Source)
			}
		}))
	require.NoError(t, err)
	st, err := a.Run(context.Background(), "hi", nil)
	require.NoError(t, err)
	assert.Equal(t, resp.Message.Sources, reported)
	assert.Equal(t, resp.Message.Sources, st.Messages[len(st.Messages)-1].Sources, "the transcript keeps them")
}

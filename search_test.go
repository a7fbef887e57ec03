package toolgen

import (
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-dev/toolgen/internal/textindex"
)

// described is a hand-written tool (no search entry: the Toolbox analyzes it).
func described(name ToolName, namespace, description, schema string) Tool {
	t := echoTool(name)
	t.Namespace, t.Description, t.InputSchema = namespace, description, []byte(schema)
	return t
}

// smallCatalog is a dozen tools of four namespaces, written as tool
// authors write them.
func smallCatalog() []Tool {
	return []Tool{
		described("send_email", "mail", "Sends an email message to one or more recipients.",
			`{"type":"object","properties":{"to":{"type":"array","items":{"type":"string"},"description":"the recipients' addresses"},"subject":{"type":"string"},"body":{"type":"string","description":"the message text"}}}`),
		described("list_inbox", "mail", "Lists the newest messages in the inbox, unread first.",
			`{"type":"object","properties":{"limit":{"type":"integer","description":"how many messages"}}}`),
		described("get_weather", "weather", "Reports the current weather for a city.",
			`{"type":"object","properties":{"city":{"type":"string"},"unit":{"enum":["celsius","fahrenheit"]}}}`),
		described("get_forecast", "weather", "Forecasts the weather for the coming days: temperatures, rain and wind.",
			`{"type":"object","properties":{"city":{"type":"string"},"days":{"type":"integer","description":"days ahead, 1 to 14"}}}`),
		described("create_issue", "github", "Opens an issue (a bug report or a feature request) in a repository.",
			`{"type":"object","properties":{"repo":{"type":"string","description":"owner/name"},"title":{"type":"string"},"labels":{"type":"array","items":{"type":"string"}}}}`),
		described("list_pull_requests", "github", "Lists the pull requests of a repository, open or merged.",
			`{"type":"object","properties":{"repo":{"type":"string"},"state":{"enum":["open","closed","merged"]}}}`),
		described("merge_pull_request", "github", "Merges a pull request into its base branch.",
			`{"type":"object","properties":{"repo":{"type":"string"},"number":{"type":"integer"},"method":{"enum":["merge","squash","rebase"]}}}`),
		described("read_file", "files", "Reads a text file from the workspace.",
			`{"type":"object","properties":{"path":{"type":"string","description":"the file's path, relative to the workspace"}}}`),
		described("write_file", "files", "Writes text to a file in the workspace, replacing what it held.",
			`{"type":"object","properties":{"path":{"type":"string"},"content":{"type":"string"}}}`),
		described("delete_file", "files", "Deletes a file from the workspace.",
			`{"type":"object","properties":{"path":{"type":"string"}}}`),
		described("convert_currency", "finance", "Converts an amount of money from one currency to another at today's exchange rate.",
			`{"type":"object","properties":{"amount":{"type":"number"},"from":{"type":"string","description":"ISO 4217 code, such as EUR"},"to":{"type":"string"}}}`),
		described("translate_text", "language", "Translates text into another language.",
			`{"type":"object","properties":{"text":{"type":"string"},"target_language":{"type":"string","description":"such as French or Japanese"}}}`),
	}
}

func TestSearchRanksTheRightToolFirst(t *testing.T) {
	box, err := NewToolbox(smallCatalog())
	require.NoError(t, err)
	for query, want := range map[string]ToolName{
		"send an email to Alice":                    "send_email",
		"what's in my inbox?":                       "list_inbox",
		"is it raining in Paris right now":          "get_forecast", // rain is only in the forecast's words
		"current weather in Tokyo":                  "get_weather",
		"weather for the next five days":            "get_forecast",
		"report a bug in the repo":                  "create_issue",
		"which pull requests are open":              "list_pull_requests",
		"squash and merge PR 42":                    "merge_pull_request",
		"read README.md":                            "read_file",
		"remove the file build.log":                 "delete_file",
		"convert 100 dollars to euros":              "convert_currency",
		"exchange rate":                             "convert_currency",
		"say this in Japanese":                      "translate_text",
		"get_weather":                               "get_weather",
		"mergePullRequest":                          "merge_pull_request",
		"write the text to notes.txt":               "write_file",
		"deleting files":                            "delete_file",
		"translated texts":                          "translate_text",
		"the celsius temperature":                   "get_weather",
		"GitHub repositories' merged pull requests": "list_pull_requests",
	} {
		hits := box.Search(query, 3)
		require.NotEmpty(t, hits, query)
		assert.Equal(t, want, hits[0].Tool.Name, "%q: %s", query, hitNames(hits))
	}
}

func hitNames(hits []SearchHit) string {
	var s []string
	for _, h := range hits {
		s = append(s, fmt.Sprintf("%s %.3f", h.Tool.Name, h.Score))
	}
	return strings.Join(s, ", ")
}

func TestSearchLimitsAndOrders(t *testing.T) {
	box, err := NewToolbox(smallCatalog())
	require.NoError(t, err)
	all := box.Search("file workspace", 0)
	require.Len(t, all, 3, "read, write and delete: %s", hitNames(all))
	for i := 1; i < len(all); i++ {
		assert.Greater(t, all[i-1].Score, all[i].Score)
	}
	assert.Equal(t, hitNames(all), hitNames(box.Search("file workspace", -1)))
	assert.Equal(t, hitNames(all), hitNames(box.Search("file workspace", 10)))
	for limit := 1; limit <= 3; limit++ {
		assert.Equal(t, hitNames(all[:limit]), hitNames(box.Search("file workspace", limit)), "limit %d", limit)
	}
	assert.Nil(t, box.Search("the and of what is", 5), "stop words only")
	assert.Nil(t, box.Search("", 5))
	assert.Nil(t, box.Search("zebra", 5), "no tool has the term")
}

func TestSearchBreaksTiesByName(t *testing.T) {
	schema := `{"type":"object"}`
	box, err := NewToolbox([]Tool{
		described("b_tool", "", "Paints the fence.", schema),
		described("c_tool", "", "Paints the fence.", schema),
		described("a_tool", "", "Paints the fence.", schema),
	})
	require.NoError(t, err)
	hits := box.Search("paint fences", 0)
	require.Len(t, hits, 3)
	assert.Equal(t, "a_tool b_tool c_tool", strings.Join([]string{string(hits[0].Tool.Name), string(hits[1].Tool.Name), string(hits[2].Tool.Name)}, " "))
	assert.Equal(t, hits[0].Score, hits[2].Score)
	assert.Equal(t, hitNames(hits[:2]), hitNames(box.Search("paint fences", 2)))
}

func TestSearchScoresAreBM25(t *testing.T) {
	// Two tools of equal length (4): the query's term is in one, with
	// weight 3 (its name), so idf = ln(1 + 1.5/1.5) and the length is the
	// average.
	box, err := NewToolbox([]Tool{
		{Name: "alpha", searchTerms: "1 4 _ alpha:3 common", Call: echoTool("alpha").Call},
		{Name: "beta", searchTerms: "1 4 _ beta:3 common", Call: echoTool("beta").Call},
	})
	require.NoError(t, err)
	hits := box.Search("alpha", 0)
	require.Len(t, hits, 1)
	assert.InDelta(t, math.Log(2)*3*2.2/(3+1.2), hits[0].Score, 1e-12)
	// A term every tool has still scores, a little (Lucene's idf).
	hits = box.Search("common", 0)
	require.Len(t, hits, 2)
	assert.InDelta(t, math.Log(1+0.5/2.5)*2.2/(1+1.2), hits[0].Score, 1e-12)
}

func TestSearchStatisticsSpanEveryPackage(t *testing.T) {
	cat := smallCatalog()
	one, err := NewToolbox(cat)
	require.NoError(t, err)
	split, err := NewToolbox(cat[6:], cat[:6])
	require.NoError(t, err)
	for _, q := range []string{"pull request", "file", "weather in Paris", "email"} {
		assert.Equal(t, hitNames(one.Search(q, 0)), hitNames(split.Search(q, 0)), "the order of the sets changes nothing: %s", q)
	}
	// Alone, the github tools make "repository" common, and a catalog of
	// their own scores it lower than the whole toolbox does.
	github, err := NewToolbox(cat[4:7])
	require.NoError(t, err)
	assert.Less(t, github.Search("repository", 1)[0].Score, one.Search("repository", 1)[0].Score)
}

func TestSearchNamespace(t *testing.T) {
	box, err := NewToolbox(smallCatalog())
	require.NoError(t, err)
	all := box.Search("list", 0)
	require.Len(t, all, 2, hitNames(all))
	mail := box.SearchNamespace("mail", "list", 0)
	require.Len(t, mail, 1)
	assert.Equal(t, ToolName("list_inbox"), mail[0].Tool.Name)
	for _, h := range all {
		if h.Tool.Name == "list_inbox" {
			assert.Equal(t, h.Score, mail[0].Score, "the same statistics")
		}
	}
	assert.Nil(t, box.SearchNamespace("nowhere", "list", 0))
}

func TestSearchAnalyzesToolsWithoutUsableEntries(t *testing.T) {
	generated := described("get_weather", "weather", "Reports the current weather for a city.", `{"type":"object","properties":{"city":{"type":"string"}}}`)
	generated.searchTerms = textindex.Tool(string(generated.Name), generated.Namespace, generated.Description, generated.InputSchema)
	other := []Tool{
		described("hand_written", "", "Reports the weather, by hand.", `{}`),
		described("from_an_older_toolgen", "", "Reports the weather, the old way.", `{}`),
		described("broken", "", "Reports nothing useful.", `{}`),
	}
	other[1].searchTerms = "0 12 weather:12"                  // another layout version: analyzed again
	other[2].searchTerms = "1 3 _ weather:x ::: \xff weather" // this version, garbled: read as it is
	box, err := NewToolbox([]Tool{generated}, other)
	require.NoError(t, err)
	hits := box.Search("weather", 0)
	// Read as weather:12, the old entry would come first.
	assert.Equal(t, "get_weather 0.182, broken 0.151, hand_written 0.103, from_an_older_toolgen 0.099", hitNames(hits))

	// A generated tool and a hand-written copy of it score alike.
	copied := generated
	copied.searchTerms = ""
	withCopy, err := NewToolbox([]Tool{copied}, other)
	require.NoError(t, err)
	assert.Equal(t, hitNames(hits), hitNames(withCopy.Search("weather", 0)))
}

// TestSearchAllocations: a search allocates its result and, when
// stemming changes a word of the query, that word's term; nothing that
// grows with the toolbox.
func TestSearchAllocations(t *testing.T) {
	if raceEnabled {
		t.Skip("the race detector allocates")
	}
	for _, n := range []int{100, 1000} {
		box, err := NewToolbox(syntheticCatalog(n))
		require.NoError(t, err)
		box.Search("warm the pool", 5)
		assert.Equal(t, 1.0, testing.AllocsPerRun(100, func() { box.Search("list the open tickets", 5) }), "%d tools", n)
		assert.Equal(t, 1.0, testing.AllocsPerRun(100, func() { box.Search("list the open tickets", 0) }), "%d tools, all hits", n)
		assert.Equal(t, 2.0, testing.AllocsPerRun(100, func() { box.Search("List", 5) }), "upper case: lowered")
		assert.Equal(t, 0.0, testing.AllocsPerRun(100, func() { box.Search("merge", 5) }), "no hit")
	}
}

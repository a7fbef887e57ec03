package catalog

import (
	"crypto/sha256"
	"encoding/hex"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-dev/toolgen/internal/model"
)

// prefixPackage is a package of two tools sent up front (search and
// search_labels, whose map has no strict or Gemini form) and a deferred
// one (archive), counted.
func prefixPackage() *model.Package {
	archive := searchTool("archive", false)
	archive.Deferred = true
	pkg := &model.Package{Tools: []*model.Tool{searchTool("search", false), archive, searchTool("search_labels", true)}}
	Count(pkg)
	return pkg
}

func TestPrefixDigestIsTheDefinitionsSentUpFront(t *testing.T) {
	pkg := prefixPackage()
	search, labels := pkg.Tools[0], pkg.Tools[2]
	p := NewPrefix(pkg)
	require.Equal(t, []string{"search", "search_labels"}, prefixNames(p), "the deferred archive is left out")
	for _, d := range Dialects {
		labelsSchema := d.schema(labels)
		if labelsSchema == "" {
			labelsSchema = labels.Dialects.Default // its provider is sent the default
		}
		list := "[" + Definition(search.Name, search.Doc, d.schema(search)) + "," + Definition(labels.Name, labels.Doc, labelsSchema) + "]"
		sum := sha256.Sum256([]byte(list))
		assert.Equal(t, hex.EncodeToString(sum[:]), p.Digest[d], d.String())
		assert.Equal(t, [2]int{d.Sent(search), d.Sent(labels)}, [2]int{p.Tools[0].Tokens[d], p.Tools[1].Tokens[d]}, d.String())
	}
	assert.NotEqual(t, p.Digest[Default], p.Digest[Strict], "each dialect's own schemas")

	empty := NewPrefix(&model.Package{})
	sum := sha256.Sum256([]byte("[]"))
	assert.Equal(t, hex.EncodeToString(sum[:]), empty.Digest[Gemini], "nothing up front: an empty list")
}

func TestPrefixChangesExactlyWhenTheSentDefinitionsChange(t *testing.T) {
	for _, tc := range []struct {
		name string
		edit func(pkg *model.Package) *model.Package
		at   []int // per dialect, -1 where the digest stays
	}{
		{"nothing", func(pkg *model.Package) *model.Package { return pkg }, []int{-1, -1, -1}},
		{"a description edited", func(pkg *model.Package) *model.Package {
			pkg.Tools[2].Doc = "Search finds contacts by label."
			return pkg
		}, []int{1, 1, 1}},
		{"a parameter added", func(pkg *model.Package) *model.Package {
			pkg.Tools[0] = searchTool("search", true)
			return pkg
		}, []int{0, 0, 0}},
		{"the tools reordered", func(pkg *model.Package) *model.Package {
			pkg.Tools[0], pkg.Tools[2] = pkg.Tools[2], pkg.Tools[0]
			return pkg
		}, []int{0, 0, 0}},
		{"a tool appended", func(pkg *model.Package) *model.Package {
			pkg.Tools = append(pkg.Tools, searchTool("search_more", false))
			return pkg
		}, []int{2, 2, 2}},
		{"a deferred tool added", func(pkg *model.Package) *model.Package {
			more := searchTool("archive_more", true)
			more.Deferred = true
			pkg.Tools = append([]*model.Tool{more}, pkg.Tools...)
			return pkg
		}, []int{-1, -1, -1}},
		{"a deferred tool's doc edited", func(pkg *model.Package) *model.Package {
			pkg.Tools[1].Doc = "Archive moves contacts away."
			return pkg
		}, []int{-1, -1, -1}},
		{"only the strict form changed", func(pkg *model.Package) *model.Package {
			pkg.Tools[0].Dialects.Strict = strings.Replace(pkg.Tools[0].Dialects.Strict, "What to look for.", "What to find.", 1)
			return pkg
		}, []int{-1, 0, -1}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			old := NewPrefix(prefixPackage())
			pkg := tc.edit(prefixPackage())
			Count(pkg)
			changes := Changes(old, NewPrefix(pkg))
			at := []int{-1, -1, -1}
			for _, c := range changes {
				at[c.Dialect] = c.At
			}
			assert.Equal(t, tc.at, at)
		})
	}
}

func TestPrefixChangeSaysWhatEveryCachedPromptLoses(t *testing.T) {
	old := NewPrefix(prefixPackage())
	pkg := prefixPackage()
	pkg.Tools[2].Doc = "Search finds contacts by label."
	Count(pkg)
	changes := Changes(old, NewPrefix(pkg))
	require.Len(t, changes, 3)
	searchTokens, labelsTokens := old.Tools[0].Tokens[Default], old.Tools[1].Tokens[Default]
	assert.Equal(t, PrefixChange{Dialect: Default, At: 1, Name: "search_labels", Lost: labelsTokens, Total: searchTokens + labelsTokens}, changes[0])
	assert.Equal(t, "prefix of dialect default changes at tool 2 (search_labels): every cached prompt loses "+
		itoa(labelsTokens)+" of its "+itoa(searchTokens+labelsTokens)+" tool tokens", changes[0].Message())

	shorter := prefixPackage()
	shorter.Tools = shorter.Tools[:2]
	Count(shorter)
	changes = Changes(old, NewPrefix(shorter))
	require.Len(t, changes, 3)
	assert.Equal(t, PrefixChange{Dialect: Default, At: 1, Name: "search_labels, removed", Lost: labelsTokens, Total: searchTokens + labelsTokens}, changes[0])

	appended := prefixPackage()
	appended.Tools = append(appended.Tools, searchTool("search_more", false))
	Count(appended)
	changes = Changes(old, NewPrefix(appended))
	require.Len(t, changes, 3)
	assert.Zero(t, changes[0].Lost, "a tool appended keeps the cached tools")
}

func TestPrefixFollowsTheToolsFunctions(t *testing.T) {
	method := searchTool("lookup", false)
	method.Recv = &model.Receiver{TypeName: "Store"}
	pkg := &model.Package{Tools: []*model.Tool{searchTool("a", false), method, searchTool("b", false)}}
	Count(pkg)
	assert.Equal(t, []string{"a", "b", "lookup"}, prefixNames(NewPrefix(pkg)), "Tools() first, then (*Store).Tools(), as the file declares them")
}

func TestPrefixTableReadsBack(t *testing.T) {
	p := NewPrefix(prefixPackage())
	lines := p.Table()
	assert.True(t, strings.HasPrefix(lines[0], "TOOL  "), lines[0])
	tools, err := ParseTable(append([]string{"the doc before it", ""}, lines...))
	require.NoError(t, err)
	assert.Equal(t, p.Tools, tools)

	_, err = ParseTable([]string{"no table"})
	assert.ErrorContains(t, err, "no TOOL header")
	_, err = ParseTable([]string{"TOOL DEFAULT STRICT GEMINI", "search 12 ab"})
	assert.ErrorContains(t, err, `"search 12 ab" is not a tool's row`)
}

func prefixNames(p Prefix) []string {
	names := make([]string, len(p.Tools))
	for i, t := range p.Tools {
		names[i] = t.Name
	}
	return names
}

package textindex

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func terms(text string) []string { return AppendTerms(nil, text) }

func TestAppendTermsSplitsWordsAndIdentifiers(t *testing.T) {
	for _, c := range []struct {
		text string
		want []string
	}{
		{"Get the weather in Paris.", []string{"get", "weather", "pari"}},
		{"get_weather", []string{"get", "weather", "get_weather"}},
		{"getWeather GetWeather", []string{"get", "weather", "get_weather", "get", "weather", "get_weather"}},
		{"HTTPServer", []string{"http", "server", "http_server"}},
		{"parseJSON", []string{"pars", "json", "pars_json"}},
		{"ipv4Address", []string{"ipv4", "address", "ipv4_address"}},
		{"URLs and userIDs", []string{"url", "user", "id", "user_id"}},
		{"list_the_files", []string{"list", "file", "list_the_file"}},
		{"__init__ x_max", []string{"init", "max", "x_max"}},
		{"don't user's it’s", []string{"dont", "user"}}, // its is a stop word
		{"'quoted' rock'n'roll", []string{"quot", "rocknrol"}},
		{"read-only, e.g. a b", []string{"read", "onli"}},
		{"RFC 3339 date-time 2026-01-02", []string{"rfc", "3339", "date", "time", "2026", "01", "02"}},
		{"Größe der Straße", []string{"größe", "der", "straße"}},
		{"café", []string{"café"}},
		{"", nil},
		{" ,.;: ", nil},
		{strings.Repeat("x", MaxTermLen+1) + " ok", []string{"ok"}},
	} {
		assert.Equal(t, c.want, terms(c.text), "%q", c.text)
	}
}

func TestStopWordsAreDroppedFromTextButKeptInIdentifiers(t *testing.T) {
	assert.Empty(t, terms("How do I do it? What is in this, and where was it?"))
	assert.Equal(t, []string{"find", "file", "find_in_file"}, terms("findInFile"))
}

func TestStem(t *testing.T) {
	for word, want := range map[string]string{
		// Step 1a: plurals.
		"caresses": "caress", "ponies": "poni", "ties": "ti", "caress": "caress", "cats": "cat",
		// Step 1b: -eed, -ed, -ing, and the fixes after them.
		"feed": "feed", "agreed": "agre", "plastered": "plaster", "bled": "bled", "motoring": "motor",
		"sing": "sing", "conflated": "conflat", "troubled": "troubl", "sized": "size", "hopping": "hop",
		"tanned": "tan", "falling": "fall", "hissing": "hiss", "fizzed": "fizz", "failing": "fail",
		"filing": "file",
		// Step 1c: y to i.
		"happy": "happi", "sky": "sky", "query": "queri", "queries": "queri",
		// Step 5: a final e, and ll.
		"probate": "probat", "rate": "rate", "cease": "ceas", "controll": "control", "roll": "roll",
		// Inflections that meet.
		"delete": "delet", "deletes": "delet", "deleted": "delet", "deleting": "delet",
		"create": "creat", "created": "creat", "creating": "creat", "creates": "creat",
		"file": "file", "files": "file", "search": "search", "searches": "search", "searching": "search",
		"use": "us", "uses": "us", "using": "us", "used": "us", "issue": "issu", "issues": "issu",
		// Left alone: short words, digits, non-ASCII, derivational suffixes.
		"is": "is", "utf8": "utf8", "größe": "größe", "generation": "generation", "general": "general",
	} {
		assert.Equal(t, want, Stem(word), word)
	}
}

func TestEntryLayout(t *testing.T) {
	got := Tool("get_weather", "", "Reports the weather in a city.", nil)
	assert.Equal(t, "1 12 EiEZw citi get:3 get_weather:3 report weather:4", got, "the package doc's example")

	e, ok := Parse(got)
	require.True(t, ok)
	assert.Equal(t, 12, e.Len)
	for term, want := range map[string]int{"citi": 1, "get": 3, "get_weather": 3, "report": 1, "weather": 4, "weath": 0, "eather": 0, "cit": 0, "city": 0, "1": 0, "12": 0, "": 0} {
		assert.Equal(t, want, e.Weight(NewTerm(term)), term)
	}
	assert.Equal(t, "1 0 A", Tool("", "", "", nil), "an empty tool")
}

func TestWeightsAreCapped(t *testing.T) {
	var b Builder
	b.Add(Description, strings.Repeat("word ", 500))
	assert.Equal(t, "1 99 i word:99", b.Entry())
}

func TestFieldWeights(t *testing.T) {
	got := Tool("send", "mail", "Sends.", []byte(`{"type":"object","properties":{"to":{"type":"string","description":"recipient"},"urgency":{"enum":["low","high",3,true,null]}}}`))
	// to is a stop word, 3 a single character; true and null are not
	// strings or numbers.
	assert.Equal(t, "1 11 IhwiEa high low mail:2 recipient send:4 urgenci:2", got)
}

func TestAddSchemaWalksEveryKeywordWithSchemas(t *testing.T) {
	schema := `{
		"description": "top",
		"properties": {
			"alpha": {"items": {"properties": {"beta": {}}}},
			"gamma": {"additionalProperties": {"description": "delta"}},
			"epsilon": {"anyOf": [{"const": "zeta"}, {"description": "eta"}]},
			"theta": {"oneOf": [{"enum": ["iota"]}], "allOf": [{"description": "kappa"}]},
			"lambda": {"prefixItems": [{"description": "mu"}], "items": [{"description": "nu"}]},
			"xi": {"$ref": "#/$defs/Omicron", "default": "nope", "examples": ["nope"], "title": "nope"}
		},
		"$defs": {"Omicron": {"description": "pi", "properties": {"rho": true}}},
		"definitions": {"Sigma": {"description": "tau"}}
	}`
	var b Builder
	require.NoError(t, b.AddSchema([]byte(schema)))
	decoded, _, err := Decode(b.Entry())
	require.NoError(t, err)
	var got []string
	for _, tw := range decoded {
		got = append(got, tw.Term)
	}
	want := strings.Fields("alpha beta delta epsilon eta gamma iota kappa lambda mu nu pi rho tau theta top xi zeta")
	assert.Equal(t, want, got, "nope, omicron and sigma are not arguments' words")
}

func TestAddSchemaKeepsWhatCameBeforeASyntaxError(t *testing.T) {
	var b Builder
	err := b.AddSchema([]byte(`{"properties":{"city":{"description":"the city"},"unit":`))
	require.Error(t, err)
	assert.Equal(t, "1 5 wU citi:3 unit:2", b.Entry())
	var empty Builder
	assert.NoError(t, empty.AddSchema([]byte(`true`)))
	assert.Error(t, empty.AddSchema(nil))
	assert.Equal(t, "1 0 A", empty.Entry())
}

func TestDecodeRoundTrip(t *testing.T) {
	for _, tool := range [][3]string{
		{"get_weather", "weather", "Reports the weather in a city. The city's weather, in °C or °F."},
		{"createIssue", "github", "Creates an issue in a GitHub repository: its title, body and labels."},
		{"x", "", ""},
		{"Größe_ändern", "ünïcödé", "Ändert die Größe eines Bildes; 画像のサイズを変更します。"},
	} {
		entry := Tool(tool[0], tool[1], tool[2], []byte(`{"properties":{"repo":{"description":"owner/name","enum":["a/b",42]}}}`))
		decoded, length, err := Decode(entry)
		require.NoError(t, err, entry)
		assert.Equal(t, entry, encode(decoded))
		e, ok := Parse(entry)
		require.True(t, ok)
		assert.Equal(t, e.Len, length)
		for _, tw := range decoded {
			assert.Equal(t, tw.Weight, e.Weight(NewTerm(tw.Term)), "%s in %s", tw.Term, entry)
		}
	}
}

func TestDecodeRejectsWhatEntryDoesNotWrite(t *testing.T) {
	valid := "1 2 gD a b" // gD: the bits of a and b
	_, _, err := Decode(valid)
	require.NoError(t, err)
	for _, s := range []string{
		"", "1", "1 ", "1 0", "2 0 A", "1 x A", "1 01 A", "1 -1 A", " 1 0 A", "1 0 A ", "1 0 B", "1 0 AA",
		"1 2 gD a  b", "1 2 gD a b ", "1 2 gD a:2:2 b", "1 2 gD A b", "1 3 gD a:1 b", "1 3 gD a:02 b",
		"1 2 gD b a", "1 2 gD a a", "1 3 gD a b", "1 2 gDA a b", "1 2 g a b", "1 2 _D a b", "1 2 gD a-b b",
		"1 1 A " + strings.Repeat("a", MaxTermLen+1), "1 1 A \xff", "1 1 A a\x00", "1 1 A :", "1 2 A a:",
	} {
		_, _, err := Decode(s)
		assert.Error(t, err, "%q", s)
	}
}

func TestParseIsLenientAfterTheHeader(t *testing.T) {
	// "_" is a signature of all bits set: it rules out nothing.
	for s, want := range map[string]int{
		"1 3 _ a:x b:007 c:1000000": 1, "1 3 _  a": 1, "1 3 _ a:0": 1, "1 3 _ a:12345": MaxWeight,
		"1 3 _": 0, "1 3 ! a": 1, "1 3 \xff a:7": 7, // outside the alphabet: all bits set
		"1 3 A a": 0, // the signature rules a out
	} {
		e, ok := Parse(s)
		require.True(t, ok, s)
		assert.Equal(t, want, e.Weight(NewTerm("a")), s)
	}
	for _, s := range []string{"", "1", "1 ", "1 3", "1x 3 A", "v1 3 A", "1 99999999999 A a", "1 3x A a"} {
		_, ok := Parse(s)
		assert.False(t, ok, "%q", s)
	}
}

func TestSignatureLetsThroughFewTermsAToolDoesNotHave(t *testing.T) {
	e, ok := Parse(Tool("github_list_pull_requests", "github",
		"Lists the pull requests of a repository, open or merged; it returns each one's number, title, author and state.", nil))
	require.True(t, ok)
	through := 0
	const n = 10000
	for i := range n {
		if mayHave(e.sig, NewTerm(fmt.Sprintf("absent%d", i))) {
			through++
		}
	}
	assert.InDelta(t, 0.08, float64(through)/n, 0.04, "the false positives of two bits in six a term")
}

// FuzzDecode feeds hostile strings to the readers: nothing panics, and a
// string Decode accepts is written back as it is and read alike by Weight.
func FuzzDecode(f *testing.F) {
	for _, s := range []string{"1 12 citi get:3 get_weather:3 report weather:4", "1 0", "1 3 a:x", "1 1 \xff", "1 9 a:99999999999999999999"} {
		f.Add(s, "a")
	}
	f.Fuzz(func(t *testing.T, s, term string) {
		e, ok := Parse(s)
		w := e.Weight(NewTerm(term))
		if w < 0 || w > MaxWeight {
			t.Fatalf("Weight(%q) in %q = %d", term, s, w)
		}
		decoded, length, err := Decode(s)
		if err != nil {
			return
		}
		if !ok || length != e.Len {
			t.Fatalf("Decode accepted %q, Parse did not agree", s)
		}
		if got := encode(decoded); got != s {
			t.Fatalf("Decode(%q) encodes as %q", s, got)
		}
		for _, tw := range decoded {
			if got := e.Weight(NewTerm(tw.Term)); got != tw.Weight {
				t.Fatalf("Weight(%q) in %q = %d, want %d", tw.Term, s, got, tw.Weight)
			}
		}
	})
}

// FuzzAnalyze: whatever the text, its terms are spelled as terms and its
// entry decodes.
func FuzzAnalyze(f *testing.F) {
	for _, s := range []string{"Get the weather", "HTTPServer userIDs", "don't", "Größe ϒ İ ǅ"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		for _, term := range terms(text) {
			if !validTerm(term) {
				t.Fatalf("AppendTerms(%q) made %q", text, term)
			}
		}
		entry := Tool(text, text, text, nil)
		if _, _, err := Decode(entry); err != nil {
			t.Fatalf("the entry of %q: %v", text, err)
		}
	})
}

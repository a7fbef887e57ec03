// Package textindex is toolgen's tool-search index: the analyzer that turns
// a tool's text into terms, and the layout of a tool's entry, the string a
// toolgen.Tool carries for Search. The generator writes each generated
// tool's entry at build time (internal/emit), which generated code hands to
// toolimpl.StaticTools ([SetToolEntry]); at run time a
// toolgen.Toolbox analyzes queries, and the tools that came without an
// entry, with the same code, and ranks tools by BM25 over their entries. The
// two sides must analyze identically: a test in internal/generate checks
// that the entry the generator writes for every golden tool is the one the
// run-time analysis of the same tool makes.
//
// # Analysis
//
// [AppendTerms] splits text into words: maximal runs of letters, digits,
// combining marks and underscores (an apostrophe between two letters is
// dropped, so "don't" is one word, "dont", and "user's" is "users"). A word
// splits into parts at underscores and at camelCase boundaries: before an
// upper-case letter that follows a lower-case letter or a digit, and before
// the last upper-case letter of a run when a lower-case letter follows it
// ("HTTPServer" is HTTP, Server), except a lone plural s ("URLs", "userIDs"
// end in URLs and IDs). Each part is lower-cased (unicode.ToLower) and
// becomes a term unless it is a stop word (a short English list:
// function words, and the pronouns and question words of a query such as
// "how do I ...") or a single character; a term of ASCII letters is then
// stemmed (see below). A word of two or more parts also yields the whole
// identifier, its stemmed parts joined by underscores, stop words and single
// characters kept: get_weather, getWeather and GetWeathers all give
// get_weather, so a query that names a tool as written matches a term that
// only that tool has. Terms longer than [MaxTermLen] bytes are dropped
// (hashes, base64, URLs without spaces: nobody searches for them).
//
// # Stemming
//
// [Stem] is a light stemmer: Porter's step 1 and step 5 (M. F. Porter, "An
// algorithm for suffix stripping", 1980). Step 1 undoes inflection: plurals
// (-sses to -ss, -ies to -i, -s dropped after anything but s), -ed and -ing
// after a stem with a vowel (then -at, -bl, -iz get their e back, a double
// consonant other than l, s, z is undoubled, a short cvc stem gets an e),
// -eed to -ee after a stem of measure > 0, and a final y after a vowel
// becomes i. Step 5 drops a final e (stem measure > 1, or 1 and not cvc) and
// undoubles a final ll (measure > 1), so that "delete", "deletes",
// "deleted" and "deleting" all give delet, and "create", "created",
// "creating" give creat. Porter's steps 2 to 4, which strip derivational
// suffixes (-ation, -izer, -ful, -ness, -ive), are left out: they conflate
// words a tool catalog tells apart (general and generate, organization and
// organ) for little gain on short texts. Words of two letters or fewer, and
// words with anything but ASCII letters, are left as they are.
//
// # Fields and weights
//
// A tool's terms come from its fields, each term counted with its field's
// weight ([Field]): the tool's name 3, its namespace 2, its description 1,
// each property name of its input schema 2, and their descriptions and enum
// values 1 each (every property at any depth: properties, items,
// additionalProperties, anyOf, oneOf, allOf, prefixItems and $defs are
// walked; enum and const values that are strings or numbers count). The
// weights were set before any query was run, and were not tuned. A term's
// weight in the entry is the sum over its occurrences, capped at
// [MaxWeight]; the entry's length, BM25's document length, is the sum of its
// terms' weights.
//
// # The entry layout
//
// An entry is text (terms may hold any letter, in UTF-8):
//
//	1 <length> <signature>{ <term>[:<weight>]}
//
// "1" is the layout's version; <length> is the document length in decimal;
// <signature> is a Bloom filter of the terms (below); then each term, in
// ascending byte order and once, with its weight in decimal after a colon
// when the weight is not 1 (weights are 2 to [MaxWeight] there, with no
// leading zeros). For example, a tool named get_weather described as
// "Reports the weather in a city." is
//
//	1 12 EiEZw citi get:3 get_weather:3 report weather:4
//
// The signature has one character of the base64url alphabet a term (one
// for no term), 6 bits each, bit j of character i being bit 6i+j; a term
// sets two bits, placed by the two halves of its 64-bit FNV-1a hash (each
// half h picks bit h*n>>32 of the n bits). With 6 bits a term it lets
// through about 8% of the terms an entry does not have, so that a search
// looks up a term in few of the tools it passes over: it reads the two
// characters that hold the term's bits and nothing else of the signature.
//
// A term holds no space and no colon (it is letters, digits, marks and
// underscores), so a term is found by binary search over the entry's text
// without decoding it. Reading is lenient ([Parse] and [Entry.Weight] never
// fail on a string that has the header, whatever follows; a signature
// character outside the alphabet reads as all bits set); [Decode] is strict
// and accepts only what [Builder.Entry] writes. A string that is not of
// this version (an entry from another toolgen, or a tool's own text) does
// not parse, and a Toolbox analyzes such a tool again from its fields.
package textindex

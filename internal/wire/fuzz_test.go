package wire

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// FuzzDecoder reads arbitrary bytes through the sample decoder, the generic
// walker, Skip and Any: none may panic, and whatever encoding/json finds
// invalid must be rejected with a syntax error (white space alone aside,
// which reads as {}).
func FuzzDecoder(f *testing.F) {
	for _, seed := range []string{
		`{"city":"Paris","unit":"c","days":3,"tags":["a","b"]}`,
		`{"city":"P\u00e9ris","days":3.0,"where":{"lat":48.8,"lon":2.3},"alerts":null}`,
		`{"days":1e400,"city":"\ud800\udc00\udc00","tags":[1,null,{}]}`,
		`{"unit":"kelvin","x~/y":[[[]]],"where":{}}`,
		`[1,2,{"a":"b"}]`,
		`"\u0000\\\/\b\f\n\r\t"`,
		`-0.0e-0`,
		"{\"city\":\"\xff\xfe\"}",
		`{"a":[1,2,]}`,
		`{"city":"x" "days":1}`,
		`   `,
		`[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[{"k":"v"}]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]`,
		`123456789012345678901234567890e-30`,
		`{"city":"x","days":9223372036854775808}`,
	} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		_, err := readWeather(data)
		walked := walkVerdict(data)
		skipped := skipVerdict(data)
		anyErr := anyVerdict(data)
		if onlySpace(data) || json.Valid(data) {
			for _, err := range []error{err, walked, skipped, anyErr} {
				require.False(t, isInvalidJSON(err), "valid JSON rejected: %v", err)
			}
			return
		}
		require.True(t, isSyntaxError(err), "invalid JSON accepted or misreported: %v", err)
		require.True(t, isSyntaxError(walked), "walk: %v", walked)
		require.True(t, isSyntaxError(anyErr), "any: %v", anyErr)
		require.Error(t, skipped)
		require.Error(t, CheckJSON(data))
	})
}

// isInvalidJSON reports whether err is a syntax error other than nesting
// too deep (which encoding/json allows up to 10000 levels).
func isInvalidJSON(err error) bool {
	return isSyntaxError(err) && strings.HasPrefix(err.(*ArgsError).Problems[0].Message, "not valid JSON")
}

func anyVerdict(data []byte) error {
	var d Decoder
	d.Reset(data)
	d.Any()
	return d.Close()
}

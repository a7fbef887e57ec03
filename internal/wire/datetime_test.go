package wire

import (
	"encoding/json"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-dev/toolgen/internal/jsonformat"
)

// rfc3339DateTime is RFC 3339's date-time grammar (section 5.6) as a
// regular expression; T and Z may be lower case (the note in 5.6). Ranges
// and days of the month are checked by grammarReading.
var rfc3339DateTime = regexp.MustCompile(`^(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(\.\d+)?([Zz]|([+-])(\d{2}):(\d{2}))$`)

// grammarReading reads s by the RFC's grammar and rules, independently of
// jsonformat.ParseDateTime: whether it is a date-time and, if so, the instant it
// names (a leap second read as the next second, digits beyond nanoseconds
// dropped) and its offset in seconds.
func grammarReading(s string) (instant time.Time, offset int, ok bool) {
	m := rfc3339DateTime.FindStringSubmatch(s)
	if m == nil {
		return time.Time{}, 0, false
	}
	n := func(i int) int { v, _ := strconv.Atoi(m[i]); return v }
	year, month, day, hour, minute, second := n(1), n(2), n(3), n(4), n(5), n(6)
	if month < 1 || month > 12 || day < 1 || hour > 23 || minute > 59 || second > 60 {
		return time.Time{}, 0, false
	}
	// The day exists when time.Date does not carry it into the next month.
	if time.Date(year, time.Month(month), day, 0, 0, 0, 0, time.UTC).Day() != day {
		return time.Time{}, 0, false
	}
	if m[9] != "" {
		if n(10) > 23 || n(11) > 59 {
			return time.Time{}, 0, false
		}
		offset = (n(10)*60 + n(11)) * 60
		if m[9] == "-" {
			offset = -offset
		}
	}
	frac := strings.TrimPrefix(m[7], ".")
	nanos, _ := strconv.Atoi((frac + "000000000")[:9])
	zone := time.FixedZone("", offset)
	if second == 60 {
		// A leap second is the last second of a UTC day.
		utc := time.Date(year, time.Month(month), day, hour, minute, 59, 0, zone).UTC()
		if utc.Hour() != 23 || utc.Minute() != 59 {
			return time.Time{}, 0, false
		}
	}
	return time.Date(year, time.Month(month), day, hour, minute, second, nanos, zone), offset, true
}

// dateTimeCases are strings around every rule of the grammar, the four
// families where encoding/json disagrees with it among them: lower case t
// and z, leap seconds, offsets of 24 hours, and fractions.
var dateTimeCases = []string{
	// plain
	"2026-01-02T15:04:05Z", "2026-01-02T15:04:05+02:00", "2026-01-02T15:04:05-07:30", "0000-01-01T00:00:00Z",
	"9999-12-31T23:59:59Z", "2026-01-02T15:04:05-00:00", "2026-01-02T15:04:05+00:00", "2026-01-02T15:04:05+23:59",
	// case
	"2026-01-02t15:04:05Z", "2026-01-02T15:04:05z", "2026-01-02t15:04:05z", "2026-01-02 15:04:05Z", "2026-01-02_15:04:05Z",
	// leap seconds: only at 23:59 UTC
	"1998-12-31T23:59:60Z", "1998-12-31T23:59:60.5Z", "1998-12-31T15:59:60-08:00", "1999-01-01T00:59:60+01:00",
	"1998-12-31T23:58:60Z", "1998-12-31T22:59:60Z", "1998-12-31T23:59:61Z", "1998-12-31T23:59:60+01:00",
	"2016-12-31t23:59:60z",
	// offsets
	"2026-01-02T15:04:05+24:00", "2026-01-02T15:04:05-24:00", "2026-01-02T15:04:05+23:60", "2026-01-02T15:04:05+0200",
	"2026-01-02T15:04:05+02", "2026-01-02T15:04:05", "2026-01-02T15:04:05+2:00", "2026-01-02T15:04:05 Z",
	"2026-01-02T15:04:05ZZ", "2026-01-02T15:04:05UTC", "2026-01-02T15:04:05+02:00:00",
	// fractions
	"2026-01-02T15:04:05.1Z", "2026-01-02T15:04:05.123456789Z", "2026-01-02T15:04:05.1234567891234Z",
	"2026-01-02T15:04:05.000000000001+05:30", "2026-01-02T15:04:05.Z", "2026-01-02T15:04:05,5Z", "2026-01-02T15:04:05.5.5Z",
	"2026-01-02T15:04:05.-5Z", "2026-01-02T15:04:05 .5Z", "2026-01-02T15:04:05.9999999999z",
	// dates
	"2024-02-29T00:00:00Z", "2023-02-29T00:00:00Z", "2000-02-29T00:00:00Z", "1900-02-29T00:00:00Z", "2026-04-31T00:00:00Z",
	"2026-04-30T00:00:00Z", "2026-13-01T00:00:00Z", "2026-00-01T00:00:00Z", "2026-01-00T00:00:00Z", "2026-01-32T00:00:00Z",
	"2026-1-02T15:04:05Z", "2026-01-2T15:04:05Z", "26-01-02T15:04:05Z", "+2026-01-02T15:04:05Z", "20260102T150405Z",
	"2026/01/02T15:04:05Z", "2026-01-02", "2026-01-02T", "",
	// times
	"2026-01-02T24:00:00Z", "2026-01-02T23:60:00Z", "2026-01-02T1:04:05Z", "2026-01-02T15:4:05Z", "2026-01-02T15:04Z",
	"2026-01-02T15:04:5Z", "2026-01-02T15.04.05Z", "2026-01-02T-1:04:05Z",
	// not digits
	"2026-0a-02T15:04:05Z", "２０２６-01-02T15:04:05Z", "2026-01-02T15:04:05+0a:00", "2026-01-02T15:04:05.5a",
}

func TestParseDateTimeIsTheGrammar(t *testing.T) {
	for _, s := range dateTimeCases {
		want, wantOffset, valid := grammarReading(s)
		got, ok := jsonformat.ParseDateTime(s)
		require.Equal(t, valid, ok, "%q", s)
		gotBytes, okBytes := jsonformat.ParseDateTime([]byte(s))
		require.Equal(t, ok, okBytes, "%q as bytes", s)
		assert.True(t, got.Equal(gotBytes), "%q as bytes", s)
		format, _ := jsonformat.Valid(s, "date-time")
		assert.Equal(t, valid, format, "%q: the format check and the decoder agree", s)
		if !valid {
			continue
		}
		assert.True(t, want.Equal(got), "%q: %v, want %v", s, got, want)
		_, offset := got.Zone()
		assert.Equal(t, wantOffset, offset, "%q: offset", s)
	}
}

// TestDecoderTimeDiffersFromEncodingJSON pins down where the decoder, which
// follows the schema, and encoding/json disagree, and that they agree on
// the instant elsewhere.
func TestDecoderTimeDiffersFromEncodingJSON(t *testing.T) {
	onlyGrammar := map[string]bool{ // the grammar's, encoding/json rejects them
		"2026-01-02t15:04:05Z": true, "2026-01-02T15:04:05z": true, "2026-01-02t15:04:05z": true,
		"1998-12-31T23:59:60Z": true, "1998-12-31T23:59:60.5Z": true, "1998-12-31T15:59:60-08:00": true,
		"1999-01-01T00:59:60+01:00": true, "2016-12-31t23:59:60z": true, "2026-01-02T15:04:05.9999999999z": true,
	}
	onlyEncodingJSON := map[string]bool{ // not the grammar's, encoding/json reads them
		"2026-01-02T15:04:05,5Z": true, "2026-01-02T15:04:05+24:00": true, "2026-01-02T15:04:05-24:00": true,
		"2026-01-02T15:04:05+23:60": true, "2026-01-02T1:04:05Z": true,
	}
	for _, s := range dateTimeCases {
		text, _ := json.Marshal(s)
		var std time.Time
		stdOK := json.Unmarshal(text, &std) == nil
		got, ok := jsonformat.ParseDateTime(s)
		switch {
		case onlyGrammar[s]:
			assert.True(t, ok && !stdOK, "%q: only the grammar's", s)
		case onlyEncodingJSON[s]:
			assert.True(t, !ok && stdOK, "%q: only encoding/json's", s)
		default:
			require.Equal(t, stdOK, ok, "%q: encoding/json agrees", s)
			if ok {
				assert.True(t, std.Equal(got), "%q", s)
				assert.Equal(t, std.String(), got.String(), "%q: the same location", s)
			}
		}
	}
}

func TestDecoderReadsLeapSecondAsTheNextSecond(t *testing.T) {
	got, err := read(`"2016-12-31T23:59:60.25z"`, func(d *Decoder) time.Time {
		v, ok := d.Time()
		assert.True(t, ok)
		return v
	})
	require.NoError(t, err)
	assert.Equal(t, time.Date(2017, 1, 1, 0, 0, 0, 250_000_000, time.UTC), got)
	_, err = read(`{"v":"2016-12-31T23:58:60Z"}`, field(func(d *Decoder) bool { _, ok := d.Time(); return ok }))
	assert.Equal(t, prefixed(`/v: "2016-12-31T23:58:60Z" is not an RFC 3339 date-time (like "2026-01-02T15:04:05Z")`), errText(err))
}

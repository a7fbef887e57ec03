// Package jsonformat checks the JSON Schema formats toolgen supports. The
// runtime checks arguments with it, the generator defaults and examples.
package jsonformat

import (
	"net/netip"
	"net/url"
	"strings"
	"time"
)

// formats lists the formats Valid knows, in the order documented, each
// with its check.
var formats = []struct {
	name  string
	valid func(string) bool
}{
	{"date-time", validDateTime},
	{"date", validDate},
	{"time", validTime},
	{"email", validEmail},
	{"uri", validURI},
	{"uuid", validUUID},
	{"ipv4", validIPv4},
	{"ipv6", validIPv6},
	{"hostname", validHostname},
}

// Names lists the formats Valid knows, in the order documented.
func Names() []string {
	names := make([]string, len(formats))
	for i, f := range formats {
		names[i] = f.name
	}
	return names
}

// Valid reports whether s is valid in the named format, and whether the
// format is one that toolgen checks.
func Valid(s, format string) (valid, known bool) {
	for _, f := range formats {
		if f.name == format {
			return f.valid(s), true
		}
	}
	return false, false
}

// validDateTime checks RFC 3339's date-time (section 5.6), as
// ParseDateTime reads it.
func validDateTime(s string) bool {
	_, ok := ParseDateTime(s)
	return ok
}

// ParseDateTime reads exactly what RFC 3339's date-time grammar (section
// 5.6, JSON Schema's format date-time) accepts: 2006-01-02T15:04:05, an
// optional fraction of a second of one or more digits, then Z or an offset
// like +02:00 (hours 00-23, minutes 00-59); T and Z may be lower case; the
// day must exist (February 29 only in leap years); a second of 60 (a leap
// second) only at 23:59 UTC. time.Time cannot hold a leap second: it reads
// as the next second (23:59:60Z is 00:00:00Z the next day). Digits of the
// fraction beyond nanoseconds are dropped. The location is as
// time.Time.UnmarshalText sets it: UTC for Z, time.Local when its offset
// at that instant is the one written, else a fixed zone.
//
// encoding/json (time.Time.UnmarshalText) rejects lower case t and z and
// leap seconds, which the schema allows; the schema wins.
func ParseDateTime[S ~string | ~[]byte](s S) (time.Time, bool) {
	const date, clock = len("2006-01-02"), len("15:04:05")
	if len(s) < date+1+clock+1 || s[date] != 'T' && s[date] != 't' {
		return time.Time{}, false
	}
	year, month, day, ok := readDate(s[:date])
	if !ok {
		return time.Time{}, false
	}
	hour, minute, second, ok := readClock(s[date+1 : date+1+clock])
	if !ok {
		return time.Time{}, false
	}
	nanos, zone, ok := readFraction(s[date+1+clock:])
	if !ok {
		return time.Time{}, false
	}
	offset, ok := parseOffset(zone)
	if !ok || !leapSecondOK(hour, minute, second, offset) {
		return time.Time{}, false
	}
	// time.Date carries a second of 60 into the next minute.
	t := time.Date(year, time.Month(month), day, hour, minute, second, nanos, time.UTC)
	if zone[0] == 'Z' || zone[0] == 'z' {
		return t, true
	}
	t = t.Add(-time.Duration(offset) * time.Minute)
	if _, local := t.In(time.Local).Zone(); local == offset*60 {
		return t.In(time.Local), true
	}
	return t.In(time.FixedZone("", offset*60)), true
}

// validDate checks RFC 3339's full-date, 2006-01-02, for a day that exists.
func validDate(s string) bool {
	_, _, _, ok := readDate(s)
	return ok
}

// readDate reads RFC 3339's full-date, 2006-01-02, a day that exists.
func readDate[S ~string | ~[]byte](s S) (year, month, day int, ok bool) {
	if len(s) != len("2006-01-02") || s[4] != '-' || s[7] != '-' {
		return 0, 0, 0, false
	}
	century, ofCentury := twoDigits(s, 0), twoDigits(s, 2)
	year, month, day = century*100+ofCentury, twoDigits(s, 5), twoDigits(s, 8)
	ok = century >= 0 && ofCentury >= 0 && 1 <= month && month <= 12 && 1 <= day && day <= daysIn(month, year)
	return year, month, day, ok
}

func daysIn(month, year int) int {
	switch month {
	case 2:
		if year%4 == 0 && (year%100 != 0 || year%400 == 0) {
			return 29
		}
		return 28
	case 4, 6, 9, 11:
		return 30
	}
	return 31
}

// validTime checks RFC 3339's full-time: 15:04:05, an optional fraction of
// a second, then Z or an offset like +02:00. A second of 60 (a leap
// second) is allowed only at 23:59 UTC.
func validTime(s string) bool {
	const clock = len("15:04:05")
	if len(s) < clock+1 {
		return false
	}
	hour, minute, second, ok := readClock(s[:clock])
	if !ok {
		return false
	}
	_, zone, ok := readFraction(s[clock:])
	if !ok {
		return false
	}
	offset, ok := parseOffset(zone)
	return ok && leapSecondOK(hour, minute, second, offset)
}

// readClock reads RFC 3339's partial-time without its fraction, 15:04:05:
// hours 00-23, minutes 00-59, seconds 00-60 (60 being a leap second; see
// leapSecondOK).
func readClock[S ~string | ~[]byte](s S) (hour, minute, second int, ok bool) {
	if len(s) != len("15:04:05") || s[2] != ':' || s[5] != ':' {
		return 0, 0, 0, false
	}
	hour, minute, second = twoDigits(s, 0), twoDigits(s, 3), twoDigits(s, 6)
	ok = uint(hour) <= 23 && uint(minute) <= 59 && uint(second) <= 60
	return hour, minute, second, ok
}

// readFraction reads the optional fraction of a second at the start of s,
// a point and one or more digits: its nanoseconds, and the rest of s.
func readFraction[S ~string | ~[]byte](s S) (nanos int, rest S, ok bool) {
	if len(s) == 0 || s[0] != '.' {
		return 0, s, true
	}
	end := DigitsEnd(s, 1)
	if end == 1 {
		return 0, s, false
	}
	return fractionNanos(s[1:end]), s[end:], true
}

// fractionNanos is a fraction of a second's digits (after the point) in
// nanoseconds, digits beyond the ninth dropped.
func fractionNanos[S ~string | ~[]byte](digits S) int {
	n := 0
	for i := range 9 {
		n *= 10
		if i < len(digits) {
			n += int(digits[i] - '0')
		}
	}
	return n
}

// leapSecondOK reports whether a time of day with its offset (in minutes
// east of UTC) has a second of 60 only at 23:59 UTC, when a leap second
// may be inserted.
func leapSecondOK(hour, minute, second, offset int) bool {
	const day = 24 * 60
	return second < 60 || ((hour*60+minute-offset)%day+day)%day == 23*60+59
}

// parseOffset reads a time zone, Z (or z) or +hh:mm or -hh:mm, as minutes
// east of UTC.
func parseOffset[S ~string | ~[]byte](s S) (int, bool) {
	if len(s) == 1 && (s[0] == 'Z' || s[0] == 'z') {
		return 0, true
	}
	if len(s) != len("+07:00") || s[0] != '+' && s[0] != '-' || s[3] != ':' {
		return 0, false
	}
	h, ok1 := decimal(s[1:3])
	m, ok2 := decimal(s[4:6])
	if !ok1 || !ok2 || h > 23 || m > 59 {
		return 0, false
	}
	if s[0] == '-' {
		return -(h*60 + m), true
	}
	return h*60 + m, true
}

// twoDigits is the value of the two decimal digits at s[i], or -1 (which
// the range checks of its callers refuse: as a uint it is out of any range).
func twoDigits[S ~string | ~[]byte](s S, i int) int {
	hi, lo := s[i]-'0', s[i+1]-'0'
	if hi > 9 || lo > 9 {
		return -1
	}
	return int(hi)*10 + int(lo)
}

// decimal returns the value of s, a few decimal digits.
func decimal[S ~string | ~[]byte](s S) (int, bool) {
	n := 0
	for i := 0; i < len(s); i++ {
		if !isDigit(s[i]) {
			return 0, false
		}
		n = n*10 + int(s[i]-'0')
	}
	return n, len(s) > 0
}

// validEmail checks RFC 5321's mailbox, simplified (no comments, no
// folding white space): at most 254 bytes; a local part of at most 64
// bytes, either a dot-atom (atext characters, dots neither first, last nor
// doubled) or a quoted string without backslash or quote inside; then @
// and a domain that is a hostname (see validHostname) or an address
// literal, [192.0.2.1] or [IPv6:2001:db8::1].
func validEmail(s string) bool {
	at := strings.LastIndexByte(s, '@')
	if at < 0 || len(s) > 254 {
		return false
	}
	local, domain := s[:at], s[at+1:]
	return len(local) <= 64 && validLocalPart(local) && validMailDomain(domain)
}

func validLocalPart(local string) bool {
	if len(local) >= 2 && local[0] == '"' && local[len(local)-1] == '"' {
		return !strings.ContainsAny(local[1:len(local)-1], `"\`)
	}
	if local == "" || local[0] == '.' || local[len(local)-1] == '.' || strings.Contains(local, "..") {
		return false
	}
	for i := 0; i < len(local); i++ {
		if !isAtext(local[i]) && local[i] != '.' {
			return false
		}
	}
	return true
}

// isAtext reports whether c is one of RFC 5322's atext characters.
func isAtext(c byte) bool { return atext[c] }

// atext marks RFC 5322's atext characters.
var atext = func() (t [256]bool) {
	for c := range 256 {
		t[c] = isDigit(byte(c)) || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || strings.IndexByte("!#$%&'*+-/=?^_`{|}~", byte(c)) >= 0
	}
	return t
}()

func validMailDomain(domain string) bool {
	literal, ok := strings.CutPrefix(domain, "[")
	if !ok {
		return validHostname(domain)
	}
	literal, ok = strings.CutSuffix(literal, "]")
	if !ok {
		return false
	}
	if v6, ok := strings.CutPrefix(literal, "IPv6:"); ok {
		return validIPv6(v6)
	}
	return validIPv4(literal)
}

// validURI accepts what url.Parse accepts when it has a scheme (an absolute
// URI, as JSON Schema's uri asks), and an IPv6 host only in brackets.
func validURI(s string) bool {
	u, err := url.Parse(s)
	if err != nil || u.Scheme == "" {
		return false
	}
	host := u.Hostname()
	return !strings.Contains(host, ":") || strings.HasPrefix(u.Host, "[") && validIPv6(host)
}

// validIPv4 checks a dotted quad of decimals up to 255, without leading
// zeros (which some read as octal).
func validIPv4(s string) bool {
	a, err := netip.ParseAddr(s)
	return err == nil && a.Is4()
}

// validIPv6 checks an IPv6 address (an IPv4-mapped one included) without a
// zone.
func validIPv6(s string) bool {
	a, err := netip.ParseAddr(s)
	return err == nil && a.Is6() && a.Zone() == ""
}

// validUUID checks the 8-4-4-4-12 hexadecimal form, in either case.
func validUUID(s string) bool {
	if len(s) != 36 {
		return false
	}
	for i := 0; i < len(s); i++ {
		switch i {
		case 8, 13, 18, 23:
			if s[i] != '-' {
				return false
			}
		default:
			if HexValue(s[i]) < 0 {
				return false
			}
		}
	}
	return true
}

// validHostname checks RFC 1123's host names: at most 253 bytes of labels
// separated by dots, each 1 to 63 letters, digits or hyphens, neither
// starting nor ending with a hyphen. A final dot (a fully qualified name)
// is allowed.
func validHostname(s string) bool {
	s = strings.TrimSuffix(s, ".")
	if s == "" || len(s) > 253 {
		return false
	}
	// Label by label, as strings.Split would cut them, without its
	// iterator (a hostname is checked in every email too).
	start := 0
	for i := 0; i <= len(s); i++ {
		if i == len(s) || s[i] == '.' {
			if !validLabel(s[start:i]) {
				return false
			}
			start = i + 1
		}
	}
	return true
}

func validLabel(label string) bool {
	if label == "" || len(label) > 63 || label[0] == '-' || label[len(label)-1] == '-' {
		return false
	}
	for i := 0; i < len(label); i++ {
		c := label[i]
		if !isDigit(c) && c != '-' && !('a' <= c && c <= 'z') && !('A' <= c && c <= 'Z') {
			return false
		}
	}
	return true
}

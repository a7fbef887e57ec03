// Package initialisms names tools and arguments after Go names holding
// initialisms and mixed-case words.
package initialisms

// IsNaN reports whether the value is not a number.
//
//toolgen:tool readonly
func IsNaN(rawValue string) bool { return rawValue == "NaN" }

// GetIPv6Address looks up a host's IPv6 address.
//
//toolgen:tool readonly
func GetIPv6Address(hostName string, useDNSOverHTTPS bool) (string, error) { return "::1", nil }

// OAuth2Login logs in with OAuth 2.
//
//toolgen:tool
func OAuth2Login(gitHubUser string, userID string) error { return nil }

package analyze

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestSnakeCase(t *testing.T) {
	tests := map[string]string{
		"GetHTTPStatus":  "get_http_status",
		"userID":         "user_id",
		"UserID":         "user_id",
		"URLs":           "urls",
		"IDs":            "ids",
		"userIDs":        "user_ids",
		"IDsByName":      "ids_by_name",
		"Top10Items":     "top10_items",
		"Top10":          "top10",
		"V2API":          "v2_api",
		"ID":             "id",
		"ID2":            "id2",
		"A":              "a",
		"a":              "a",
		"getX":           "get_x",
		"GetXY":          "get_xy",
		"HTTPServer":     "http_server",
		"XMLHttpRequest": "xml_http_request",
		"ASet":           "a_set",
		"Address":        "address",
		"already_snake":  "already_snake",
		"user_ID":        "user_id",
		"ÜberName":       "über_name",
		// Known mixed-case words stay whole.
		"NaN":            "nan",
		"IsNaN":          "is_nan",
		"NaNs":           "nans",
		"NaNValue":       "nan_value",
		"NaNXY":          "nan_xy",
		"GetIPv6Address": "get_ipv6_address",
		"IPv4":           "ipv4",
		"ListIPv4s":      "list_ipv4s",
		"user_IPv6":      "user_ipv6",
		"OAuth2Login":    "oauth2_login",
		"OAuthToken":     "oauth_token",
		"iOSVersion":     "ios_version",
		"GetiOSVersion":  "geti_os_version",
		"MacOSVersion":   "macos_version",
		"macOS":          "macos",
		"GetGitHubRepo":  "get_github_repo",
		"GitHubAPI":      "github_api",
		"GraphQLQuery":   "graphql_query",
		"gRPCPort":       "grpc_port",
		"NewGRPCClient":  "new_grpc_client",
		"WebSocketURL":   "websocket_url",
		"WebSockets":     "websockets",
		"OpenWebSocket":  "open_websocket",
		"MySQLDB":        "mysql_db",
		"PostgreSQLDSN":  "postgresql_dsn",
		"HTTPNaN":        "http_nan",
		"ToJavaScript":   "to_javascript",
		"OpenAIKey":      "openai_key",
		"OpenAPISpec":    "openapi_spec",
		"WiFiSSID":       "wifi_ssid",
		"iPadOS":         "ipad_os",
		// ... and only whole: near misses keep the ordinary rules.
		"RATIOS":       "ratios",
		"Ratios":       "ratios",
		"Banana":       "banana",
		"BaNaNa":       "ba_na_na",
		"ParseIOStats": "parse_io_stats",
		"IPAddress":    "ip_address",
		"IPadding":     "i_padding",
		"NaNoseconds":  "na_noseconds",
		"GetIOS":       "get_ios",
		"Radios":       "radios",
	}
	for in, want := range tests {
		assert.Equal(t, want, snakeCase(in), "snakeCase(%q)", in)
	}
}

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
	}
	for in, want := range tests {
		assert.Equal(t, want, snakeCase(in), "snakeCase(%q)", in)
	}
}

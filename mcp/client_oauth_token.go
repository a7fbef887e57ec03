package mcp

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"time"
)

// OAuthToken is what a TokenStore keeps for one MCP server: the tokens,
// and the client registration and token endpoint needed to refresh them.
// It prints (fmt, slog) without the tokens, the client secret and the
// DPoP key.
type OAuthToken struct {
	AccessToken  string    `json:"access_token,omitempty"`
	RefreshToken string    `json:"refresh_token,omitempty"`
	Expiry       time.Time `json:"expiry,omitzero"`  // of the access token; zero if the server gave none
	Scopes       []string  `json:"scopes,omitempty"` // granted
	Resource     string    `json:"resource"`         // the resource parameter of the token requests (RFC 8707)
	Issuer       string    `json:"issuer"`           // the authorization server
	TokenURL     string    `json:"token_url"`        // its token endpoint
	ClientID     string    `json:"client_id"`        // the client's registration with it
	ClientSecret string    `json:"client_secret,omitempty"`
	TokenAuth    string    `json:"token_endpoint_auth_method,omitempty"` // none, client_secret_basic, client_secret_post or private_key_jwt
	RedirectURL  string    `json:"redirect_url,omitempty"`               // the one registered
	DPoPJKT      string    `json:"dpop_jkt,omitempty"`                   // the thumbprint of the key the tokens are bound to (DPoP), if any
	DPoPKey      []byte    `json:"dpop_key,omitempty"`                   // that private key (PKCS #8), kept with the tokens it can present
}

// String describes t without its secrets.
func (t OAuthToken) String() string {
	state := "no access token"
	if t.AccessToken != "" {
		state = "access token"
		if !t.Expiry.IsZero() {
			state += " expiring " + t.Expiry.UTC().Format(time.RFC3339)
		}
	}
	if t.RefreshToken != "" {
		state += ", refresh token"
	}
	return fmt.Sprintf("OAuth %s for %s from %s (client %s, scopes %q)", state, t.Resource, t.Issuer, t.ClientID, t.Scopes)
}

// GoString is String, so that %#v shows no secret either.
func (t OAuthToken) GoString() string { return t.String() }

// LogValue is String, for log/slog.
func (t OAuthToken) LogValue() slog.Value { return slog.StringValue(t.String()) }

// registration is t without its tokens.
func (t *OAuthToken) registration() *OAuthToken {
	r := *t
	r.AccessToken, r.RefreshToken, r.Expiry, r.Scopes, r.DPoPJKT, r.DPoPKey = "", "", time.Time{}, nil, "", nil
	return &r
}

// clone is a deep copy of t (nil stays nil).
func (t *OAuthToken) clone() *OAuthToken {
	if t == nil {
		return nil
	}
	c := *t
	c.Scopes = slices.Clone(t.Scopes)
	return &c
}

// TokenStore keeps the OAuth tokens of MCP servers, by the server's URL,
// for OAuthConfig.Store. Its methods may be called concurrently.
type TokenStore interface {
	// Load returns what was saved for server, or nil and no error.
	Load(ctx context.Context, server string) (*OAuthToken, error)
	// Save replaces what is kept for server.
	Save(ctx context.Context, server string, tok *OAuthToken) error
}

// NewMemoryTokenStore keeps tokens in memory: OAuthConfig's default.
func NewMemoryTokenStore() TokenStore { return &memoryStore{m: map[string]*OAuthToken{}} }

type memoryStore struct {
	mu sync.Mutex
	m  map[string]*OAuthToken
}

func (s *memoryStore) Load(_ context.Context, server string) (*OAuthToken, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.m[server].clone(), nil
}

func (s *memoryStore) Save(_ context.Context, server string, tok *OAuthToken) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.m[server] = tok.clone()
	return nil
}

// FileTokenStore keeps tokens in one JSON file at path, of mode 0600 in a
// directory it makes with mode 0700 if missing; a file that others may read
// is refused. Each Save writes a new file and renames it over the old one.
// It serializes its own calls, not those of other processes sharing the
// file (the last Save wins).
func FileTokenStore(path string) TokenStore { return &fileStore{path: path} }

type fileStore struct {
	mu   sync.Mutex
	path string
}

func (s *fileStore) Load(_ context.Context, server string) (*OAuthToken, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	all, err := s.read()
	if err != nil {
		return nil, err
	}
	return all[server], nil
}

func (s *fileStore) Save(_ context.Context, server string, tok *OAuthToken) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	all, err := s.read()
	if err != nil {
		return err
	}
	if tok == nil {
		delete(all, server)
	} else {
		all[server] = tok
	}
	return s.write(all)
}

// read is the file's tokens; none if there is no file.
func (s *fileStore) read() (map[string]*OAuthToken, error) {
	all := map[string]*OAuthToken{}
	f, err := os.Open(s.path)
	if errors.Is(err, os.ErrNotExist) {
		return all, nil
	} else if err != nil {
		return nil, err
	}
	defer f.Close()
	if fi, err := f.Stat(); err != nil {
		return nil, err
	} else if fi.Mode().Perm()&0o077 != 0 {
		return nil, fmt.Errorf("token file %s: mode %v lets others read it; chmod 600 it", s.path, fi.Mode().Perm())
	}
	if err := json.NewDecoder(io.LimitReader(f, 16<<20)).Decode(&all); err != nil {
		return nil, fmt.Errorf("token file %s: %w", s.path, err)
	}
	return all, nil
}

// write replaces the file with all.
func (s *fileStore) write(all map[string]*OAuthToken) error {
	data, err := json.MarshalIndent(all, "", "\t")
	if err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(s.path), 0o700); err != nil {
		return err
	}
	return writeFileAtomic(s.path, data)
}

// writeFileAtomic replaces the file at path with data, mode 0600: written
// to a file beside it, synced, then renamed over it, so that a reader (or
// a crash) sees the old file or the new one, never part of one.
func writeFileAtomic(path string, data []byte) error {
	f, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*")
	if err != nil {
		return err
	}
	defer os.Remove(f.Name()) // once renamed, there is nothing there
	if err := f.Chmod(0o600); err != nil {
		f.Close()
		return err
	}
	if _, err := f.Write(data); err != nil {
		f.Close()
		return err
	}
	if err := f.Sync(); err != nil {
		f.Close()
		return err
	}
	if err := f.Close(); err != nil {
		return err
	}
	return os.Rename(f.Name(), path)
}

// tokenError is a token endpoint's OAuth error response (RFC 6749 5.2):
// the authorization server refused.
type tokenError struct {
	Status      int
	Code        string
	Description string
}

func (e *tokenError) Error() string {
	s := fmt.Sprintf("the token endpoint answered %d %s", e.Status, e.Code)
	if e.Description != "" {
		s += " (" + e.Description + ")"
	}
	return s
}

// refresh sends tok's refresh token to its token endpoint, with the
// resource parameter, and returns the record with the new tokens (the old
// refresh token kept when the server sends none).
func (h *oauthHandler) refresh(ctx context.Context, tok *OAuthToken) (*OAuthToken, error) {
	form := url.Values{"grant_type": {"refresh_token"}, "refresh_token": {tok.RefreshToken}, "resource": {tok.Resource}}
	// postToken's body can be read again (GetBody), so that a 307 or 308
	// within the token endpoint's origin is followed; one elsewhere is
	// refused (the token client's CheckRedirect).
	dpop := h.dpopOf(tok)
	r, err := h.postToken(ctx, h.tokenClient(dpop), tok.TokenURL, form, tok.ClientID, tok.ClientSecret, tok.TokenAuth)
	if err != nil {
		return nil, err
	}
	jkt, err := tokenBinding(r.TokenType, dpop)
	if err != nil {
		return nil, fmt.Errorf("the token endpoint's token: %w", err)
	}
	fresh := tok.clone()
	fresh.DPoPJKT = jkt
	r.update(fresh, h.now())
	return fresh, nil
}

// tokenResponse is a token endpoint's answer (RFC 6749 5.1, RFC 8693
// 2.2.1).
type tokenResponse struct {
	AccessToken     string `json:"access_token"`
	TokenType       string `json:"token_type"`
	IssuedTokenType string `json:"issued_token_type"`
	RefreshToken    string `json:"refresh_token"`
	ExpiresIn       int64  `json:"expires_in"`
	Scope           string `json:"scope"`
	Error           string `json:"error"`
	Description     string `json:"error_description"`
}

// update puts r's access token in tok: the token, its expiry (none
// without expires_in), its refresh token when r has one (tok's is kept
// otherwise) and its scopes when r names them.
func (r *tokenResponse) update(tok *OAuthToken, now time.Time) {
	tok.AccessToken, tok.Expiry = r.AccessToken, time.Time{}
	if r.RefreshToken != "" {
		tok.RefreshToken = r.RefreshToken
	}
	if r.ExpiresIn > 0 {
		tok.Expiry = now.Add(time.Duration(r.ExpiresIn) * time.Second)
	}
	if r.Scope != "" {
		tok.Scopes = strings.Fields(r.Scope)
	}
}

// postToken sends form to the token endpoint through hc, the client
// authenticated by method (none, client_secret_basic or
// client_secret_post), and reads the answer; a refusal is a *tokenError.
// Every token request but the code exchange (x/oauth2's) is sent by it:
// the refresh, client credentials, workload identity, the enterprise
// IdP's exchange and grant. Its body can be read again (GetBody), so that
// a 307 or 308 within the endpoint's origin is followed.
func (h *oauthHandler) postToken(ctx context.Context, hc *http.Client, endpoint string, form url.Values, clientID, secret, method string) (*tokenResponse, error) {
	switch {
	case method == "client_secret_post":
		form.Set("client_id", clientID)
		form.Set("client_secret", secret)
	case method != "client_secret_basic" && clientID != "":
		form.Set("client_id", clientID)
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, endpoint, strings.NewReader(form.Encode()))
	if err != nil {
		return nil, err
	}
	if method == "client_secret_basic" {
		req.SetBasicAuth(url.QueryEscape(clientID), url.QueryEscape(secret))
	}
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("Accept", "application/json")
	resp, err := hc.Do(req)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	if err != nil {
		return nil, err
	}
	var r tokenResponse
	jsonErr := json.Unmarshal(data, &r)
	switch {
	case resp.StatusCode >= 400 && resp.StatusCode < 500 && jsonErr == nil && r.Error != "":
		return nil, &tokenError{Status: resp.StatusCode, Code: r.Error, Description: r.Description}
	case resp.StatusCode != http.StatusOK:
		return nil, fmt.Errorf("the token endpoint answered %s", resp.Status)
	case jsonErr != nil:
		return nil, fmt.Errorf("the token endpoint's answer: %w", jsonErr)
	case r.AccessToken == "":
		return nil, errors.New("the token endpoint's answer has no access_token")
	}
	return &r, nil
}

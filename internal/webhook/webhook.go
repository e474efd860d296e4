// Package webhook posts signed bodies to a receiver outside the database:
// the audit stream's SIEM (internal/auditstream) and the exchange core's
// command webhook (internal/commands) deliver through it. A body carries
// X-Signature, the HMAC-SHA256 of its exact bytes keyed with a shared
// secret; an answer other than 2xx, or none, is a failure that the caller
// tries again after RetryWait. The secret is never logged.
package webhook

import (
	"bytes"
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"time"
)

// Limits.
const (
	// RequestTimeout bounds one post, its reply included.
	RequestTimeout = 30 * time.Second
	// MinSecretLength is the shortest secret taken.
	MinSecretLength = 16
	// replyLimit is the most of a reply read (and then dropped).
	replyLimit = 64 << 10
)

// SignatureHeader carries a body's signature.
const SignatureHeader = "X-Signature"

// Sign is the X-Signature of body: "sha256=" and the lower-case hex
// HMAC-SHA256 of the body's exact bytes, keyed with secret.
func Sign(secret string, body []byte) string {
	mac := hmac.New(sha256.New, []byte(secret))
	mac.Write(body)
	return "sha256=" + hex.EncodeToString(mac.Sum(nil))
}

// Verify reports whether signature is body's under secret, in constant time:
// what a receiver checks before trusting a body.
func Verify(secret string, body []byte, signature string) bool {
	return hmac.Equal([]byte(Sign(secret, body)), []byte(signature))
}

// Sender posts bodies to one receiver.
type Sender struct {
	url, secret string
	client      *http.Client
}

// New checks the receiver's address and secret, named by their flags in
// errors, and returns its sender. client nil: one with RequestTimeout that
// follows no redirect.
func New(urlFlag, rawURL, secretFlag, secret string, client *http.Client) (*Sender, error) {
	u, err := url.Parse(rawURL)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return nil, fmt.Errorf("--%s must be an http:// or https:// address", urlFlag)
	}
	if len(secret) < MinSecretLength {
		return nil, fmt.Errorf("--%s must be at least %d characters", secretFlag, MinSecretLength)
	}
	if client == nil {
		client = &http.Client{Timeout: RequestTimeout, CheckRedirect: noRedirect}
	}
	return &Sender{url: rawURL, secret: secret, client: client}, nil
}

// noRedirect keeps bodies from being sent anywhere but the configured
// address: a redirect is an answer other than 2xx.
func noRedirect(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }

// Post sends body once, as contentType; an answer other than 2xx is an error.
func (s *Sender) Post(ctx context.Context, contentType string, body []byte) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, s.url, bytes.NewReader(body))
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", contentType)
	req.Header.Set(SignatureHeader, Sign(s.secret, body))
	resp, err := s.client.Do(req)
	var ue *url.Error
	if errors.As(err, &ue) {
		ue.URL = s.Address() // the error is logged and shown: never with the address's query or password
	}
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	_, _ = io.Copy(io.Discard, io.LimitReader(resp.Body, replyLimit)) // the connection may then be used again
	if resp.StatusCode/100 != 2 {
		return fmt.Errorf("the receiver answered %s", resp.Status)
	}
	return nil
}

// Address is the receiver's address without its password and query (a
// token may ride there), for the log and the screens.
func (s *Sender) Address() string {
	p, err := url.Parse(s.url)
	if err != nil {
		return ""
	}
	p.RawQuery, p.Fragment = "", ""
	return p.Redacted()
}

// Timeout reports whether err is a post that got no answer in time: the
// receiver hangs, and the posts after it would wait as long.
func Timeout(err error) bool {
	var ne interface{ Timeout() bool }
	return errors.As(err, &ne) && ne.Timeout()
}

// RetryWait is the wait after failed attempt n (1-based): first·2^(n-1), at
// most most, less up to half of it by jitter (in [0, 1)), so that a
// receiver coming back is not met by every sender at once.
func RetryWait(n int, first, most time.Duration, jitter float64) time.Duration {
	wait := first
	for i := 1; i < n && wait < most; i++ {
		wait *= 2
	}
	wait = min(wait, most)
	return wait - time.Duration(jitter*float64(wait/2))
}

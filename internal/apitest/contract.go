package apitest

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/pb33f/libopenapi"
	validator "github.com/pb33f/libopenapi-validator"
	"github.com/pb33f/libopenapi-validator/config"
	"github.com/pb33f/libopenapi-validator/errors"
	"github.com/pb33f/libopenapi-validator/helpers"
	"github.com/pb33f/libopenapi/datamodel"

	"xapa/backoffice/internal/httpapi"
)

// Contract is the validator of the API's OpenAPI document (httpapi.OpenAPI,
// docs/openapi.json), built once: it is safe for concurrent use.
var Contract = sync.OnceValues(func() (validator.Validator, error) {
	spec, err := httpapi.OpenAPI()
	if err != nil {
		return nil, err
	}
	// An invitation's children are invitations: a recursion that ends in [].
	doc, err := libopenapi.NewDocumentWithConfiguration(spec, &datamodel.DocumentConfiguration{IgnoreArrayCircularReferences: true})
	if err != nil {
		return nil, err
	}
	v, errs := validator.NewValidator(doc, config.WithoutSecurityValidation())
	if len(errs) > 0 {
		return nil, fmt.Errorf("the OpenAPI document: %v", errs)
	}
	return v, nil
})

// checkContract makes every call through next a check of the OpenAPI
// document: a request it accepts must get a reply it documents; a request
// it refuses (the bad-input, fuzz and authorization scenarios send many)
// must be refused with a documented 4xx. The SPA's paths are not the API's.
// The reply goes to the caller as it is written, so streams and flushes
// behave as without the check.
func checkContract(t testing.TB, next http.Handler) http.Handler {
	t.Helper()
	v, err := Contract()
	if err != nil {
		t.Fatal(err)
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !documented(r.URL.Path) {
			next.ServeHTTP(w, r)
			return
		}
		body, err := io.ReadAll(r.Body)
		if err != nil {
			t.Errorf("%s %s: reading the request: %v", r.Method, r.URL.Path, err)
		}
		r.Body = io.NopCloser(bytes.NewReader(body))
		check := r.Clone(r.Context())
		check.Body = io.NopCloser(bytes.NewReader(body))
		requestOK, requestErrs := v.ValidateHttpRequestSync(check)
		tee := &teeWriter{ResponseWriter: w}
		next.ServeHTTP(tee, r)
		recordCall(check, tee.response().StatusCode)
		if problem := replyProblem(v, check, tee.response(), requestOK, requestErrs); problem != "" {
			t.Errorf("OpenAPI contract (docs/openapi.json): %s %s: %s\nreply %d: %.400s",
				r.Method, r.URL.RequestURI(), problem, tee.status, tee.body.Bytes())
		}
	})
}

// documented reports whether path is the API's or a probe's, not the SPA's.
func documented(path string) bool {
	return strings.HasPrefix(path, "/api/") || path == "/healthz" || path == "/livez" || path == "/readyz"
}

// replyProblem says what is wrong with the reply to req, or "".
func replyProblem(v validator.Validator, req *http.Request, res *http.Response, requestOK bool, requestErrs []*errors.ValidationError) string {
	if slices.ContainsFunc(requestErrs, undocumentedCall) {
		return unknownCallProblem(res)
	}
	if !requestOK && (res.StatusCode < 400 || res.StatusCode > 499) {
		return fmt.Sprintf("a request the document refuses (%s) was answered %d", describe(requestErrs), res.StatusCode)
	}
	if ok, errs := v.ValidateHttpResponse(req, res); !ok {
		return "the reply does not match the document: " + describe(errs)
	}
	if res.StatusCode < 300 && res.StatusCode != http.StatusNoContent && res.ContentLength == 0 &&
		strings.HasPrefix(res.Header.Get("Content-Type"), "application/json") {
		return "a JSON reply without a body"
	}
	return ""
}

// undocumentedCall reports whether e is about a path or method the
// document lacks.
func undocumentedCall(e *errors.ValidationError) bool {
	return e.ValidationSubType == helpers.ValidationMissing || e.ValidationSubType == helpers.ValidationMissingOperation
}

// unknownCallProblem checks the reply to a call that is not in the
// document: a 404 or 405 Error envelope, as the router answers.
func unknownCallProblem(res *http.Response) string {
	if res.StatusCode != http.StatusNotFound && res.StatusCode != http.StatusMethodNotAllowed {
		return fmt.Sprintf("a call the document does not have was answered %d", res.StatusCode)
	}
	var e httpapi.Error
	dec := json.NewDecoder(res.Body)
	dec.DisallowUnknownFields()
	if err := dec.Decode(&e); err != nil || e.Code != res.StatusCode || e.Message == "" || e.Errors == nil {
		return fmt.Sprintf("a call the document does not have was not answered with the Error envelope (%v)", err)
	}
	return ""
}

// describe lists validation errors with the failing fields.
func describe(errs []*errors.ValidationError) string {
	var b strings.Builder
	for _, e := range errs {
		fmt.Fprintf(&b, "%s", e.Message)
		for _, s := range e.SchemaValidationErrors {
			if s.FieldPath != "" {
				fmt.Fprintf(&b, "; %s:", s.FieldPath)
			} else {
				b.WriteString(";")
			}
			fmt.Fprintf(&b, " %s", s.Reason)
		}
		if len(e.SchemaValidationErrors) == 0 && e.Reason != "" {
			fmt.Fprintf(&b, " (%s)", e.Reason)
		}
		b.WriteString(". ")
	}
	return strings.TrimSpace(b.String())
}

// teeWriter passes a reply through and keeps a copy of it.
type teeWriter struct {
	http.ResponseWriter
	status int
	header http.Header
	body   bytes.Buffer
}

func (t *teeWriter) WriteHeader(code int) {
	if t.status == 0 {
		t.status, t.header = code, t.ResponseWriter.Header().Clone()
	}
	t.ResponseWriter.WriteHeader(code)
}

func (t *teeWriter) Write(b []byte) (int, error) {
	if t.status == 0 {
		t.WriteHeader(http.StatusOK)
	}
	t.body.Write(b)
	return t.ResponseWriter.Write(b)
}

// Unwrap lets http.ResponseController reach the writer's Flush.
func (t *teeWriter) Unwrap() http.ResponseWriter { return t.ResponseWriter }

func (t *teeWriter) Flush() {
	if f, ok := t.ResponseWriter.(http.Flusher); ok {
		f.Flush()
	}
}

// response is the copy as a client would read it.
func (t *teeWriter) response() *http.Response {
	if t.status == 0 {
		t.WriteHeader(http.StatusOK)
	}
	return &http.Response{StatusCode: t.status, Header: t.header, ContentLength: int64(t.body.Len()),
		Body: io.NopCloser(bytes.NewReader(t.body.Bytes()))}
}

package httpapi

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"mime"
	"net/http"
	"unicode/utf8"

	"github.com/swaggest/jsonschema-go"

	"xapa/backoffice/internal/ingest"
)

// The exchange core's events in over HTTP (docs/decisions/0015-events-from-the-core.md): a batch signed with an
// ingest key, never a staff token, applied through the one apply path (internal/ingest).

// maxIngestBody is the largest batch: 1,000 events in 4 MiB.
const maxIngestBody = 4 << 20

// CloudEventsBatch is the media type of a batch of CloudEvents.
const CloudEventsBatch = "application/cloudevents-batch+json"

// IngestKeyMessage is the 401 of a call without a good ingest key.
const IngestKeyMessage = "Sign the batch with an ingest key: X-Ingest-Key, X-Ingest-Timestamp " +
	"(unix seconds, within 300 s of now) and X-Ingest-Signature (sha256= and the hex HMAC-SHA256 of \"<timestamp>.<body>\")."

var errIngestKey = Errorf(http.StatusUnauthorized, IngestKeyMessage)

func (s *Server) ingestEvents(w http.ResponseWriter, r *http.Request) {
	caller, err := s.ingestKeys.Open(r.Context(), r.Header.Get(ingest.KeyHeader), r.Header.Get(ingest.TimestampHeader))
	if err != nil {
		writeError(w, r, ingestKeyError(err))
		return
	}
	if mt, _, err := mime.ParseMediaType(r.Header.Get("Content-Type")); err != nil || mt != CloudEventsBatch {
		writeError(w, r, Errorf(http.StatusUnsupportedMediaType, "Send the batch as "+CloudEventsBatch+"."))
		return
	}
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, maxIngestBody))
	var tooBig *http.MaxBytesError
	switch {
	case errors.As(err, &tooBig):
		writeError(w, r, Errorf(http.StatusRequestEntityTooLarge, "The batch is larger than 4 MiB."))
		return
	case err != nil:
		writeError(w, r, Errorf(http.StatusBadRequest, "The request body could not be read."))
		return
	}
	if err := caller.Verify(r.Header.Get(ingest.SignatureHeader), body); err != nil {
		writeError(w, r, ingestKeyError(err))
		return
	}
	events, err := batchOf(body)
	if err != nil {
		writeError(w, r, err)
		return
	}
	results, err := s.ingest.ApplyFrom(r.Context(), caller.Source, events)
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, ingestReply{Results: results})
}

func ingestKeyError(err error) error {
	if errors.Is(err, ingest.ErrBadSignature) {
		return errIngestKey
	}
	return err
}

// ingestBatch is the body of POST /api/ingest/events.
type ingestBatch []json.RawMessage

// JSONSchema states a batch: 1 to 1,000 objects. Each is checked as an event
// by the apply path, which rejects a bad one with its reason and applies the
// rest (docs/asyncapi.yaml has the events' schemas).
func (ingestBatch) JSONSchema() (jsonschema.Schema, error) {
	var object, s jsonschema.Schema
	object.WithType(jsonschema.Object.Type())
	s.WithType(jsonschema.Array.Type()).WithMinItems(1).WithMaxItems(ingest.MaxBatch).
		WithItems(*(&jsonschema.Items{}).WithSchemaOrBool(object.ToSchemaOrBool())).
		WithDescription("CloudEvents 1.0 in JSON structured mode, applied in this order.")
	return s, nil
}

// batchOf reads a batch: a JSON array of 1 to ingest.MaxBatch objects (400
// otherwise, and nothing is applied).
func batchOf(body []byte) (ingestBatch, error) {
	if !utf8.Valid(body) {
		return nil, Errorf(http.StatusBadRequest, "The batch is not valid UTF-8.")
	}
	var events ingestBatch
	if err := json.Unmarshal(body, &events); err != nil {
		return nil, Errorf(http.StatusBadRequest, "Send a JSON array of CloudEvents: "+err.Error()+".")
	}
	if len(events) == 0 || len(events) > ingest.MaxBatch {
		return nil, Errorf(http.StatusBadRequest, "Send 1 to 1,000 events in a batch.")
	}
	for _, e := range events {
		if !bytes.HasPrefix(bytes.TrimSpace(e), []byte("{")) {
			return nil, Errorf(http.StatusBadRequest, "Each event of the batch must be a JSON object.")
		}
	}
	return events, nil
}

func (s *Server) asyncAPIDocument(w http.ResponseWriter, r *http.Request) {
	doc, err := ingest.AsyncAPI()
	if err != nil {
		writeError(w, r, err)
		return
	}
	w.Header().Set("Content-Type", "application/yaml; charset=utf-8")
	_, _ = w.Write(doc)
}

// ingestReply says what became of each event of a batch, in its order, once its changes committed.
type ingestReply struct {
	Results []ingest.Result `json:"results"`
}

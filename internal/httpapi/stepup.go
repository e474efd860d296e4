package httpapi

import (
	"net/http"
	"time"

	"xapa/backoffice/internal/accounts"
)

// Step-up and recovery codes: the session's second factor given again, and
// the one-time codes that stand in for it (internal/auth/stepup.go,
// internal/auth/recovery.go). Which calls need a fresh step-up: the rules
// marked Fresh and FreshIf in routes.go.

// stepUp makes the calling session fresh with {code}, an authenticator code
// or a recovery code: 200 {stepped_up_until}, the end of the window in which
// its sensitive calls pass.
func (s *Server) stepUp(w http.ResponseWriter, r *http.Request) {
	var in stepUpInput
	if err := decodeJSON(w, r, &in); err != nil {
		writeError(w, r, err)
		return
	}
	until, err := s.auth.StepUp(r.Context(), principal(r), in.Code, clientIP(r))
	if err != nil {
		writeError(w, r, authError(w, err))
		return
	}
	writeStepUp(w, until)
}

// writeStepUp answers a step-up that made the session fresh until then.
func writeStepUp(w http.ResponseWriter, until time.Time) {
	writeJSON(w, http.StatusOK, stepUpReply{SteppedUpUntil: accounts.Time{Time: until}})
}

// recoveryCodesLeft answers how many of the caller's recovery codes are unused.
func (s *Server) recoveryCodesLeft(w http.ResponseWriter, r *http.Request) {
	n, err := s.auth.RecoveryCodesLeft(r.Context(), principal(r))
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, recoveryCodesLeftReply{Remaining: n})
}

// newRecoveryCodes makes the caller a new set of recovery codes, replacing
// the old ones, and shows them: in this reply only.
func (s *Server) newRecoveryCodes(w http.ResponseWriter, r *http.Request) {
	codes, err := s.auth.NewRecoveryCodes(r.Context(), principal(r), clientIP(r))
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, recoveryCodesReply{Codes: codes})
}

// stepUpReply says until when the session's sensitive calls pass.
type stepUpReply struct {
	SteppedUpUntil accounts.Time `json:"stepped_up_until" description:"Until when the session's sensitive calls pass (5 minutes on)."`
}

// recoveryCodesReply is the new recovery codes.
type recoveryCodesReply struct {
	Codes []string `json:"codes" minItems:"10" maxItems:"10" description:"The new recovery codes, shown this once; the earlier ones no longer work."`
}

// recoveryCodesLeftReply counts one's unused recovery codes.
type recoveryCodesLeftReply struct {
	Remaining int `json:"remaining" minimum:"0" maximum:"10"`
}

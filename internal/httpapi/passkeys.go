package httpapi

import (
	"context"
	"net/http"

	"xapa/backoffice/internal/auth"
)

// Passkeys (internal/auth/passkeys.go): registered, listed and removed by
// their owner; answering the code step of sign-in or a step-up in place of
// a code. Each ceremony is a begin (the options for the browser's WebAuthn
// call) and a finish (the browser's answer, passkeyInput).

// passkeyBegin answers 200 with the options begin makes for the caller.
func passkeyBegin(begin func(context.Context, *auth.Principal) (auth.PasskeyOptions, error)) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		options, err := begin(r.Context(), principal(r))
		if err != nil {
			writeError(w, r, authError(w, err))
			return
		}
		writeJSON(w, http.StatusOK, options)
	}
}

// passkeyFinishBody decodes a ceremony's answer; a missing credential is a
// 400 naming it.
func passkeyFinishBody(w http.ResponseWriter, r *http.Request) (passkeyInput, bool) {
	var in passkeyInput
	err := decodeJSON(w, r, &in)
	if err == nil && len(in.Credential) == 0 {
		err = Errorf(http.StatusBadRequest, "Send the passkey's answer as credential.", FieldError{"credential", "Required."})
	}
	if err != nil {
		writeError(w, r, err)
		return in, false
	}
	return in, true
}

func (s *Server) passkeys(w http.ResponseWriter, r *http.Request) {
	list, err := s.auth.Passkeys(r.Context(), principal(r))
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, passkeysReply{Passkeys: list})
}

func (s *Server) finishPasskeyRegistration(w http.ResponseWriter, r *http.Request) {
	in, ok := passkeyFinishBody(w, r)
	if !ok {
		return
	}
	pk, err := s.auth.FinishPasskeyRegistration(r.Context(), principal(r), in.Name, in.Credential, clientIP(r))
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusCreated, passkeyReply{Passkey: pk})
}

func (s *Server) deletePasskey(w http.ResponseWriter, r *http.Request) {
	id, err := pathID(r, "id")
	if err == nil {
		err = s.auth.DeletePasskey(r.Context(), principal(r), id, clientIP(r))
	}
	if err != nil {
		writeError(w, r, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

// finishPasskeySignIn is the code step answered by a passkey: 200 {token}.
func (s *Server) finishPasskeySignIn(w http.ResponseWriter, r *http.Request) {
	in, ok := passkeyFinishBody(w, r)
	if !ok {
		return
	}
	token, err := s.auth.FinishPasskeySignIn(r.Context(), principal(r), in.Credential, clientMeta(r))
	if err != nil {
		writeError(w, r, authError(w, err))
		return
	}
	writeJSON(w, http.StatusOK, tokenReply{Token: token})
}

// finishPasskeyStepUp is a step-up answered by a passkey: as stepUp replies.
func (s *Server) finishPasskeyStepUp(w http.ResponseWriter, r *http.Request) {
	in, ok := passkeyFinishBody(w, r)
	if !ok {
		return
	}
	until, err := s.auth.FinishPasskeyStepUp(r.Context(), principal(r), in.Credential, clientIP(r))
	if err != nil {
		writeError(w, r, authError(w, err))
		return
	}
	writeStepUp(w, until)
}

// passkeysReply is one's own passkeys.
type passkeysReply struct {
	Passkeys []auth.Passkey `json:"passkeys" maxItems:"10"`
}

// passkeyReply is a passkey just added.
type passkeyReply struct {
	Passkey auth.Passkey `json:"passkey"`
}

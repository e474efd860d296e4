package httpapi

import (
	"net/http"

	"xapa/backoffice/internal/auth"
)

func (s *Server) register(w http.ResponseWriter, r *http.Request) {
	var in registerInput
	// The register call's errors also carry msg.
	fail := func(err error) {
		e := asError(r, err)
		writeJSON(w, e.Code, map[string]any{"code": e.Code, "message": e.Message, "errors": e.Errors, "msg": e.Message})
	}
	if err := decodeJSON(w, r, &in); err != nil {
		fail(err)
		return
	}
	token, id, err := s.auth.Register(r.Context(), auth.Registration{Email: in.Email, Username: in.Username,
		FullName: in.FullName, InvitedBy: in.InvitedBy, DeviceType: in.DeviceType,
		Password: in.PlainPassword.First, Confirmation: in.PlainPassword.Second}, clientMeta(r))
	if err != nil {
		fail(authError(w, err))
		return
	}
	u, err := s.accounts.LoadUser(r.Context(), id)
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusCreated, map[string]any{"token": token, "data": map[string]any{"user": u}})
}

func (s *Server) passwordReset(w http.ResponseWriter, r *http.Request) {
	var in resetInput
	if err := decodeJSON(w, r, &in); err != nil {
		writeError(w, r, err)
		return
	}
	if err := s.auth.RequestReset(r.Context(), in.Email, clientMeta(r)); err != nil {
		writeError(w, r, authError(w, err))
		return
	}
	writeJSON(w, http.StatusAccepted, map[string]string{"message": "If an account exists for this email, a reset link is on its way."})
}

func (s *Server) passwordResetConfirm(w http.ResponseWriter, r *http.Request) {
	var in resetConfirmInput
	if err := decodeJSON(w, r, &in); err != nil {
		writeError(w, r, err)
		return
	}
	if err := s.auth.ConfirmReset(r.Context(), in.Token, in.Password, clientMeta(r)); err != nil {
		writeError(w, r, authError(w, err))
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

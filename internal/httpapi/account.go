package httpapi

import (
	"net/http"

	"xapa/backoffice/internal/accounts"
	"xapa/backoffice/internal/auth"
)

func (s *Server) register(w http.ResponseWriter, r *http.Request) {
	var in registerInput
	// The register call's errors also carry msg.
	fail := func(err error) {
		e := asError(r, err)
		writeJSON(w, e.Code, registerError{Error: Error{Code: e.Code, Message: e.Message, Errors: e.Errors}, Msg: e.Message})
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
	reply := registerReply{Token: token}
	reply.Data.User = u
	writeJSON(w, http.StatusCreated, reply)
}

// registerReply is a new customer's token and user.
type registerReply struct {
	Token string `json:"token"`
	Data  struct {
		User accounts.User `json:"user"`
	} `json:"data"`
}

// registerError is the register call's error: the envelope with msg too
// (but when the new user cannot be read back: the plain envelope).
type registerError struct {
	Error
	Msg string `json:"msg,omitempty"`
}

// messageReply is a sentence for the person who made the call.
type messageReply struct {
	Message string `json:"message"`
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
	writeJSON(w, http.StatusAccepted, messageReply{Message: "If an account exists for this email, a reset link is on its way."})
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

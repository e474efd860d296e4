package httpapi

import (
	"errors"
	"net/http"

	"xapa/backoffice/internal/auth"
)

// captcha answers a challenge: ?cost=high asks for a costly one, which
// sign-in to an account with many recent failures needs (decision 0003).
func (s *Server) captcha(w http.ResponseWriter, r *http.Request) {
	var q captchaQuery
	if err := bindQuery(r, &q); err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, s.auth.NewChallenge(q.Cost == "high"))
}

// captchaQuery asks for the costly challenge.
type captchaQuery struct {
	Cost string `query:"cost" enum:"high" invalid:"must be high or left out" description:"high: the costly challenge sign-in needs after many failures."`
}

func (s *Server) login(w http.ResponseWriter, r *http.Request) {
	var in loginInput
	if err := decodeJSON(w, r, &in); err != nil {
		writeError(w, r, err)
		return
	}
	res, err := s.auth.Login(r.Context(), in.Username, in.Password, in.CaptchaToken, clientMeta(r))
	s.metrics.SignIn(signInOutcome(err))
	if err != nil {
		writeError(w, r, authError(w, err))
		return
	}
	reply := loginReply{Token: res.Token}
	reply.Data.TwoFactor.GoogleAuthenticator = res.GAEnabled
	writeJSON(w, http.StatusOK, reply)
}

// loginReply is a pending or setup token, and whether the second factor is on.
type loginReply struct {
	Token string `json:"token"`
	Data  struct {
		TwoFactor struct {
			GoogleAuthenticator bool `json:"googleAuthenticator"`
		} `json:"2FaStatus"`
	} `json:"data"`
}

// tokenReply is a full token.
type tokenReply struct {
	Token string `json:"token"`
}

func (s *Server) verifyCode(w http.ResponseWriter, r *http.Request) {
	var in codeInput
	if err := decodeJSON(w, r, &in); err != nil {
		writeError(w, r, err)
		return
	}
	token, err := s.auth.VerifyCode(r.Context(), principal(r), in.Code, in.Password, clientMeta(r))
	if err != nil {
		writeError(w, r, authError(w, err))
		return
	}
	writeJSON(w, http.StatusOK, tokenReply{Token: token})
}

func (s *Server) setupSecret(w http.ResponseWriter, r *http.Request) {
	data, err := s.auth.SetupSecret(r.Context(), principal(r))
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, data)
}

func (s *Server) setGAStatus(w http.ResponseWriter, r *http.Request) {
	var in gaStatusInput
	if err := decodeJSON(w, r, &in); err != nil {
		writeError(w, r, err)
		return
	}
	if in.Status == nil {
		writeError(w, r, Errorf(http.StatusBadRequest, "status is required.", FieldError{"status", "is required"}))
		return
	}
	if err := s.auth.SetGAStatus(r.Context(), principal(r), in.Password, in.Code, *in.Status, clientIP(r)); err != nil {
		writeError(w, r, authError(w, err))
		return
	}
	s.currentUser(w, r)
}

// changePassword sets the caller's new password (auth.ChangePassword): 204,
// the calling session still valid and every other one ended.
func (s *Server) changePassword(w http.ResponseWriter, r *http.Request) {
	var in passwordChangeInput
	if err := decodeJSON(w, r, &in); err != nil {
		writeError(w, r, err)
		return
	}
	if err := s.auth.ChangePassword(r.Context(), principal(r), in.Old, in.New, clientIP(r)); err != nil {
		writeError(w, r, authError(w, err))
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

func (s *Server) currentUser(w http.ResponseWriter, r *http.Request) {
	u, err := s.accounts.LoadUser(r.Context(), principal(r).UserID)
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, u)
}

func (s *Server) logout(w http.ResponseWriter, r *http.Request) {
	if err := s.auth.Logout(r.Context(), principal(r), clientIP(r)); err != nil {
		writeError(w, r, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

// authError turns the auth package's refusals into replies.
// signInOutcome names a sign-in's result for the metrics.
func signInOutcome(err error) string {
	var throttled *auth.ThrottledError
	switch {
	case err == nil:
		return "success"
	case errors.As(err, &throttled):
		return "throttled"
	case errors.Is(err, auth.ErrCaptchaTooCheap):
		return "captcha_cost"
	case errors.Is(err, auth.ErrBusy):
		return "busy"
	case errors.Is(err, auth.ErrInvalidCredentials):
		return "invalid"
	}
	return "error"
}

func authError(w http.ResponseWriter, err error) error {
	var throttled *auth.ThrottledError
	switch {
	case errors.As(err, &throttled):
		setRetryAfter(w, throttled.RetryAfter)
		return Errorf(http.StatusTooManyRequests, throttled.Message)
	case errors.Is(err, auth.ErrBusy):
		w.Header().Set("Retry-After", "1")
		return Errorf(http.StatusServiceUnavailable, err.Error())
	case errors.Is(err, auth.ErrInvalidCredentials):
		return Errorf(http.StatusUnauthorized, err.Error())
	case errors.Is(err, auth.ErrCaptchaTooCheap): // the field tells the web app to fetch ?cost=high
		return Errorf(http.StatusUnauthorized, err.Error(), FieldError{"captcha_token", err.Error()})
	case errors.Is(err, auth.ErrInvalidCode), errors.Is(err, auth.ErrEnableThroughSetup), errors.Is(err, auth.ErrInvalidResetToken):
		return Errorf(http.StatusBadRequest, err.Error())
	case errors.Is(err, auth.ErrInvalidPassword):
		return Errorf(http.StatusBadRequest, err.Error(), FieldError{"password", err.Error()})
	case errors.Is(err, auth.ErrPasswordShort), errors.Is(err, auth.ErrPasswordLong), errors.Is(err, auth.ErrPasswordCommon):
		return Errorf(http.StatusBadRequest, err.Error(), FieldError{"password", err.Error()})
	}
	return err
}

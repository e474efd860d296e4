package httpapi

import (
	"net/http"

	"xapa/backoffice/internal/tokens"
)

func (s *Server) listTokens(w http.ResponseWriter, r *http.Request) {
	list, err := s.tokens.List(r.Context())
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, tokensReply{Tokens: list})
}

// tokensReply is the tokens.
type tokensReply struct {
	Tokens []tokens.Token `json:"tokens"`
}

func (s *Server) createToken(w http.ResponseWriter, r *http.Request) {
	var in tokens.Input
	if err := decodeJSON(w, r, &in); err != nil {
		writeError(w, r, err)
		return
	}
	t, err := s.tokens.Create(r.Context(), actorOf(r), in)
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusCreated, t)
}

func (s *Server) editToken(w http.ResponseWriter, r *http.Request) {
	id, err := pathID(r, "id")
	if err != nil {
		writeError(w, r, err)
		return
	}
	var in tokens.Input
	if err := decodeJSON(w, r, &in); err != nil {
		writeError(w, r, err)
		return
	}
	t, err := s.tokens.Update(r.Context(), actorOf(r), id, in)
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, t)
}

// blacklist answers in the reply shape {code, res: {result}}.
func (s *Server) blacklist(w http.ResponseWriter, r *http.Request) {
	list, err := s.tokens.Blacklist(r.Context())
	if err != nil {
		writeError(w, r, err)
		return
	}
	reply := blacklistReply{Code: http.StatusOK}
	reply.Res.Result = list
	writeJSON(w, http.StatusOK, reply)
}

// blacklistReply is the market blacklist: {code, res: {result}}.
type blacklistReply struct {
	Code int `json:"code"`
	Res  struct {
		Result []tokens.BlacklistEntry `json:"result"`
	} `json:"res"`
}

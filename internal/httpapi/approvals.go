package httpapi

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"maps"
	"net/http"
	"net/url"
	"slices"
	"strings"

	"xapa/backoffice/internal/approvals"
	"xapa/backoffice/internal/audit"
	"xapa/backoffice/internal/store"
)

// Four-eyes approval (docs/decisions/0013-four-eyes-approval.md). A route
// marked FourEyes(action) in routes.go runs as usual, every check included,
// to the end of the change's transaction; when the policy covers the action,
// every audit entry of the change is held (audit.Actor.Hook), the change
// rolls back just before its commit, and the call is kept as a pending
// request showing the whole change: 202 {approval}. Approving it sends the call
// again, as the approver, through the same route: the change and the
// request's approval commit in one transaction (the hook marks it approved
// there), and the change's audit entries name both people.

// FourEyes marks a rule's route as a sensitive action the approval policy
// may cover, whatever the call.
func (r Rule) FourEyes(action string) Rule { r.Approval = action; return r }

// FourEyesIf is FourEyes for a route where only some calls are the action:
// its handler says which (armFourEyes), where it demands a step-up.
func (r Rule) FourEyesIf(action string) Rule { r.Approval, r.ApprovalIf = action, true; return r }

type fourEyesKey struct{}
type applyingKey struct{}

// fourEyesCall is a call of a FourEyes route as the gate sees it.
type fourEyesCall struct {
	armed    bool // the call is the action (FourEyes: always; FourEyesIf: once the handler says)
	required bool // the policy covers the action
	plan     approvals.Plan
	apply    *approvals.Applying // the call is an approved request, applied
	// propose keeps a held-back call as a request and answers 202 (writeError calls it).
	propose func(http.ResponseWriter, *http.Request)
}

func fourEyesOf(r *http.Request) *fourEyesCall {
	c, _ := r.Context().Value(fourEyesKey{}).(*fourEyesCall)
	return c
}

// fourEyes is the gate of a FourEyes route (inside the guard: the caller is
// known): it keeps the call for a plan, and reads the policy.
func (s *Server) fourEyes(rule Rule, next http.Handler) http.Handler {
	if rule.Approval == "" {
		return next
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, err := io.ReadAll(io.LimitReader(r.Body, maxBody+1)) // a longer one is the handler's 413
		if err != nil {
			writeError(w, r, Errorf(http.StatusBadRequest, "The request body could not be read."))
			return
		}
		r.Body = io.NopCloser(bytes.NewReader(body))
		c := &fourEyesCall{armed: !rule.ApprovalIf, plan: approvals.Plan{Action: rule.Approval, Method: r.Method,
			Path: r.URL.Path, Query: r.URL.RawQuery, Body: body}}
		c.propose = func(w http.ResponseWriter, r *http.Request) { s.propose(w, r, c) }
		c.apply, _ = r.Context().Value(applyingKey{}).(*approvals.Applying)
		if c.apply == nil {
			if c.required, err = s.approvals.Requires(r.Context(), rule.Approval); err != nil {
				writeError(w, r, err)
				return
			}
		}
		next.ServeHTTP(w, r.WithContext(context.WithValue(r.Context(), fourEyesKey{}, c)))
	})
}

// armFourEyes is a FourEyesIf route's handler saying that the call is the
// action its rule names.
func armFourEyes(r *http.Request) {
	if c := fourEyesOf(r); c != nil {
		c.armed = true
	}
}

// applyingApproval reports whether the call applies an approved request.
func applyingApproval(r *http.Request) bool {
	c := fourEyesOf(r)
	return c != nil && c.apply != nil
}

// hook is the gate in the change's transaction: applying a request, the
// request's stamp; else, for a call the policy covers, the plan's hold.
func (c *fourEyesCall) hook(ctx context.Context, db store.Execer, e *audit.Entry) error {
	switch {
	case c.apply != nil:
		return c.apply.Stamp(ctx, db, e)
	case c.armed && c.required:
		return c.plan.Hold(ctx, db, e)
	}
	return nil
}

// propose keeps the held-back call of r as a pending request: 202.
func (s *Server) propose(w http.ResponseWriter, r *http.Request, c *fourEyesCall) {
	p := principal(r)
	req, err := s.approvals.Propose(r.Context(), plainActor(r), &c.plan, approvals.Person{ID: p.UserID, Email: p.Email},
		r.Header.Get(approvals.ReasonHeader))
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusAccepted, approvalReply{Approval: req})
}

// ruleRights are the approval policy's actions with the rules of their
// routes: what an action demands of its maker and of its approver.
type ruleRights map[string]Rule

func (rr ruleRights) Admits(action string, holds func(key string) bool) (bool, string) {
	rule, ok := rr[action]
	if !ok {
		return false, ""
	}
	return rule.admitsHolder(holds)
}

// standing is a request's maker as they are now, for approvals.Service.
func (s *Server) standing(ctx context.Context, id int64) (approvals.Standing, error) {
	u, err := s.accounts.LoadUser(ctx, id)
	if err != nil {
		return approvals.Standing{}, err
	}
	return approvals.Standing{Email: u.Email, Enabled: u.Enabled, Staff: slices.Contains(u.Roles, "ROLE_ADMIN"),
		Holds: func(k string) bool { return slices.Contains(u.Permissions, k) }}, nil
}

func decider(r *http.Request) approvals.Decider {
	p := principal(r)
	return approvals.Decider{Person: approvals.Person{ID: p.UserID, Email: p.Email}, Holds: p.Can}
}

// decision reads an approve or reject call: the request, and the reason,
// once approvals.Service.MayDecide allows the caller.
func (s *Server) decision(w http.ResponseWriter, r *http.Request) (approvals.Request, string, bool) {
	id, err := pathID(r, "id")
	var in decisionInput
	if err == nil {
		err = decodeJSON(w, r, &in)
	}
	var reason string
	if err == nil {
		reason, err = reasonOf(in)
	}
	var req approvals.Request
	if err == nil {
		req, err = s.approvals.Get(r.Context(), id)
	}
	if err == nil {
		err = s.approvals.MayDecide(r.Context(), plainActor(r), req, decider(r))
	}
	if err != nil {
		writeError(w, r, err)
		return req, "", false
	}
	return req, reason, true
}

// approveRequest applies a pending request as the caller, another person
// holding what it needs: 200 {approval, result} with the route's own reply,
// or that route's refusal, the request left pending.
func (s *Server) approveRequest(w http.ResponseWriter, r *http.Request) {
	req, reason, ok := s.decision(w, r)
	if !ok {
		return
	}
	rec := &recorder{header: http.Header{}, code: http.StatusOK}
	req, done, err := s.approvals.Approve(r.Context(), req, decider(r).Person, reason, func(a *approvals.Applying) (bool, error) {
		s.mux.ServeHTTP(rec, replay(r, a))
		return rec.code < 300, nil
	})
	switch {
	case err != nil:
		writeError(w, r, err)
	case !done:
		maps.Copy(w.Header(), rec.header)
		w.WriteHeader(rec.code)
		_, _ = w.Write(rec.body.Bytes())
	default:
		writeJSON(w, http.StatusOK, approvedReply{Approval: req, Result: rawJSON(rec.body.Bytes())})
	}
}

// replay is the request's call, made again by the caller of r (their token
// and address) under the approval a.
func replay(r *http.Request, a *approvals.Applying) *http.Request {
	call := r.Clone(context.WithValue(r.Context(), applyingKey{}, a))
	call.Method = a.Request.Method
	call.URL = &url.URL{Path: a.Request.Path, RawQuery: a.Request.Query()}
	call.RequestURI = call.URL.RequestURI()
	call.Body = io.NopCloser(strings.NewReader(a.Body))
	call.ContentLength = int64(len(a.Body))
	call.Header.Set("Content-Type", "application/json")
	return call
}

func rawJSON(b []byte) []byte {
	if len(bytes.TrimSpace(b)) == 0 {
		return []byte("null")
	}
	return b
}

// recorder keeps a replayed call's reply.
type recorder struct {
	header http.Header
	code   int
	body   bytes.Buffer
}

func (rec *recorder) Header() http.Header         { return rec.header }
func (rec *recorder) WriteHeader(code int)        { rec.code = code }
func (rec *recorder) Write(b []byte) (int, error) { return rec.body.Write(b) }

func (s *Server) rejectRequest(w http.ResponseWriter, r *http.Request) {
	req, reason, ok := s.decision(w, r)
	if !ok {
		return
	}
	req, err := s.approvals.Reject(r.Context(), plainActor(r), req, reason)
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, approvalReply{Approval: req})
}

// withdrawRequest is the maker taking their pending request back.
func (s *Server) withdrawRequest(w http.ResponseWriter, r *http.Request) {
	req, ok := s.ownRequest(w, r)
	if !ok {
		return
	}
	req, err := s.approvals.Withdraw(r.Context(), plainActor(r), req)
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, approvalReply{Approval: req})
}

// explainRequest is the maker giving their pending request a reason (or a
// new one), for its approver.
func (s *Server) explainRequest(w http.ResponseWriter, r *http.Request) {
	var in decisionInput
	if err := decodeJSON(w, r, &in); err != nil {
		writeError(w, r, err)
		return
	}
	reason, err := reasonOf(in)
	if err != nil {
		writeError(w, r, err)
		return
	}
	req, ok := s.ownRequest(w, r)
	if !ok {
		return
	}
	if req, err = s.approvals.Explain(r.Context(), plainActor(r), req, reason); err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, approvalReply{Approval: req})
}

// ownRequest reads the request of the path, which must be the caller's own
// (else 403).
func (s *Server) ownRequest(w http.ResponseWriter, r *http.Request) (approvals.Request, bool) {
	id, err := pathID(r, "id")
	var req approvals.Request
	if err == nil {
		req, err = s.approvals.Get(r.Context(), id)
	}
	if err == nil && req.Maker.ID != principal(r).UserID {
		err = approvals.ErrNotMine
	}
	if err != nil {
		writeError(w, r, err)
		return req, false
	}
	return req, true
}

// reasonOf is a decision's or explanation's reason: 1 to 500 characters.
func reasonOf(in decisionInput) (string, error) {
	reason := strings.TrimSpace(in.Reason)
	if reason == "" || len(reason) > approvals.MaxReason {
		return "", Errorf(http.StatusBadRequest, "Give a reason of 1 to 500 characters.", FieldError{"reason", "Give a reason of 1 to 500 characters."})
	}
	return reason, nil
}

func (s *Server) approvalPolicy(w http.ResponseWriter, r *http.Request) {
	policy, err := s.approvals.Policy(r.Context())
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, policyReply{Actions: policy, Catalogue: approvals.Actions})
}

func (s *Server) saveApprovalPolicy(w http.ResponseWriter, r *http.Request) {
	var in policyInput
	if err := decodeJSON(w, r, &in); err != nil {
		writeError(w, r, err)
		return
	}
	if in.Actions == nil {
		writeError(w, r, Errorf(http.StatusBadRequest, "Send actions: {\"<action>\": true or false}.", FieldError{"actions", "Required."}))
		return
	}
	policy, err := s.approvals.SavePolicy(r.Context(), actorOf(r), in.Actions)
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, policyReply{Actions: policy, Catalogue: approvals.Actions})
}

// approvalFilter is the approvals list's parameters, and who views it: they
// see their own requests and those they may decide.
type approvalFilter struct {
	Status approvals.Status
	viewer approvals.Decider
}

// approvalsQuery is the approvals list's filter.
type approvalsQuery struct {
	Status approvals.Status `query:"status" invalid:"unknown status" description:"Requests of this status only."`
}

func (s *Server) approvalList() lister {
	return list[approvalFilter, approvals.Request, approvalsPage]{
		reply: func(v []approvals.Request, p pageInfo) approvalsPage { return approvalsPage{v, p} },
		filter: func(r *http.Request) (approvalFilter, error) {
			var q approvalsQuery
			err := bindQuery(r, &q)
			return approvalFilter{Status: q.Status, viewer: decider(r)}, err
		},
		page: func(ctx context.Context, f approvalFilter, p page) ([]approvals.Request, int, error) {
			return s.approvals.List(ctx, approvals.Filter{Status: f.Status, Viewer: f.viewer}, p.limit(), p.offset())
		}}
}

// approvalsPage is a page of the approval requests.
type approvalsPage struct {
	Items []approvals.Request `json:"approvals"`
	pageInfo
}

// plainActor is the caller as the audit log records them, outside any
// change the approval gate watches.
func plainActor(r *http.Request) audit.Actor {
	p := principal(r)
	return audit.Actor{ID: p.UserID, Email: p.Email, IP: clientIP(r)}
}

// approvalReply is a request of the four-eyes approval.
type approvalReply struct {
	Approval approvals.Request `json:"approval"`
}

// approvedReply is an approved request and its applied call's reply.
type approvedReply struct {
	Approval approvals.Request `json:"approval"`
	Result   json.RawMessage   `json:"result" description:"The applied call's own reply."`
}

// policyReply is the approval policy.
type policyReply struct {
	Actions   map[string]bool    `json:"actions" description:"Each action, and whether it needs a second person."`
	Catalogue []approvals.Action `json:"catalogue" description:"The actions in the order screens show them, with their labels."`
}

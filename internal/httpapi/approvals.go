package httpapi

import (
	"bytes"
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io"
	"maps"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"time"

	"xapa/backoffice/internal/apperr"
	"xapa/backoffice/internal/approvals"
	"xapa/backoffice/internal/audit"
	"xapa/backoffice/internal/auth"
	"xapa/backoffice/internal/secrets"
	"xapa/backoffice/internal/store"
	"xapa/backoffice/internal/utc"
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
	action   string
	armed    bool // the call is the action (FourEyes: always; FourEyesIf: once the handler says)
	required bool // the policy covers the action
	body     []byte
	apply    *applying     // the call is an approved request, applied
	held     []audit.Entry // the change's entries, held back for the request
	// submit keeps the held-back call as a request and answers 202 (writeError calls it).
	submit func(http.ResponseWriter, *http.Request)
}

// applying is an approved request being applied.
type applying struct {
	req    approvals.Request
	by     approvals.Person
	reason string
	at     time.Time
	marked bool // the request was marked approved in the change's transaction
}

func fourEyesOf(r *http.Request) *fourEyesCall {
	c, _ := r.Context().Value(fourEyesKey{}).(*fourEyesCall)
	return c
}

// fourEyes is the gate of a FourEyes route (inside the guard: the caller is
// known): it keeps the body for a request, and reads the policy.
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
		c := &fourEyesCall{action: rule.Approval, armed: !rule.ApprovalIf, body: body}
		c.submit = func(w http.ResponseWriter, r *http.Request) { s.submitApproval(w, r, c) }
		c.apply, _ = r.Context().Value(applyingKey{}).(*applying)
		if c.apply == nil {
			if c.required, err = s.approvals.Requires(r.Context(), c.action); err != nil {
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

// errNeedsApproval rolls a change back that the policy sends for approval;
// writeError turns it into the 202 of the request (submitApproval).
var errNeedsApproval = errors.New("httpapi: the change waits for a second person's approval")

// hook is the gate in the change's transaction: applying a request, it
// marks the request approved (once) and names both people in every entry;
// else, for a call the policy covers, it holds every entry back. The change
// runs on to the end of its transaction, so every check of every part of it
// runs (the no-escalation of each user, the last role editor), and is rolled
// back just before its commit. A change recorded outside a transaction of
// DB.Tx stops at its entry.
func (c *fourEyesCall) hook(ctx context.Context, db audit.Execer, e *audit.Entry) error {
	if c.apply != nil {
		return c.apply.stamp(ctx, db, e)
	}
	if !c.armed || !c.required {
		return nil
	}
	c.held = append(c.held, *e)
	tx, ok := db.(*sql.Tx)
	if !ok {
		return errNeedsApproval
	}
	if len(c.held) > 1 {
		return nil // the rollback is queued
	}
	return store.BeforeCommit(tx, func(context.Context, *sql.Tx, *store.DB) error { return errNeedsApproval })
}

func (a *applying) stamp(ctx context.Context, db audit.Execer, e *audit.Entry) error {
	if !a.marked {
		if err := approvals.MarkApproved(ctx, db, a.req.ID, approvals.Decision{By: a.by, Reason: a.reason, At: a.at}); err != nil {
			return err
		}
		a.marked = true
	}
	details := maps.Clone(e.Details)
	if details == nil {
		details = map[string]any{}
	}
	details["approval"] = map[string]any{"id": a.req.ID, "maker": a.req.Maker, "maker_reason": a.req.MakerReason,
		"requested_at": a.req.CreatedAt, "approver": a.by, "reason": a.reason, "approved_at": utc.Stamp(a.at)}
	e.Details = details
	return nil
}

// ReasonHeader is where the maker of a change may say why, for its approver.
const ReasonHeader = "X-Change-Reason"

// submitApproval keeps the call c held back as a pending request: 202.
func (s *Server) submitApproval(w http.ResponseWriter, r *http.Request, c *fourEyesCall) {
	ctx := r.Context()
	target := heldTarget(c.held)
	version, err := s.approvals.TargetVersion(ctx, target)
	if err != nil {
		writeError(w, r, err)
		return
	}
	p := principal(r)
	reason := strings.TrimSpace(r.Header.Get(ReasonHeader))
	if len(reason) > approvals.MaxReason {
		reason = reason[:approvals.MaxReason]
	}
	req, err := s.approvals.Create(ctx, plainActor(r), approvals.Call{Action: c.action, Method: r.Method, Path: r.URL.Path,
		Query: r.URL.RawQuery, Body: s.auth.Secrets().Seal(secrets.Approval.Purpose(), c.body),
		Maker: approvals.Person{ID: p.UserID, Email: p.Email}, MakerReason: reason, Target: target,
		TargetVersion: version, Summary: summary(c.action, c.held), Change: heldChange(c.held)})
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusAccepted, approvalReply{Approval: req})
}

// heldTarget is what a held change acts on: its entries' targets, each once,
// joined by commas ("user:57,user:59"); approvals.Store.TargetVersion takes
// the version of each, so a change to any of them since is seen.
func heldTarget(held []audit.Entry) string {
	var targets []string
	for _, e := range held {
		if !slices.Contains(targets, e.Target) {
			targets = append(targets, e.Target)
		}
	}
	return strings.Join(targets, ",")
}

// heldChange is what the request shows of a held change: the details of its
// one entry, or, for a change of several targets, each target's details
// under its name.
func heldChange(held []audit.Entry) map[string]any {
	if len(held) == 1 {
		return redacted(held[0].Details)
	}
	out := make(map[string]any, len(held))
	for _, e := range held {
		d := redacted(e.Details)
		if prev, ok := out[e.Target].(map[string]any); ok {
			maps.Copy(prev, d)
			continue
		}
		out[e.Target] = d
	}
	return out
}

// summary is a request's one line: the action, what it acts on, and every
// other target of a change of several.
func summary(action string, held []audit.Entry) string {
	line := fmt.Sprintf("%s: %s", approvals.Label(action), entryName(&held[0]))
	if targets := heldTarget(held); strings.Contains(targets, ",") {
		line += " (" + strings.ReplaceAll(targets, ",", ", ") + ")"
	}
	return line
}

// entryName is what an entry acts on, by name where its details give one
// (a role, a token, an email), else its target.
func entryName(e *audit.Entry) string {
	for _, d := range []map[string]any{e.Details, asMap(e.Details["after"]), asMap(e.Details["before"])} {
		for _, key := range []string{"role", "name", "email", "symbol"} {
			if v, ok := d[key].(string); ok && v != "" {
				return v
			}
		}
	}
	return e.Target
}

func asMap(v any) map[string]any { m, _ := v.(map[string]any); return m }

// redacted is details without anything secret-looking, for the screens.
func redacted(details map[string]any) map[string]any {
	out := make(map[string]any, len(details))
	for k, v := range details {
		lower := strings.ToLower(k)
		if strings.Contains(lower, "password") || strings.Contains(lower, "secret") || lower == "code" || strings.Contains(lower, "token") {
			continue
		}
		if m, ok := v.(map[string]any); ok {
			v = redacted(m)
		}
		out[k] = v
	}
	return out
}

// mayDecide reports whether p may approve or reject a request for action:
// they hold what the action's route demands.
func (s *Server) mayDecide(p *auth.Principal, action string) bool {
	rule, ok := s.fourEyesRules[action]
	if !ok {
		return false
	}
	admitted, _ := rule.admits(p)
	return admitted
}

// decidable are the actions p may decide, in the catalogue's order: the
// requests they see besides their own.
func (s *Server) decidable(p *auth.Principal) []string {
	var actions []string
	for _, a := range approvals.Actions {
		if s.mayDecide(p, a.Key) {
			actions = append(actions, a.Key)
		}
	}
	return actions
}

// decision reads an approve or reject call: the request, and the reason.
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
	p := principal(r)
	switch {
	case err != nil:
	case req.Maker.ID == p.UserID:
		err = approvals.ErrOwn
	case !s.mayDecide(p, req.Action):
		err = Errorf(http.StatusForbidden, "You lack the permission this change needs.")
	default:
		err = s.refuseSponsored(r, req)
	}
	if err == nil {
		err = s.approvals.Check(r.Context(), req)
	}
	if err == nil {
		err = s.voidIfMakerMayNot(r, req)
	}
	if err != nil {
		writeError(w, r, err)
		return req, "", false
	}
	return req, reason, true
}

// refuseSponsored refuses (403) an approver whose account or role the
// request's maker made or granted lately: that approver is the maker's
// second pair of eyes only in name.
func (s *Server) refuseSponsored(r *http.Request, req approvals.Request) error {
	why, err := s.approvals.Sponsored(r.Context(), req.Maker, principal(r).UserID)
	if err != nil || why == "" {
		return err
	}
	return &apperr.Forbidden{Message: why}
}

// voidIfMakerMayNot voids a request whose maker can no longer make its change
// (disabled, no longer staff, or without what the action's route demands):
// 409, and nobody may approve it. An approval adds a second person to a
// change; it never gives the change more right than its maker now has.
func (s *Server) voidIfMakerMayNot(r *http.Request, req approvals.Request) error {
	maker, err := s.accounts.LoadUser(r.Context(), req.Maker.ID)
	var gone *apperr.NotFound
	var why string
	switch {
	case errors.As(err, &gone):
		why = "its maker's account no longer exists."
	case err != nil:
		return err
	case !maker.Enabled:
		why = fmt.Sprintf("its maker, %s, was disabled.", maker.Email)
	case !slices.Contains(maker.Roles, "ROLE_ADMIN"):
		why = fmt.Sprintf("its maker, %s, is no longer a staff member.", maker.Email)
	default:
		if ok, missing := s.fourEyesRules[req.Action].admitsHolder(func(k string) bool { return slices.Contains(maker.Permissions, k) }); !ok {
			why = fmt.Sprintf("its maker, %s, no longer holds %s.", maker.Email, missing)
		}
	}
	if why == "" {
		return nil
	}
	return s.approvals.Void(r.Context(), plainActor(r), req, why)
}

// approveRequest applies a pending request as the caller, another person
// holding what it needs: 200 {approval, result} with the route's own reply,
// or that route's refusal, the request left pending.
func (s *Server) approveRequest(w http.ResponseWriter, r *http.Request) {
	req, reason, ok := s.decision(w, r)
	if !ok {
		return
	}
	ctx := r.Context()
	version, err := s.approvals.TargetVersion(ctx, req.Target)
	if err == nil && version != req.Version() {
		err = approvals.ErrChanged
	}
	var body string
	if err == nil {
		body, err = secrets.OpenStored(s.auth.Secrets(), secrets.Approval, req.Body())
	}
	if err != nil {
		writeError(w, r, err)
		return
	}
	p := principal(r)
	a := &applying{req: req, by: approvals.Person{ID: p.UserID, Email: p.Email}, reason: reason, at: s.approvals.Now()}
	rec := &recorder{header: http.Header{}, code: http.StatusOK}
	s.mux.ServeHTTP(rec, replay(r, a, body))
	if rec.code >= 300 {
		maps.Copy(w.Header(), rec.header)
		w.WriteHeader(rec.code)
		_, _ = w.Write(rec.body.Bytes())
		return
	}
	if !a.marked { // the route wrote no audit entry (nothing changed): the request is approved all the same
		if err := approvals.MarkApproved(ctx, s.db, req.ID, approvals.Decision{By: a.by, Reason: reason, At: a.at}); err != nil {
			writeError(w, r, err)
			return
		}
	}
	if req, err = s.approvals.Get(ctx, req.ID); err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, approvedReply{Approval: req, Result: rawJSON(rec.body.Bytes())})
}

// replay is the request's call, made again by the caller of r (their token
// and address) under the approval a.
func replay(r *http.Request, a *applying, body string) *http.Request {
	call := r.Clone(context.WithValue(r.Context(), applyingKey{}, a))
	call.Method = a.req.Method
	call.URL = &url.URL{Path: a.req.Path, RawQuery: a.req.Query()}
	call.RequestURI = call.URL.RequestURI()
	call.Body = io.NopCloser(strings.NewReader(body))
	call.ContentLength = int64(len(body))
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
	Status string
	viewer *auth.Principal
}

var approvalStatuses = []string{"", approvals.Pending, approvals.Approved, approvals.Rejected, approvals.Withdrawn, approvals.Expired,
	approvals.Void}

func (s *Server) approvalList() lister {
	return list[approvalFilter, approvals.Request]{key: "approvals",
		filter: func(r *http.Request) (approvalFilter, error) {
			status := r.URL.Query().Get("status")
			if !slices.Contains(approvalStatuses, status) {
				return approvalFilter{}, Errorf(http.StatusBadRequest, "status must be pending, approved, rejected, withdrawn, expired or void.",
					FieldError{"status", "unknown status"})
			}
			return approvalFilter{Status: status, viewer: principal(r)}, nil
		},
		page: func(ctx context.Context, f approvalFilter, p page) ([]approvals.Request, int, error) {
			list, total, err := s.approvals.List(ctx, approvals.Filter{Status: f.Status, Viewer: f.viewer.UserID,
				Actions: s.decidable(f.viewer)}, p.limit(), p.offset())
			if err != nil {
				return nil, 0, err
			}
			sponsors := map[int64]string{} // by maker: the few makers of a page, one question each
			for i := range list {
				req := &list[i]
				req.CanDecide = req.Status == approvals.Pending && req.Maker.ID != f.viewer.UserID && s.mayDecide(f.viewer, req.Action)
				if !req.CanDecide {
					continue
				}
				why, seen := sponsors[req.Maker.ID]
				if !seen {
					if why, err = s.approvals.Sponsored(ctx, req.Maker, f.viewer.UserID); err != nil {
						return nil, 0, err
					}
					sponsors[req.Maker.ID] = why
				}
				req.CanDecide, req.CannotDecide = why == "", why
			}
			return list, total, nil
		}}
}

// plainActor is the caller as the audit log records them, outside any
// change the approval gate watches.
func plainActor(r *http.Request) audit.Actor {
	p := principal(r)
	return audit.Actor{ID: p.UserID, Email: p.Email, IP: clientIP(r)}
}

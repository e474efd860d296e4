package httpapi

import (
	"context"
	"errors"
	"net/http"
	"strings"

	"xapa/backoffice/internal/audit"
	"xapa/backoffice/internal/auth"
)

type principalKey struct{}

// principal is the caller of a guarded route.
func principal(r *http.Request) *auth.Principal {
	p, _ := r.Context().Value(principalKey{}).(*auth.Principal)
	return p
}

// guard enforces a route's rule before its handler runs: deny by default.
func (s *Server) guard(rule Rule, next http.Handler) http.Handler {
	if rule.Public || rule.IngestKey {
		return next // an ingest key is checked by its handler, over the body it signs
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		token, ok := strings.CutPrefix(r.Header.Get("Authorization"), "Bearer ")
		if !ok || token == "" {
			writeError(w, r, Errorf(http.StatusUnauthorized, "Authentication required."))
			return
		}
		p, err := s.auth.Authenticate(r.Context(), strings.TrimSpace(token))
		if errors.Is(err, auth.ErrUnauthorized) {
			writeError(w, r, Errorf(http.StatusUnauthorized, "Your session has ended. Sign in again."))
			return
		}
		if err != nil {
			writeError(w, r, err)
			return
		}
		if !p.Networks.Admits(clientIP(r)) {
			writeError(w, r, errNetwork)
			return
		}
		if !rule.allows(p.Kind) {
			writeError(w, r, Errorf(http.StatusForbidden, "Finish signing in first."))
			return
		}
		if ok, missing := rule.admits(p); !ok {
			writeError(w, r, Errorf(http.StatusForbidden, "You lack the permission "+missing+"."))
			return
		}
		if rule.StepUp && !p.SteppedUp(s.now()) {
			writeError(w, r, errStepUp)
			return
		}
		ctx := context.WithValue(r.Context(), principalKey{}, p)
		if rule.StepUpIf != "" {
			ctx = context.WithValue(ctx, stepUpIfKey{}, true)
		}
		next.ServeHTTP(w, r.WithContext(ctx))
	})
}

// errNetwork refuses every call of a session whose role's networks leave
// out the caller's address (rbac.Networks; the address as --trusted-proxies
// resolves it).
var errNetwork = Errorf(http.StatusForbidden, "Your role does not allow access from this network.")

// StepUpMessage is the refusal of a sensitive call on a session that gave
// no second factor within auth.StepUpWindow: POST /api/user/step-up, then
// call again.
const StepUpMessage = "Confirm with your second factor to continue."

// errStepUp is that refusal: 403 with the field step_up, which tells the
// web app to ask for a code.
var errStepUp = Errorf(http.StatusForbidden, StepUpMessage, FieldError{"step_up", StepUpMessage})

type stepUpIfKey struct{}

// requireStepUp is the check of a FreshIf route's handler, once it knows the
// call is sensitive: nil when the session stepped up within
// auth.StepUpWindow, else the step_up refusal. On a route whose rule does not
// declare FreshIf it fails (500): routes.go must say every sensitive call.
func (s *Server) requireStepUp(r *http.Request) error {
	if declared, _ := r.Context().Value(stepUpIfKey{}).(bool); !declared {
		return errors.New("httpapi: a step-up demanded on a route whose rule does not declare FreshIf")
	}
	if !principal(r).SteppedUp(s.now()) {
		return errStepUp
	}
	return nil
}

// clientMeta describes the caller for sessions and the audit log.
func clientMeta(r *http.Request) auth.ClientMeta {
	platform := r.Header.Get("X-Device-Type")
	switch platform {
	case "Web", "Android", "IOS":
	default:
		platform = "Web"
	}
	return auth.ClientMeta{IP: clientIP(r), Platform: platform, DeviceModel: r.UserAgent()}
}

// auditActor is who the audit log records for a write.
type auditActor = audit.Actor

// actorOf is the signed-in caller as the audit log records them.
// On a route the approval policy may cover, its entries go through the
// four-eyes gate (approvals.go).
func actorOf(r *http.Request) auditActor {
	a := plainActor(r)
	if c := fourEyesOf(r); c != nil {
		a.Hook = c.hook
	}
	return a
}

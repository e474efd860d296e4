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
	if rule.Public {
		return next
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
		if !rule.allows(p.Kind) {
			writeError(w, r, Errorf(http.StatusForbidden, "Finish signing in first."))
			return
		}
		if ok, missing := rule.admits(p); !ok {
			writeError(w, r, Errorf(http.StatusForbidden, "You lack the permission "+missing+"."))
			return
		}
		next.ServeHTTP(w, r.WithContext(context.WithValue(r.Context(), principalKey{}, p)))
	})
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
func actorOf(r *http.Request) auditActor {
	p := principal(r)
	return auditActor{ID: p.UserID, Email: p.Email, IP: clientIP(r)}
}

package httpapi

import (
	"context"
	"net/http"

	"xapa/backoffice/internal/rbac"
	"xapa/backoffice/internal/roles"
)

// roleList is the roles with their members.
func (s *Server) roleList() lister {
	return list[struct{}, roles.Role, rolesPage]{filter: noFilter,
		reply: func(r []roles.Role, p pageInfo) rolesPage { return rolesPage{r, p} },
		page: func(ctx context.Context, _ struct{}, p page) ([]roles.Role, int, error) {
			return s.roles.List(ctx, p.limit(), p.offset())
		}}
}

// rolesPage is a page of the roles list.
type rolesPage struct {
	Items []roles.Role `json:"roles"`
	pageInfo
}

// catalogueReply is the permission catalogue by category, in its order.
type catalogueReply struct {
	Permissions rbac.Categories `json:"permissions"`
}

func (s *Server) permissionCatalogue(w http.ResponseWriter, _ *http.Request) {
	writeJSON(w, http.StatusOK, catalogueReply{rbac.Catalogue})
}

func (s *Server) createRole(w http.ResponseWriter, r *http.Request) {
	var in roles.Input
	if err := decodeJSON(w, r, &in); err != nil {
		writeError(w, r, err)
		return
	}
	role, err := s.roles.Create(r.Context(), actorOf(r), in)
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusCreated, role)
}

func (s *Server) editRole(w http.ResponseWriter, r *http.Request) {
	id, err := pathID(r, "id")
	if err != nil {
		writeError(w, r, err)
		return
	}
	var in roles.Input
	if err := decodeJSON(w, r, &in); err != nil {
		writeError(w, r, err)
		return
	}
	role, err := s.roles.Update(r.Context(), actorOf(r), id, in)
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, role)
}

func (s *Server) deleteRole(w http.ResponseWriter, r *http.Request) {
	id, err := pathID(r, "id")
	if err != nil {
		writeError(w, r, err)
		return
	}
	if err := s.roles.Delete(r.Context(), actorOf(r), id); err != nil {
		writeError(w, r, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

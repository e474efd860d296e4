package httpapi

import (
	"net/http"

	"xapa/backoffice/internal/money"
	"xapa/backoffice/internal/stats"
)

func (s *Server) totalRegisters(w http.ResponseWriter, r *http.Request) {
	v := r.URL.Query().Get("verified")
	if v != "" && v != "1" && v != "0" {
		writeError(w, r, Errorf(http.StatusBadRequest, "verified must be 1 or 0.", FieldError{"verified", "must be 1 or 0"}))
		return
	}
	reg, err := s.stats.Registrations(r.Context(), v == "1")
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, reg)
}

func (s *Server) totalOnlines(w http.ResponseWriter, r *http.Request) {
	n, err := s.stats.Online(r.Context())
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"total": map[string]int{"count": n}})
}

func (s *Server) customerBalance(w http.ResponseWriter, r *http.Request) {
	list, err := s.stats.CustomerBalances(r.Context())
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"balances": list})
}

func (s *Server) companyBalance(w http.ResponseWriter, r *http.Request) {
	list, err := s.stats.CompanyBalances(r.Context())
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"balances": list})
}

// dayBalance is one day of the volume card: the volume is named balance.
type dayBalance struct {
	Day     string `json:"day"`
	Balance string `json:"balance"`
}

// totalBalances: {main: {total: {balance}, week: [{day, balance}]}}.
func (s *Server) totalBalances(w http.ResponseWriter, r *http.Request) {
	v, err := s.stats.Volume(r.Context())
	if err != nil {
		writeError(w, r, err)
		return
	}
	week := make([]dayBalance, len(v.Week))
	for i, d := range v.Week {
		week[i] = dayBalance{Day: d.Day, Balance: d.Amount}
	}
	writeJSON(w, http.StatusOK, map[string]any{"main": map[string]any{"total": map[string]string{"balance": money.USD(v.Total)}, "week": week}})
}

func (s *Server) revenue(figure func(*stats.Service, *http.Request) (stats.Weekly, error)) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		v, err := figure(s.stats, r)
		if err != nil {
			writeError(w, r, err)
			return
		}
		writeJSON(w, http.StatusOK, map[string]any{"main": map[string]any{"total": map[string]string{"amount": money.USD(v.Total)}, "week": v.Week}})
	}
}

func sendRevenue(st *stats.Service, r *http.Request) (stats.Weekly, error) {
	return st.SendRevenue(r.Context())
}

func exchangeRevenue(st *stats.Service, r *http.Request) (stats.Weekly, error) {
	return st.ExchangeRevenue(r.Context())
}

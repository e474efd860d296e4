package httpapi

import (
	"net/http"

	"xapa/backoffice/internal/money"
	"xapa/backoffice/internal/stats"
)

func (s *Server) totalRegisters(w http.ResponseWriter, r *http.Request) {
	var q registersQuery
	if err := bindQuery(r, &q); err != nil {
		writeError(w, r, err)
		return
	}
	reg, err := s.stats.Registrations(r.Context(), q.Verified == "1")
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, reg)
}

// registersQuery asks for verified users only.
type registersQuery struct {
	Verified string `query:"verified" enum:"0,1" invalid:"must be 1 or 0" description:"1: verified users only."`
}

func (s *Server) totalOnlines(w http.ResponseWriter, r *http.Request) {
	n, err := s.stats.Online(r.Context())
	if err != nil {
		writeError(w, r, err)
		return
	}
	var reply onlineReply
	reply.Total.Count = n
	writeJSON(w, http.StatusOK, reply)
}

// onlineReply is the count of users online: {total: {count}}.
type onlineReply struct {
	Total struct {
		Count int `json:"count"`
	} `json:"total"`
}

// balancesReply is a balance per coin.
type balancesReply struct {
	Balances []stats.Balance `json:"balances"`
}

func (s *Server) customerBalance(w http.ResponseWriter, r *http.Request) {
	list, err := s.stats.CustomerBalances(r.Context())
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, balancesReply{Balances: list})
}

func (s *Server) companyBalance(w http.ResponseWriter, r *http.Request) {
	list, err := s.stats.CompanyBalances(r.Context())
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, balancesReply{Balances: list})
}

// dayBalance is one day of the volume card: the volume is named balance.
type dayBalance struct {
	Day     string `json:"day"`
	Balance string `json:"balance"`
}

// totalBalances answers the volume card (balanceVolumeReply).
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
	var reply balanceVolumeReply
	reply.Main.Total.Balance, reply.Main.Week = money.USD(v.Total), week
	writeJSON(w, http.StatusOK, reply)
}

// balanceVolumeReply is the volume card: {main: {total: {balance}, week}}.
type balanceVolumeReply struct {
	Main struct {
		Total struct {
			Balance string `json:"balance"`
		} `json:"total"`
		Week []dayBalance `json:"week"`
	} `json:"main"`
}

// revenueReply is a revenue card: {main: {total: {amount}, week}}.
type revenueReply struct {
	Main struct {
		Total struct {
			Amount string `json:"amount"`
		} `json:"total"`
		Week []stats.DayAmount `json:"week"`
	} `json:"main"`
}

func (s *Server) revenue(figure func(*stats.Service, *http.Request) (stats.Weekly, error)) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		v, err := figure(s.stats, r)
		if err != nil {
			writeError(w, r, err)
			return
		}
		var reply revenueReply
		reply.Main.Total.Amount, reply.Main.Week = money.USD(v.Total), v.Week
		writeJSON(w, http.StatusOK, reply)
	}
}

func sendRevenue(st *stats.Service, r *http.Request) (stats.Weekly, error) {
	return st.SendRevenue(r.Context())
}

func exchangeRevenue(st *stats.Service, r *http.Request) (stats.Weekly, error) {
	return st.ExchangeRevenue(r.Context())
}

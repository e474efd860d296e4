package httpapi

import (
	"context"
	"net/http"
	"time"

	"xapa/backoffice/internal/commands"
	"xapa/backoffice/internal/ingest"
)

// The Integration screen: whether data flows both ways between the core
// and the back office, and what operators do with the events kept aside.

// integrationReply is the screen's summary.
type integrationReply struct {
	Sources    []ingest.Source `json:"sources" description:"Per source of the core's events: its newest event applied, and when it arrived."`
	LastHour   map[string]int  `json:"lastHour" description:"The core's events that arrived in the last hour, by status (applied, duplicate, stale, held, rejected)."`
	Held       int             `json:"held" description:"Events waiting for what they refer to."`
	Dead       int             `json:"dead" description:"Dead letters: events rejected, or held for a day."`
	Commands   commandsSummary `json:"commands"`
	ServerTime time.Time       `json:"serverTime" description:"The server's clock, for the ages shown."`
}

type commandsSummary struct {
	Waiting         int        `json:"waiting" description:"Commands not yet taken by the core."`
	Failing         int        `json:"failing" description:"Of them, those refused at least once."`
	Rejected        int        `json:"rejected" description:"Commands the core rejected."`
	OldestWaitingAt *time.Time `json:"oldestWaitingAt" description:"When the oldest waiting command was made; null when none waits."`
}

func (s *Server) integration(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	now := s.now()
	var out integrationReply
	var err error
	out.ServerTime = now
	if out.Sources, err = ingest.Sources(ctx, s.db); err == nil {
		out.LastHour, err = ingest.EventsSince(ctx, s.db, now.Add(-time.Hour))
	}
	if err == nil {
		out.Held, out.Dead, err = ingest.Letters(ctx, s.db)
	}
	if err == nil {
		out.Commands, err = s.commandsSummary(ctx)
	}
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, out)
}

func (s *Server) commandsSummary(ctx context.Context) (commandsSummary, error) {
	var c commandsSummary
	waiting, failing, oldest, err := commands.Backlog(ctx, s.db)
	if err != nil {
		return c, err
	}
	c.Waiting, c.Failing = waiting, failing
	if !oldest.IsZero() {
		c.OldestWaitingAt = &oldest
	}
	c.Rejected, err = commands.CountRejected(ctx, s.db)
	return c, err
}

func (s *Server) letterList() lister {
	return list[ingest.LetterFilter, ingest.Letter, lettersPage]{
		reply:  func(v []ingest.Letter, p pageInfo) lettersPage { return lettersPage{v, p} },
		filter: queryFilter[ingest.LetterFilter],
		page: func(ctx context.Context, f ingest.LetterFilter, p page) ([]ingest.Letter, int, error) {
			return ingest.LetterList(ctx, s.db, f, p.limit(), p.offset())
		}}
}

func (s *Server) commandList() lister {
	return list[commands.Filter, commands.Command, commandsPage]{
		reply:  func(v []commands.Command, p pageInfo) commandsPage { return commandsPage{v, p} },
		filter: queryFilter[commands.Filter],
		page: func(ctx context.Context, f commands.Filter, p page) ([]commands.Command, int, error) {
			return commands.List(ctx, s.db, f, p.limit(), p.offset())
		}}
}

// lettersPage is a page of the events kept aside.
type lettersPage struct {
	Items []ingest.Letter `json:"letters"`
	pageInfo
}

// commandsPage is a page of the commands to the core.
type commandsPage struct {
	Items []commands.Command `json:"commands"`
	pageInfo
}

// retryReply is what a retried event became.
type retryReply struct {
	Result ingest.Result `json:"result"`
}

func (s *Server) retryLetter(w http.ResponseWriter, r *http.Request) {
	id, err := pathID(r, "id")
	if err != nil {
		writeError(w, r, err)
		return
	}
	res, err := s.ingest.Retry(r.Context(), actorOf(r), id)
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, retryReply{Result: res})
}

// discardInput is the reason an event kept aside is dropped for good.
type discardInput struct {
	Reason string `json:"reason" required:"true" minLength:"1" maxLength:"500"`
}

func (s *Server) discardLetter(w http.ResponseWriter, r *http.Request) {
	id, err := pathID(r, "id")
	if err != nil {
		writeError(w, r, err)
		return
	}
	var in discardInput
	if err := decodeJSON(w, r, &in); err != nil {
		writeError(w, r, err)
		return
	}
	if err := s.ingest.Discard(r.Context(), actorOf(r), id, in.Reason); err != nil {
		writeError(w, r, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

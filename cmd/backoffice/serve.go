package main

import (
	"context"
	"crypto/tls"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/http/pprof"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"time"

	"xapa/backoffice/internal/audit"
	"xapa/backoffice/internal/auditstream"
	"xapa/backoffice/internal/auth"
	corecommands "xapa/backoffice/internal/commands"
	"xapa/backoffice/internal/config"
	"xapa/backoffice/internal/corenats"
	"xapa/backoffice/internal/daytotals"
	"xapa/backoffice/internal/demo"
	"xapa/backoffice/internal/httpapi"
	"xapa/backoffice/internal/ingest"
	"xapa/backoffice/internal/ledger"
	"xapa/backoffice/internal/mail"
	"xapa/backoffice/internal/metrics"
	"xapa/backoffice/internal/netlimit"
	"xapa/backoffice/internal/ratelimit"
	"xapa/backoffice/internal/retention"
	"xapa/backoffice/internal/secrets"
	"xapa/backoffice/internal/stats"
	"xapa/backoffice/internal/store"
	"xapa/backoffice/internal/webhook"
	"xapa/backoffice/web"
)

// serveOptions are serve's flags.
type serveOptions struct {
	addr, gatewayKey, publicURL, metricsAddr, debugAddr, proxyList *string
	dbURL, keyFile, logFormat, logLevel, auditURL, auditSecret     *string
	natsURL, natsCreds, natsStream, coreURL, coreSecret            *string
	demo, demoLive, demoApprovals, noMigrate                       *bool
	users, txs, maxConns, perClient, retentionDays                 *int
	seed                                                           *int64
	grace, drainDelay, demoCoreDelay                               *time.Duration
	tlsFiles                                                       *config.TLSFiles
	smtp                                                           mail.SMTPConfig
}

// serveFlags declares serve's flags on fs.
func serveFlags(fs *flag.FlagSet) *serveOptions {
	o := &serveOptions{
		addr:     fs.String("addr", "", "listen address (default :8080; with --demo 127.0.0.1:8080, this machine only)"),
		tlsFiles: config.TLSFlags(fs),
		dbURL:    config.DBFlag(fs),
		keyFile:  config.SecretsKeyFlag(fs),
		demo:     fs.Bool("demo", false, "fill an empty database with demo data and print the demo sign-ins"),
		users:    fs.Int("users", 300, "with --demo: customers to generate"),
		txs:      fs.Int("transactions", 20000, "with --demo: transactions to generate"),
		seed:     fs.Int64("seed", 1, "with --demo: random seed"),
		demoLive: fs.Bool("demo-live", true, "with --demo: add a new demo transaction and move the prices every few seconds"),
		demoApprovals: fs.Bool("demo-approvals", true, "with --demo: roles and the promotion start needing a second person's approval "+
			"(the demo's approver); false: the approval policy starts empty"),
		demoCoreDelay: fs.Duration("demo-core-delay", 0, "with --demo: how long the simulated core takes to answer each "+
			"staff decision sent to it (0: at once); meanwhile the change shows \"pending at core\""),
		gatewayKey: fs.String("gateway-key", "", "when set, every /api call must send it in X-Gateway-Key"),
		publicURL:  fs.String("public-url", "", "the app's address in links sent by mail, and the passkeys' relying party (default http://localhost:PORT)"),
		logFormat:  fs.String("log-format", "text", "log format: text or json"),
		logLevel:   fs.String("log-level", "info", "log level: debug, info, warn or error"),
		metricsAddr: fs.String("metrics-addr", "",
			"when set, serve Prometheus metrics at /metrics on this address (keep it off the public network)"),
		debugAddr: fs.String("debug-addr", "", "when set, serve Go's pprof profiles on this address (keep it on localhost)"),
		grace:     fs.Duration("shutdown-timeout", 30*time.Second, "on SIGTERM or Ctrl-C: how long requests in flight may take to finish"),
		drainDelay: fs.Duration("drain-delay", 5*time.Second,
			"on SIGTERM: how long /readyz answers 503, still serving, before the node stops taking requests (balancers notice)"),
		noMigrate: fs.Bool("no-migrate", false,
			"do not migrate at start (rolling deploys: run backoffice migrate once first; /readyz answers 503 until then)"),
		maxConns: fs.Int("db-max-conns", 0, "most database connections this node opens (0: 20 on PostgreSQL, 8 on SQLite)"),
		perClient: fs.Int("max-conns-per-client", 256,
			"connections one client address may hold open at once (0: no cap); the trusted proxies are exempt"),
		proxyList: fs.String("trusted-proxies", "", "comma-separated CIDRs of proxies whose X-Forwarded-For names the client"),
		retentionDays: fs.Int("retention-days", retention.DefaultDays,
			"days ended sessions, sign-in attempts, captcha records and delivered mail are kept (the audit log is kept for ever)"),
	}
	o.natsURL = fs.String("nats-url", "", "the exchange core's NATS server (nats://host:4222): its events are applied from "+
		"JetStream; without it only POST /api/ingest/events takes them")
	o.natsCreds = fs.String("nats-creds", "", "a NATS credentials file for --nats-url")
	o.natsStream = fs.String("nats-stream", corenats.DefaultStream, "the JetStream stream of the core's events (subjects "+
		corenats.Subjects+"; made when missing)")
	o.coreURL = fs.String("core-webhook-url", "", "when set, POST every command to the exchange core here too (signed "+
		"CloudEvents; docs/asyncapi.yaml); with --nats-url they are also published to the stream "+corenats.CommandStream)
	o.coreSecret = fs.String("core-webhook-secret", "",
		"with --core-webhook-url: the key of each command's X-Signature (HMAC-SHA256 of the body; at least 16 characters)")
	o.auditURL = fs.String("audit-webhook-url", "",
		"when set, deliver every audit entry to this address (a SIEM): signed JSON batches, in order, at least once")
	o.auditSecret = fs.String("audit-webhook-secret", "",
		"with --audit-webhook-url: the key of each batch's X-Signature (HMAC-SHA256 of the body; at least 16 characters)")
	fs.StringVar(&o.smtp.Host, "smtp-host", "", "SMTP server; empty keeps mail in the outbox table only")
	fs.IntVar(&o.smtp.Port, "smtp-port", 587, "SMTP port (STARTTLS when the server offers it)")
	fs.StringVar(&o.smtp.User, "smtp-user", "", "SMTP user name")
	fs.StringVar(&o.smtp.Password, "smtp-password", "", "SMTP password")
	fs.StringVar(&o.smtp.From, "smtp-from", "Xapa Back Office <no-reply@xapa.example>", "sender address")
	return o
}

// node is a started server: its database, secrets, listener and API.
type node struct {
	db      *store.DB
	box     *secrets.Box
	ln      net.Listener
	api     *httpapi.Server
	srv     *http.Server
	scheme  string
	proxies httpapi.TrustedProxies
	tls     *tls.Config // nil: plain HTTP
}

func serve(ctx context.Context, args []string) error {
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	o := serveFlags(fs)
	fs.Usage = config.Usage(fs, "backoffice serve [--addr :8080] [--db URL] [--demo] [--tls-cert FILE --tls-key FILE]")
	if err := config.Parse(fs, args); err != nil {
		return err
	}
	if err := setupLogging(os.Stderr, *o.logFormat, *o.logLevel); err != nil {
		return err
	}
	ctx, stop := signal.NotifyContext(ctx, syscall.SIGINT, syscall.SIGTERM)
	defer stop()
	n := &node{}
	defer n.close()
	if err := n.open(ctx, o); err != nil {
		return err
	}
	if err := n.start(ctx, o); err != nil {
		return err
	}
	served := make(chan error, 1)
	go func() {
		if n.srv.TLSConfig != nil {
			served <- n.srv.ServeTLS(n.ln, "", "") // the pair is in TLSConfig; HSTS goes out on these replies
			return
		}
		served <- n.srv.Serve(n.ln)
	}()
	slog.Info("serving", "addr", n.ln.Addr().String(), "scheme", n.scheme, "db", n.db.Dialect)
	if *o.demo {
		if err := printDemoSignIns(ctx, n.db, n.box, n.scheme, n.ln.Addr()); err != nil {
			return err
		}
		if *o.demoLive {
			go demo.LiveOnOneNode(ctx, n.db, 3*time.Second)
		}
	}
	select {
	case err := <-served:
		return err
	case <-ctx.Done():
	}
	stop() // a second signal ends the process at once
	return n.shutdown(*o.drainDelay, *o.grace, served)
}

// open takes the port, then opens (and migrates) the database, its secrets
// and, with --demo, its demo data.
func (n *node) open(ctx context.Context, o *serveOptions) error {
	var err error
	if n.tls, err = o.tlsFiles.Load(); err != nil {
		return err
	}
	if n.proxies, err = httpapi.ParseTrustedProxies(*o.proxyList); err != nil {
		return fmt.Errorf("--trusted-proxies: %w", err)
	}
	if *o.addr == "" {
		*o.addr = ":8080"
		if *o.demo {
			// The demo's sign-ins are printed for anyone to read: it serves this machine only unless told otherwise.
			*o.addr = "127.0.0.1:8080"
		}
	}
	// The port is taken before any slow start-up work (migrations, demo
	// data): nothing else can take it meanwhile, and with --addr :0 the
	// address printed is the one the kernel chose.
	tcp, err := net.Listen("tcp", *o.addr)
	if err != nil {
		return err
	}
	n.ln = netlimit.New(tcp, *o.perClient, n.proxies.Trusts)
	if n.db, err = openDB(ctx, *o.dbURL, !*o.noMigrate, *o.maxConns); err != nil {
		return err
	}
	limitMemory(n.db.Dialect)
	if n.box, err = openSecrets(ctx, n.db, *o.dbURL, *o.keyFile); err != nil {
		return err
	}
	if *o.demo {
		return loadDemo(ctx, n.db, n.box, o)
	}
	return nil
}

// loadDemo fills an empty database with the demo data (one node of several
// started at once loads it; the others find it filled).
func loadDemo(ctx context.Context, db *store.DB, box *secrets.Box, o *serveOptions) error {
	start := time.Now()
	err := demo.Generate(ctx, db, demo.Options{Users: *o.users, Transactions: *o.txs, Seed: *o.seed, Secrets: box,
		Approvals: *o.demoApprovals})
	switch {
	case err == nil:
		slog.Info("demo data generated", "users", *o.users, "transactions", *o.txs, "seconds", time.Since(start).Seconds())
	case errors.Is(err, demo.ErrNotEmpty):
		slog.Info("database already holds data: demo data not generated again")
	default:
		return err
	}
	return nil
}

// address starts the debug listener if asked, and sets the node's scheme
// and, unless given, its public URL.
func (n *node) address(o *serveOptions) {
	if *o.debugAddr != "" {
		go func() { slog.Warn("debug listener stopped", "err", http.ListenAndServe(*o.debugAddr, pprofMux())) }()
	}
	n.scheme = "http"
	if n.tls != nil {
		n.scheme = "https"
	}
	if *o.publicURL == "" {
		*o.publicURL = n.scheme + "://" + displayHost(n.ln.Addr())
	}
}

// start starts the background work (mail, limit pruning, retention, cache
// warming, the audit stream, metrics) and builds the API and its HTTP server.
func (n *node) start(ctx context.Context, o *serveOptions) error {
	n.address(o)
	pruner, err := retention.New(n.db, *o.retentionDays, nil)
	if err != nil {
		return fmt.Errorf("--retention-days: %w", err)
	}
	var m *metrics.Metrics
	if *o.metricsAddr != "" {
		m = metrics.New(n.db.DB)
	}
	stream, err := auditStream(n.db, o, m)
	if err != nil {
		return err
	}
	applier, err := ingest.New(n.db, nil)
	if err != nil {
		return err
	}
	applier.CountInto(m)
	m.WatchIntegration(integrationGauges(n.db))
	core, err := coreEvents(ctx, applier, o)
	if err != nil {
		return err
	}
	deliverer, err := coreCommands(ctx, n.db, o, m)
	if err != nil {
		return err
	}
	mailer := mail.New(n.db, n.box, o.smtp, nil)
	authService, err := auth.New(ctx, n.db, auth.Options{Secrets: n.box, Mailer: mailer, PublicURL: *o.publicURL})
	if err != nil {
		return err
	}
	// Background work starts once nothing above can fail: a stop during
	// start-up then ends the node cleanly, not with a half-started one's error.
	if stream != nil {
		go stream.Run(ctx)
	}
	if core != nil {
		go func() { core.Run(ctx); core.Close() }()
	}
	if deliverer != nil {
		go deliverer.Run(ctx)
	}
	go applier.ExpireEvery(ctx) // held events whose wait passed a day become dead letters
	go mailer.Run(ctx)
	go ratelimit.New(n.db, nil).PruneEvery(ctx)
	go pruner.PruneEvery(ctx) // on every node at once: a row is deleted once whoever gets there first
	go audit.CheckpointEvery(ctx, n.db)
	days := daytotals.New(n.db, nil) // one keeper of the closed days' sums for both services
	statsService, ledgerService := stats.New(n.db, nil, days), ledger.New(n.db, nil, days)
	go warm(ctx, statsService.Warm, ledgerService.Warm)
	if m != nil {
		go serveMetrics(*o.metricsAddr, m)
	}
	n.api = httpapi.NewServer(httpapi.Options{DB: n.db, Auth: authService, Stats: statsService, Ledger: ledgerService,
		Web: web.Dist(), GatewayKey: *o.gatewayKey, TrustedProxies: n.proxies, Metrics: m})
	n.srv = &http.Server{
		Handler:           n.api.Handler(),
		TLSConfig:         n.tls,
		ReadHeaderTimeout: 10 * time.Second,
		// A whole request, body included (1 MiB at most), within 30 s: a client trickling a byte every few
		// seconds no longer holds a connection for minutes. Replies have no overall limit (exports run long);
		// a download stalled by its client is cut by csvout.StallTimeout.
		ReadTimeout: 30 * time.Second,
		IdleTimeout: 2 * time.Minute,
		ErrorLog:    slog.NewLogLogger(slog.Default().Handler(), slog.LevelWarn),
	}
	return nil
}

// coreEvents connects to the exchange core's JetStream stream when --nats-url
// is set (nil when not): every node consumes through the one durable consumer.
func coreEvents(ctx context.Context, applier *ingest.Applier, o *serveOptions) (*corenats.Consumer, error) {
	if *o.natsURL == "" {
		return nil, nil
	}
	return corenats.Connect(ctx, corenats.Options{URL: *o.natsURL, Creds: *o.natsCreds, Stream: *o.natsStream, Applier: applier})
}

// coreCommands prepares the delivery of the commands to the core: to its
// JetStream with --nats-url, to --core-webhook-url, and with --demo to the
// simulated core; nil when none is set (the commands then wait).
func coreCommands(ctx context.Context, db *store.DB, o *serveOptions, m *metrics.Metrics) (*corecommands.Deliverer, error) {
	var sinks []corecommands.Sink
	if *o.natsURL != "" {
		c, err := corenats.ConnectCommands(ctx, *o.natsURL, *o.natsCreds)
		if err != nil {
			return nil, err
		}
		context.AfterFunc(ctx, c.Close)
		sinks = append(sinks, c)
	}
	if *o.coreURL != "" || *o.coreSecret != "" {
		sender, err := webhook.New("core-webhook-url", *o.coreURL, "core-webhook-secret", *o.coreSecret, nil)
		if err != nil {
			return nil, err
		}
		sinks = append(sinks, corecommands.Webhook{Sender: sender})
	}
	if *o.demo {
		sinks = append(sinks, demo.NewAnswerer(db, *o.demoCoreDelay))
	}
	if len(sinks) == 0 {
		return nil, nil
	}
	return corecommands.NewDeliverer(db, corecommands.Options{Sinks: sinks, Metrics: m})
}

// integrationGauges reads, at each scrape, the commands waiting for the
// core and the core's events kept aside.
func integrationGauges(db *store.DB) func(context.Context) (metrics.Integration, error) {
	return func(ctx context.Context) (metrics.Integration, error) {
		var i metrics.Integration
		var oldest time.Time
		var err error
		if i.CommandsWaiting, i.CommandsFailing, oldest, err = corecommands.Backlog(ctx, db); err != nil {
			return i, err
		}
		if !oldest.IsZero() {
			i.OldestWaiting = max(time.Since(oldest), 0)
		}
		if i.Held, i.Dead, err = ingest.Letters(ctx, db); err != nil {
			return i, err
		}
		sources, err := ingest.Sources(ctx, db)
		i.Lag = map[string]time.Duration{}
		for _, s := range sources {
			i.Lag[s.Name] = max(time.Since(s.LastEventAt), 0)
		}
		return i, err
	}
}

// auditStream prepares the delivery of the audit log to --audit-webhook-url,
// when set, on every node (one delivers at a time); nil when not set.
func auditStream(db *store.DB, o *serveOptions, m *metrics.Metrics) (*auditstream.Streamer, error) {
	if *o.auditURL == "" && *o.auditSecret == "" {
		return nil, nil
	}
	s, err := auditstream.New(db, auditstream.Options{URL: *o.auditURL, Secret: *o.auditSecret, Metrics: m})
	if err != nil {
		return nil, err
	}
	m.WatchAuditStream(s.Lag)
	return s, nil
}

// shutdown drains the node, then lets requests in flight finish within
// grace, and cuts those still running after it.
func (n *node) shutdown(drainDelay, grace time.Duration, served <-chan error) error {
	if err := drain(n.api, drainDelay, served); err != nil {
		return err
	}
	slog.Info("shutting down: finishing requests in flight", "grace", grace.String())
	shutdownCtx, cancel := context.WithTimeout(context.Background(), grace)
	defer cancel()
	if err := n.srv.Shutdown(shutdownCtx); err != nil {
		// The grace period is over: cut the connections still open, so their
		// clients see an aborted reply (a CSV download without its final
		// chunk) at once. Transactions still open roll back when the process
		// ends; nothing half-done is committed.
		_ = n.srv.Close()
		return fmt.Errorf("shutdown: requests still running after %s were cut off: %w", grace, err)
	}
	slog.Info("stopped: every request finished")
	return nil
}

// close gives back what open took.
func (n *node) close() {
	if n.db != nil {
		n.db.Close()
	}
	if n.ln != nil {
		n.ln.Close()
	}
}

// drain takes the node out of its balancer's rotation (/readyz answers 503)
// and keeps serving for delay, so that the balancer notices before the node
// stops taking requests: no request fails at a rolling restart.
func drain(api *httpapi.Server, delay time.Duration, served <-chan error) error {
	api.Drain()
	if delay <= 0 {
		return nil
	}
	slog.Info("draining: /readyz answers 503, requests still served", "for", delay.String())
	select {
	case err := <-served:
		return err
	case <-time.After(delay):
		return nil
	}
}

// serveMetrics serves the Prometheus exposition on its own listener, never on
// the public one.
func serveMetrics(addr string, m *metrics.Metrics) {
	mux := http.NewServeMux()
	mux.Handle("GET /metrics", m.Handler())
	srv := &http.Server{Addr: addr, Handler: mux, ReadHeaderTimeout: 10 * time.Second}
	slog.Warn("metrics listener stopped", "err", srv.ListenAndServe())
}

// pprofMux serves the profiles of net/http/pprof on their own listener,
// never on the public one.
func pprofMux() *http.ServeMux {
	mux := http.NewServeMux()
	mux.HandleFunc("/debug/pprof/", pprof.Index)
	mux.HandleFunc("/debug/pprof/profile", pprof.Profile)
	mux.HandleFunc("/debug/pprof/trace", pprof.Trace)
	return mux
}

// warm fills the dashboard's slow caches before the first viewer asks.
func warm(ctx context.Context, steps ...func(context.Context) error) {
	start := time.Now()
	for _, step := range steps {
		if err := step(ctx); err != nil {
			slog.Warn("warming caches failed", "err", err)
			return
		}
	}
	slog.Info("caches warm", "seconds", time.Since(start).Seconds())
}

// displayHost is host:port of a listener, with "localhost" for all interfaces.
func displayHost(addr net.Addr) string {
	host, port, _ := net.SplitHostPort(addr.String())
	if ip := net.ParseIP(host); ip == nil || ip.IsUnspecified() {
		host = "localhost"
	}
	return net.JoinHostPort(host, port)
}

// signInHost is displayHost with "localhost" for a loopback address too:
// browsers refuse passkeys on an IP address, so the printed link is the one
// where every way of signing in works.
func signInHost(addr net.Addr) string {
	host, port, _ := net.SplitHostPort(displayHost(addr))
	if ip := net.ParseIP(host); ip != nil && ip.IsLoopback() {
		host = "localhost"
	}
	return net.JoinHostPort(host, port)
}

func setupLogging(w io.Writer, format, level string) error {
	var lv slog.Level
	if err := lv.UnmarshalText([]byte(level)); err != nil {
		return fmt.Errorf("--log-level %q: %w", level, err)
	}
	opts := &slog.HandlerOptions{Level: lv}
	switch format {
	case "text":
		slog.SetDefault(slog.New(slog.NewTextHandler(w, opts)))
	case "json":
		slog.SetDefault(slog.New(slog.NewJSONHandler(w, opts)))
	default:
		return fmt.Errorf("--log-format %q: want text or json", format)
	}
	return nil
}

// printDemoSignIns writes the demo sign-ins to standard output (never to
// the log): the browser tests read this block.
func printDemoSignIns(ctx context.Context, db *store.DB, box *secrets.Box, scheme string, addr net.Addr) error {
	staff, err := demo.LoadStaff(ctx, db, box)
	if err != nil {
		return err
	}
	if len(staff) == 0 {
		fmt.Println("This database has no demo staff (it was filled by other means).")
		return nil
	}
	password, err := demo.StaffPassword(ctx, db, box)
	if err != nil {
		return err
	}
	first := staff[0]
	var b strings.Builder
	fmt.Fprintf(&b, "Xapa Back Office demo is ready.\n")
	fmt.Fprintf(&b, "  Sign in:     %s://%s/admin/login\n", scheme, signInHost(addr))
	fmt.Fprintf(&b, "  Username:    %s\n", first.Username)
	fmt.Fprintf(&b, "  Password:    %s\n", password)
	fmt.Fprintf(&b, "  TOTP secret: %s\n", first.TOTPSecret)
	fmt.Fprintf(&b, "\n  Other demo sign-ins (same password; add the secret to Google Authenticator).\n")
	fmt.Fprintf(&b, "  Each sees what the role beside it allows: sign in as one to try that role.\n")
	for _, s := range staff[1:] {
		role := s.Role
		if role == "" {
			role = "no permissions"
		}
		fmt.Fprintf(&b, "    %-11s %-15s TOTP secret: %s\n", s.Username, role, s.TOTPSecret)
	}
	fmt.Fprintf(&b, "\n  Authenticator links (open one on a phone, or turn it into a QR code, to add the account):\n")
	for _, s := range staff {
		fmt.Fprintf(&b, "    %-11s %s\n", s.Username, auth.OTPAuthURL(s.Email, s.TOTPSecret))
	}
	fmt.Fprintf(&b, "\n  To start the demo over: stop the server, then run make demo-reset and make run.\n")
	// The last line of the block: scripts reading it know it is whole.
	fmt.Fprintf(&b, "\n%s\n", demoBlockEnd)
	_, err = io.WriteString(os.Stdout, b.String()) // one write: a reader never sees half a block
	return err
}

// demoBlockEnd closes the printed block of demo sign-ins.
const demoBlockEnd = "Press Ctrl-C to stop the server."

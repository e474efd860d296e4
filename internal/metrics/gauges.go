package metrics

import (
	"context"
	"log/slog"
	"strconv"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/shopspring/decimal"
)

// CoinBalance is one coin's customer and company balances. A symbol may
// name coins of several chains (USDT), so the coin's id is a label too.
type CoinBalance struct {
	CoinID            int64
	Coin              string
	Customer, Company decimal.Decimal
}

// Business is what the business gauges read at each scrape. Its sources
// keep their answers for a few seconds (the dashboard's cache), so scrapes
// from several collectors cost the database no more than the dashboard does.
type Business struct {
	Balances func(context.Context) ([]CoinBalance, error)
	Pending  func(context.Context) (int, error)
}

// Cache names a cache and reads its figures' ages (memo.Cache.Ages).
type Cache struct {
	Name string
	Ages func() map[string]time.Duration
}

// scrapeTimeout bounds the business gauges' reads at one scrape.
const scrapeTimeout = 5 * time.Second

var (
	customerDesc = prometheus.NewDesc("backoffice_customer_balance",
		"Customers' balance on the main network, by coin (in the coin).", []string{"coin", "coin_id"}, nil)
	companyDesc = prometheus.NewDesc("backoffice_company_balance",
		"The company wallet's balance, by coin (in the coin).", []string{"coin", "coin_id"}, nil)
	ratioDesc = prometheus.NewDesc("backoffice_company_to_customer_ratio",
		"Company balance over customer balance, by coin (absent while customers hold none).", []string{"coin", "coin_id"}, nil)
	pendingDesc = prometheus.NewDesc("backoffice_pending_transactions",
		"Transactions waiting for confirmations.", nil, nil)
	streamLagDesc = prometheus.NewDesc("backoffice_audit_stream_lag",
		"The newest audit entry's id less the last one the audit stream's receiver acknowledged.", nil, nil)
	cacheAgeDesc = prometheus.NewDesc("backoffice_cache_age_seconds",
		"Age of the oldest value a cached figure serves now, by cache and figure.", []string{"cache", "figure"}, nil)
)

// Watch adds the business gauges and the caches' ages to the exposition.
func (m *Metrics) Watch(b Business, caches ...Cache) {
	if m != nil {
		m.registry.MustRegister(gauges{b, caches})
	}
}

// WatchAuditStream adds the audit stream's lag (auditstream.Lag), read from
// the database at each scrape, so every node reports it.
func (m *Metrics) WatchAuditStream(lag func(context.Context) (int64, error)) {
	if m != nil {
		m.registry.MustRegister(streamLag(lag))
	}
}

// streamLag reads the audit stream's lag when scraped.
type streamLag func(context.Context) (int64, error)

func (l streamLag) Describe(ch chan<- *prometheus.Desc) { ch <- streamLagDesc }

func (l streamLag) Collect(ch chan<- prometheus.Metric) {
	ctx, cancel := context.WithTimeout(context.Background(), scrapeTimeout)
	defer cancel()
	if n, err := l(ctx); err != nil {
		slog.Warn("metrics: audit stream lag", "err", err)
	} else {
		ch <- prometheus.MustNewConstMetric(streamLagDesc, prometheus.GaugeValue, float64(n))
	}
}

// gauges reads its figures when scraped.
type gauges struct {
	business Business
	caches   []Cache
}

func (g gauges) Describe(ch chan<- *prometheus.Desc) {
	for _, d := range []*prometheus.Desc{customerDesc, companyDesc, ratioDesc, pendingDesc, cacheAgeDesc} {
		ch <- d
	}
}

func (g gauges) Collect(ch chan<- prometheus.Metric) {
	ctx, cancel := context.WithTimeout(context.Background(), scrapeTimeout)
	defer cancel()
	if balances, err := g.business.Balances(ctx); err != nil {
		slog.Warn("metrics: balances", "err", err)
	} else {
		for _, b := range balances {
			id := strconv.FormatInt(b.CoinID, 10)
			ch <- prometheus.MustNewConstMetric(customerDesc, prometheus.GaugeValue, b.Customer.InexactFloat64(), b.Coin, id)
			ch <- prometheus.MustNewConstMetric(companyDesc, prometheus.GaugeValue, b.Company.InexactFloat64(), b.Coin, id)
			if b.Customer.IsPositive() {
				ch <- prometheus.MustNewConstMetric(ratioDesc, prometheus.GaugeValue, b.Company.Div(b.Customer).InexactFloat64(), b.Coin, id)
			}
		}
	}
	if n, err := g.business.Pending(ctx); err != nil {
		slog.Warn("metrics: pending transactions", "err", err)
	} else {
		ch <- prometheus.MustNewConstMetric(pendingDesc, prometheus.GaugeValue, float64(n))
	}
	for _, c := range g.caches {
		for figure, age := range c.Ages() {
			ch <- prometheus.MustNewConstMetric(cacheAgeDesc, prometheus.GaugeValue, age.Seconds(), c.Name, figure)
		}
	}
}

// Integration is how data flows between the core and the back office, read
// from the database at each scrape, so every node reports it.
type Integration struct {
	CommandsWaiting, CommandsFailing int                      // commands not yet taken; of them, those refused at least once
	OldestWaiting                    time.Duration            // the age of the oldest command not yet taken (0: none)
	Held, Dead                       int                      // the core's events held, and dead letters
	Lag                              map[string]time.Duration // per source: now less its newest applied event's time
}

var (
	commandsWaitingDesc = prometheus.NewDesc("backoffice_core_commands_waiting",
		"Commands to the core not yet taken by every receiver; failing: refused at least once.", []string{"state"}, nil)
	oldestWaitingDesc = prometheus.NewDesc("backoffice_core_command_oldest_waiting_seconds",
		"Age of the oldest command to the core not yet taken (0 when none waits).", nil, nil)
	lagDesc = prometheus.NewDesc("backoffice_ingest_lag_seconds",
		"Per source of the core's events: now less the time of its newest event applied.", []string{"source"}, nil)
	lettersDesc = prometheus.NewDesc("backoffice_ingest_letters",
		"The core's events kept aside: held (waiting for what they refer to) and dead letters.", []string{"state"}, nil)
)

// WatchIntegration adds the integration's gauges, read by read at each scrape.
func (m *Metrics) WatchIntegration(read func(context.Context) (Integration, error)) {
	if m != nil {
		m.registry.MustRegister(integration(read))
	}
}

type integration func(context.Context) (Integration, error)

func (integration) Describe(ch chan<- *prometheus.Desc) {
	for _, d := range []*prometheus.Desc{commandsWaitingDesc, oldestWaitingDesc, lettersDesc, lagDesc} {
		ch <- d
	}
}

func (read integration) Collect(ch chan<- prometheus.Metric) {
	ctx, cancel := context.WithTimeout(context.Background(), scrapeTimeout)
	defer cancel()
	i, err := read(ctx)
	if err != nil {
		slog.Warn("metrics: integration", "err", err)
		return
	}
	ch <- prometheus.MustNewConstMetric(commandsWaitingDesc, prometheus.GaugeValue, float64(i.CommandsWaiting), "waiting")
	ch <- prometheus.MustNewConstMetric(commandsWaitingDesc, prometheus.GaugeValue, float64(i.CommandsFailing), "failing")
	ch <- prometheus.MustNewConstMetric(oldestWaitingDesc, prometheus.GaugeValue, i.OldestWaiting.Seconds())
	ch <- prometheus.MustNewConstMetric(lettersDesc, prometheus.GaugeValue, float64(i.Held), "held")
	ch <- prometheus.MustNewConstMetric(lettersDesc, prometheus.GaugeValue, float64(i.Dead), "dead")
	for source, lag := range i.Lag {
		ch <- prometheus.MustNewConstMetric(lagDesc, prometheus.GaugeValue, lag.Seconds(), source)
	}
}

package metrics_test

import (
	"context"
	"os"
	"regexp"
	"testing"
	"time"

	"go.yaml.in/yaml/v3"

	"xapa/backoffice/internal/metrics"
)

// The example alert rules (deploy/alerts.yml) read only metrics the server
// exports: a renamed metric would leave an alert that never fires.
func TestAlertRulesNameExportedMetrics(t *testing.T) {
	raw, err := os.ReadFile("../../deploy/alerts.yml")
	if err != nil {
		t.Fatal(err)
	}
	var rules struct {
		Groups []struct {
			Rules []struct {
				Alert, Expr string
			}
		}
	}
	if err := yaml.Unmarshal(raw, &rules); err != nil {
		t.Fatal(err)
	}
	m := metrics.New(nil)
	m.WatchIntegration(func(context.Context) (metrics.Integration, error) {
		return metrics.Integration{Lag: map[string]time.Duration{"core": time.Second}}, nil
	})
	families, err := m.Registry().Gather()
	if err != nil {
		t.Fatal(err)
	}
	exported := map[string]bool{}
	for _, f := range families {
		exported[f.GetName()] = true
	}
	name := regexp.MustCompile(`backoffice_[a-z_]+`)
	alerts := 0
	for _, g := range rules.Groups {
		for _, r := range g.Rules {
			alerts++
			for _, n := range name.FindAllString(r.Expr, -1) {
				if !exported[n] {
					t.Errorf("alert %s reads %s, which the server does not export", r.Alert, n)
				}
			}
		}
	}
	if alerts != 3 {
		t.Errorf("%d alerts, want the lag, dead letters and a waiting command", alerts)
	}
}

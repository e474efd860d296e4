package config

import (
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/pem"
	"flag"
	"math/big"
	"os"
	"path/filepath"
	"testing"
	"time"
)

// writeSelfSigned writes a self-signed certificate for 127.0.0.1 and its key.
func writeSelfSigned(t *testing.T, dir string) (certFile, keyFile string) {
	t.Helper()
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	tmpl := &x509.Certificate{SerialNumber: big.NewInt(1), Subject: pkix.Name{CommonName: "backoffice.test"},
		NotBefore: time.Now().Add(-time.Hour), NotAfter: time.Now().Add(time.Hour), DNSNames: []string{"backoffice.test"}}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &key.PublicKey, key)
	if err != nil {
		t.Fatal(err)
	}
	keyDER, err := x509.MarshalECPrivateKey(key)
	if err != nil {
		t.Fatal(err)
	}
	certFile, keyFile = filepath.Join(dir, "cert.pem"), filepath.Join(dir, "key.pem")
	if err := os.WriteFile(certFile, pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: der}), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(keyFile, pem.EncodeToMemory(&pem.Block{Type: "EC PRIVATE KEY", Bytes: keyDER}), 0o600); err != nil {
		t.Fatal(err)
	}
	return certFile, keyFile
}

func TestTLSFlags(t *testing.T) {
	dir := t.TempDir()
	cert, key := writeSelfSigned(t, dir)
	t.Setenv("BACKOFFICE_TLS_KEY", key) // the environment equivalent of --tls-key
	fs := flag.NewFlagSet("t", flag.ContinueOnError)
	files := TLSFlags(fs)
	if err := Parse(fs, []string{"--tls-cert", cert}); err != nil {
		t.Fatal(err)
	}
	cfg, err := files.Load()
	if err != nil || cfg == nil || len(cfg.Certificates) != 1 || cfg.MinVersion != tls.VersionTLS12 {
		t.Fatalf("Load = %+v, %v", cfg, err)
	}
}

func TestTLSFilesLoad(t *testing.T) {
	dir := t.TempDir()
	cert, key := writeSelfSigned(t, dir)
	otherCert, _ := writeSelfSigned(t, t.TempDir())
	if cfg, err := (&TLSFiles{}).Load(); cfg != nil || err != nil {
		t.Fatalf("neither file: %v, %v; want plain HTTP", cfg, err)
	}
	for name, f := range map[string]TLSFiles{
		"cert only":         {Cert: cert},
		"key only":          {Key: key},
		"missing file":      {Cert: filepath.Join(dir, "nope.pem"), Key: key},
		"key of other cert": {Cert: otherCert, Key: key},
	} {
		if _, err := f.Load(); err == nil {
			t.Errorf("%s: want an error", name)
		}
	}
}

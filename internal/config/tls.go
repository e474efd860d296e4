package config

import (
	"crypto/tls"
	"errors"
	"flag"
	"fmt"
)

// TLSFiles are the certificate and key files of --tls-cert and --tls-key
// (BACKOFFICE_TLS_CERT, BACKOFFICE_TLS_KEY). Both empty serves plain HTTP.
type TLSFiles struct {
	Cert, Key string
}

// TLSFlags adds --tls-cert and --tls-key.
func TLSFlags(fs *flag.FlagSet) *TLSFiles {
	t := &TLSFiles{}
	fs.StringVar(&t.Cert, "tls-cert", "", "PEM certificate (chain) file: serve HTTPS; needs --tls-key")
	fs.StringVar(&t.Key, "tls-key", "", "PEM private key file of --tls-cert")
	return t
}

// Load reads the pair into a server TLS configuration (TLS 1.2 or later).
// It returns nil, nil when neither file is set, and an error when only one
// is or the pair does not load, so a misconfigured server fails at start.
func (t *TLSFiles) Load() (*tls.Config, error) {
	switch {
	case t.Cert == "" && t.Key == "":
		return nil, nil
	case t.Cert == "" || t.Key == "":
		return nil, errors.New("--tls-cert and --tls-key go together: set both or neither")
	}
	pair, err := tls.LoadX509KeyPair(t.Cert, t.Key)
	if err != nil {
		return nil, fmt.Errorf("--tls-cert/--tls-key: %w", err)
	}
	return &tls.Config{MinVersion: tls.VersionTLS12, Certificates: []tls.Certificate{pair}}, nil
}

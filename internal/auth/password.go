// Package auth holds the security primitives: password hashing, TOTP and
// (with the sign-in issue) sessions, captcha and throttling.
package auth

import (
	"crypto/rand"
	"crypto/subtle"
	"encoding/base64"
	"errors"
	"fmt"
	"runtime"
	"strings"
	"sync/atomic"
	"time"

	"golang.org/x/crypto/argon2"
)

// argon2id parameters: OWASP's recommended minimum (19 MiB, 2 passes).
const (
	argonMemory  = 19 * 1024
	argonTime    = 2
	argonThreads = 1
	argonKeyLen  = 32
)

// Every argon2id computation (19 MiB and tens of milliseconds of a core each)
// runs through one bounded pool: at most hashSlots at once in this process.
// An anonymous caller (sign-in, register, a reset link) waits for a slot at
// most anonymousWait (Options.AnonymousWait), and only while fewer than
// hashQueue callers wait;
// otherwise it gets ErrBusy at once (503 with Retry-After). A flood of
// sign-in calls thus costs a bounded amount of memory and CPU, and the other
// routes keep answering. Signed-in staff and the command-line tools
// (HashPassword) wait their turn patiently, up to staffWait.
var (
	hashSlots   = make(chan struct{}, min(max(runtime.GOMAXPROCS(0), 2), 4))
	hashWaiting atomic.Int32
	// HashesRun counts argon2id computations (tests check that a refused call ran none).
	HashesRun atomic.Int64
	// HashesRunning is how many run now.
	HashesRunning atomic.Int32
	// HashesPeak is the most that ever ran at once.
	HashesPeak atomic.Int32
)

const (
	anonymousWait = 2 * time.Second
	staffWait     = 30 * time.Second
	hashQueue     = 32
)

// HashSlots is how many argon2id computations may run at once.
func HashSlots() int { return cap(hashSlots) }

// ErrBusy refuses a password check or hash when the pool is full.
var ErrBusy = errors.New("The server is busy. Try again in a moment.")

// withHashSlot runs fn on a slot of the pool, waiting at most wait, or
// answers ErrBusy. Patient callers (staff, tools) wait whatever the queue;
// the others only while fewer than hashQueue wait.
func withHashSlot(patient bool, wait time.Duration, fn func()) error {
	select {
	case hashSlots <- struct{}{}:
	default:
		if !patient {
			if hashWaiting.Add(1) > hashQueue {
				hashWaiting.Add(-1)
				return ErrBusy
			}
			defer hashWaiting.Add(-1)
		}
		timer := time.NewTimer(wait)
		select {
		case hashSlots <- struct{}{}:
			timer.Stop()
		case <-timer.C:
			return ErrBusy
		}
	}
	defer func() { <-hashSlots }()
	HashesRun.Add(1)
	running := HashesRunning.Add(1)
	defer HashesRunning.Add(-1)
	// Raise the peak unless another call raised it past running first.
	peak := HashesPeak.Load()
	for running > peak && !HashesPeak.CompareAndSwap(peak, running) {
		peak = HashesPeak.Load()
	}
	fn()
	return nil
}

// HashPassword returns an argon2id hash in the PHC string format; for
// signed-in staff and tools, who wait their turn in the pool.
func HashPassword(password string) (string, error) { return hashPassword(true, staffWait, password) }

// hashForAnonymous is HashPassword for an anonymous caller (register, a reset
// link): a short wait, then ErrBusy.
func (s *Service) hashForAnonymous(password string) (string, error) {
	return hashPassword(false, s.anonymousWait, password)
}

func hashPassword(patient bool, wait time.Duration, password string) (string, error) {
	salt := make([]byte, 16)
	if _, err := rand.Read(salt); err != nil {
		return "", err
	}
	var key []byte
	if err := withHashSlot(patient, wait, func() { key = argon2.IDKey([]byte(password), salt, argonTime, argonMemory, argonThreads, argonKeyLen) }); err != nil {
		return "", err
	}
	b64 := base64.RawStdEncoding
	return fmt.Sprintf("$argon2id$v=%d$m=%d,t=%d,p=%d$%s$%s",
		argon2.Version, argonMemory, argonTime, argonThreads, b64.EncodeToString(salt), b64.EncodeToString(key)), nil
}

// CheckPassword reports whether password matches hash, in constant time;
// ErrBusy when the pool is full (its callers are anonymous, or hold a
// partial token, or confirm their own password: a short wait).
func CheckPassword(hash, password string) (bool, error) {
	return checkPassword(anonymousWait, hash, password)
}

// checkPassword is CheckPassword for the service's callers, who wait its
// anonymousWait for a slot.
func (s *Service) checkPassword(hash, password string) (bool, error) {
	return checkPassword(s.anonymousWait, hash, password)
}

func checkPassword(wait time.Duration, hash, password string) (bool, error) {
	parts := strings.Split(hash, "$")
	if len(parts) != 6 || parts[1] != "argon2id" {
		return false, nil
	}
	var m, t uint32
	var p uint8
	if _, err := fmt.Sscanf(parts[3], "m=%d,t=%d,p=%d", &m, &t, &p); err != nil {
		return false, nil
	}
	b64 := base64.RawStdEncoding
	salt, err1 := b64.DecodeString(parts[4])
	want, err2 := b64.DecodeString(parts[5])
	if err := errors.Join(err1, err2); err != nil || len(want) == 0 {
		return false, nil
	}
	var got []byte
	if err := withHashSlot(false, wait, func() { got = argon2.IDKey([]byte(password), salt, t, m, p, uint32(len(want))) }); err != nil {
		return false, err
	}
	return subtle.ConstantTimeCompare(got, want) == 1, nil
}

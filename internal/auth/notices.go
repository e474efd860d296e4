package auth

import (
	"context"
	"database/sql"
	"net/netip"
	"strings"

	"xapa/backoffice/internal/mail"
	"xapa/backoffice/internal/store"
	"xapa/backoffice/internal/utc"
)

// Notices by mail (issue 22): the owner of an account is told, in the
// transaction of the change, of a sign-in from a device or network not seen
// before, a second factor added or removed, and a changed email (at both
// addresses). Password changes and used recovery codes are told by
// passwordchange.go and recovery.go. No notice holds a secret or a link that
// signs anyone in.

// Notice is one such mail: what happened, to whom, from which address.
type Notice struct {
	To      string
	Subject string
	What    string // a sentence: what happened to the account
	IP      string // the address it was done from
}

// NotifyIn queues n in tx.
func (s *Service) NotifyIn(ctx context.Context, tx store.Execer, n Notice) error {
	return s.mailer.SendIn(ctx, tx, mail.Message{To: n.To, Subject: n.Subject,
		Body: n.What + " This happened at " + utc.Stamp(s.now()) + " (UTC) from the address " + n.IP + ".\n\n" +
			"If it was not you, ask for a reset link on the sign-in page (" + strings.TrimRight(s.publicURL, "/") + "/login), " +
			"and tell your administrator at once.\n"})
}

// RecentPlaces is how many of an account's latest full sessions a sign-in
// is compared with.
const RecentPlaces = 200

// notifyNewPlace tells the owner of an account, in tx, of a sign-in from a
// device (platform and model) or a network (the address's /24, or /48 for
// IPv6) that none of its latest full sessions came from.
func (s *Service) notifyNewPlace(ctx context.Context, tx *sql.Tx, p *Principal, meta ClientMeta) error {
	rows, err := tx.QueryContext(ctx, `SELECT platform, device_model, ip FROM sessions
		WHERE user_id = $1 AND kind = 'full' ORDER BY created_at DESC LIMIT $2`, p.UserID, RecentPlaces)
	if err != nil {
		return err
	}
	defer rows.Close()
	device, network := false, false
	here := networkOf(meta.IP)
	for rows.Next() {
		var platform, model, ip string
		if err := rows.Scan(&platform, &model, &ip); err != nil {
			return err
		}
		device = device || (platform == meta.Platform && model == meta.DeviceModel)
		network = network || (here.IsValid() && networkOf(ip) == here)
	}
	if err := rows.Err(); err != nil || (device && network) {
		return err
	}
	what := "a network"
	switch {
	case !device && !network:
		what = "a device and a network"
	case !device:
		what = "a device"
	}
	on := strings.TrimSpace(meta.Platform + " " + meta.DeviceModel)
	if on == "" {
		on = "an unnamed device"
	}
	return s.NotifyIn(ctx, tx, Notice{To: p.Email, Subject: "New sign-in to your Xapa Back Office account", IP: meta.IP,
		What: "Your Xapa Back Office account was signed in to from " + what + " not seen before (" + on + ")."})
}

// networkOf is the network an address is counted in: its /24, or its /48
// for IPv6 (invalid for an unreadable address).
func networkOf(ip string) netip.Prefix {
	addr, err := netip.ParseAddr(ip)
	if err != nil {
		return netip.Prefix{}
	}
	addr = addr.Unmap()
	bits := 24
	if addr.Is6() {
		bits = 48
	}
	p, _ := addr.Prefix(bits)
	return p
}

// SecondFactorOff is the notice of an account's authenticator switched off,
// by its owner (by "") or by the staff member by.
func SecondFactorOff(to, ip, by string) Notice {
	who := ""
	if by != "" {
		who = " by " + by
	}
	return Notice{To: to, Subject: "A second factor was removed from your Xapa Back Office account", IP: ip,
		What: "Google Authenticator was switched off for your Xapa Back Office account" + who + ". Your sessions were " +
			"signed out, your recovery codes and passkeys no longer work, and your next sign-in sets an authenticator up again."}
}

// EmailChanged are the notices of an account's email changed from old to
// next by the staff member by: one to each address.
func EmailChanged(old, next, ip, by string) []Notice {
	what := "The email address of your Xapa Back Office account was changed from " + old + " to " + next + " by " + by +
		". Your sessions were signed out; reset links now go to the new address."
	subject := "The email address of your Xapa Back Office account was changed"
	return []Notice{{To: old, Subject: subject, What: what, IP: ip}, {To: next, Subject: subject, What: what, IP: ip}}
}

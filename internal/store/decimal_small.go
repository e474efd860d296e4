package store

import "github.com/shopspring/decimal"

// smallSum adds decimals of up to 18 digits as one int64 count of
// 10^-scale, the common case of money sums: no allocation per value. A value
// it cannot take (more digits, another notation, an overflow) is refused and
// left to the caller's exact decimal; value adds the two.
type smallSum struct {
	n     int64
	scale int32
}

// pow10 holds 10^0 … 10^18, the powers an int64 holds.
var pow10 = func() [19]int64 {
	var p [19]int64
	p[0] = 1
	for i := 1; i < len(p); i++ {
		p[i] = p[i-1] * 10
	}
	return p
}()

// parseSmall reads a plain decimal, -?digits(.digits)?, of at most 18
// digits, as n × 10^-scale; anything else is refused.
func parseSmall(s string) (n int64, scale int32, ok bool) {
	i, neg := 0, false
	if len(s) > 0 && s[0] == '-' {
		i, neg = 1, true
	}
	digits, dot := 0, -1
	for ; i < len(s); i++ {
		c := s[i]
		switch {
		case c >= '0' && c <= '9':
			digits++
			if digits > 18 {
				return 0, 0, false
			}
			n = n*10 + int64(c-'0')
		case c == '.' && dot < 0 && digits > 0:
			dot = digits
		default:
			return 0, 0, false
		}
	}
	if digits == 0 || dot == digits {
		return 0, 0, false // no digit, or none after the point
	}
	if dot >= 0 {
		scale = int32(digits - dot)
	}
	if neg {
		n = -n
	}
	return n, scale, true
}

// add adds n × 10^-scale, or reports that it cannot without overflow (then
// nothing changed).
func (s *smallSum) add(n int64, scale int32) bool {
	total, at := s.n, s.scale
	if scale > at {
		var ok bool
		if total, ok = scaleUp(total, scale-at); !ok {
			return false
		}
		at = scale
	} else if scale < at {
		var ok bool
		if n, ok = scaleUp(n, at-scale); !ok {
			return false
		}
	}
	sum := total + n
	if (n > 0 && sum < total) || (n < 0 && sum > total) {
		return false
	}
	s.n, s.scale = sum, at
	return true
}

// scaleUp multiplies n by 10^by, unless the product overflows.
func scaleUp(n int64, by int32) (int64, bool) {
	if by >= int32(len(pow10)) {
		return 0, n == 0
	}
	f := pow10[by]
	if n > (1<<63-1)/f || n < -(1<<63-1)/f {
		return 0, false
	}
	return n * f, true
}

func (s *smallSum) value() decimal.Decimal { return decimal.New(s.n, -s.scale) }

package store

import (
	"database/sql/driver"
	"fmt"
	"sync"

	"github.com/shopspring/decimal"
	"modernc.org/sqlite"
)

var registerOnce sync.Once

// RegisterSQLiteFunction adds a scalar function of n arguments (-1: any
// number) to every SQLite connection opened from now on; a package calls it
// from its init, before any is. Its text arguments are valid only during the
// call (the driver's VolatileArgs: not copied); what it returns is copied.
func RegisterSQLiteFunction(name string, n int, fn func(args []driver.Value) (driver.Value, error)) {
	sqlite.MustRegisterFunction(name, &sqlite.FunctionImpl{
		NArgs:         int32(n),
		Deterministic: true,
		VolatileArgs:  true,
		Scalar: func(_ *sqlite.FunctionContext, args []driver.Value) (driver.Value, error) {
			return fn(args)
		},
	})
}

// registerSQLiteFunctions adds exact decimal arithmetic to SQLite, which has
// none built in: money is stored as decimal text and dec_sum / dec_mul
// compute on it exactly, matching sum() and * over NUMERIC in PostgreSQL.
func registerSQLiteFunctions() {
	registerOnce.Do(func() {
		sqlite.MustRegisterFunction("dec_sum", &sqlite.FunctionImpl{
			NArgs:         1,
			Deterministic: true,
			VolatileArgs:  true, // values are parsed at once, never kept
			MakeAggregate: func(sqlite.FunctionContext) (sqlite.AggregateFunction, error) {
				return &decSum{}, nil
			},
		})
		sqlite.MustRegisterFunction("dec_mul", &sqlite.FunctionImpl{
			NArgs:         2,
			Deterministic: true,
			VolatileArgs:  true,
			Scalar: func(_ *sqlite.FunctionContext, args []driver.Value) (driver.Value, error) {
				a, okA, err := decimalArg(args[0])
				if err != nil || !okA {
					return nil, err
				}
				b, okB, err := decimalArg(args[1])
				if err != nil || !okB {
					return nil, err
				}
				return a.Mul(b).String(), nil
			},
		})
	})
}

// decSum is dec_sum: values of up to 18 digits (nearly all money) add up
// in an int64 without allocating; the others as exact decimals.
type decSum struct {
	small smallSum
	sum   decimal.Decimal
	rows  int
}

func (s *decSum) Step(_ *sqlite.FunctionContext, args []driver.Value) error { return s.add(args[0], 1) }

func (s *decSum) WindowInverse(_ *sqlite.FunctionContext, args []driver.Value) error {
	return s.add(args[0], -1)
}

// add adds v (sign 1) or takes it away (sign -1).
func (s *decSum) add(v driver.Value, sign int64) error {
	if text, ok := v.(string); ok {
		if n, scale, ok := parseSmall(text); ok && s.small.add(sign*n, scale) {
			s.rows += int(sign)
			return nil
		}
	}
	d, ok, err := decimalArg(v)
	if err != nil || !ok {
		return err
	}
	if sign < 0 {
		d = d.Neg()
	}
	s.sum = s.sum.Add(d)
	s.rows += int(sign)
	return nil
}

func (s *decSum) WindowValue(*sqlite.FunctionContext) (driver.Value, error) {
	if s.rows == 0 {
		return nil, nil
	}
	return s.sum.Add(s.small.value()).String(), nil
}

func (s *decSum) Final(*sqlite.FunctionContext) {}

// decimalArg reads a money value; ok is false for NULL. A float is refused:
// it could not have been stored exactly.
func decimalArg(v driver.Value) (d decimal.Decimal, ok bool, err error) {
	switch x := v.(type) {
	case nil:
		return d, false, nil
	case string:
		d, err = decimal.NewFromString(x)
	case []byte:
		d, err = decimal.NewFromString(string(x))
	case int64:
		d = decimal.NewFromInt(x)
	default:
		err = fmt.Errorf("decimal: unsupported value of type %T", v)
	}
	return d, err == nil, err
}

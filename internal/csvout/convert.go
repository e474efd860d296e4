package csvout

import (
	"fmt"
	"strconv"
	"time"
)

func toString(v any) string {
	switch x := v.(type) {
	case int:
		return strconv.Itoa(x)
	case int64:
		return strconv.FormatInt(x, 10)
	case bool:
		return strconv.FormatBool(x)
	case time.Time:
		return x.UTC().Format("2006-01-02 15:04:05")
	case fmt.Stringer:
		return x.String()
	case nil:
		return ""
	}
	return fmt.Sprint(v)
}

package apitest

import (
	"encoding/json"
	"testing"
)

func TestContains(t *testing.T) {
	var got any
	_ = json.Unmarshal([]byte(`{"code":400,"message":"bad","errors":[{"field":"email","message":"taken"}],"extra":1}`), &got)
	for _, c := range []struct {
		want string
		ok   bool
	}{
		{`{"code":400}`, true},
		{`{"errors":[{"field":"email"}]}`, true},
		{`{"code":401}`, false},
		{`{"errors":[]}`, false},
		{`{"missing":true}`, false},
		{`{"message":null}`, false},
		{`{"code":"400"}`, false},
	} {
		var want any
		_ = json.Unmarshal([]byte(c.want), &want)
		if err := Contains(got, want, "$"); (err == nil) != c.ok {
			t.Errorf("Contains(%s) = %v, want ok=%v", c.want, err, c.ok)
		}
	}
}

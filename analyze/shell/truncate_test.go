package shell

import (
	"strings"
	"testing"
)

// TestTruncatedExamples: a handler never reads past the end of a command.
// Every rule example that is one plain command is analysed cut after each
// of its words, with each single word removed, and with its option values
// dropped (an option left with nothing after it): the analysis returns
// whatever the command is missing.
func TestTruncatedExamples(t *testing.T) {
	seen := map[string]bool{}
	n := 0
	for _, r := range Rules() {
		for _, ex := range r.Match {
			words, ok := plainWords(ex)
			if !ok || len(words) < 2 {
				continue
			}
			var variants [][]string
			for k := 1; k < len(words); k++ {
				variants = append(variants, words[:k])
				cut := append(append([]string{}, words[:k]...), words[k+1:]...)
				variants = append(variants, cut)
			}
			// Every option word moved to the end, where it has no value.
			for k := 1; k < len(words); k++ {
				if strings.HasPrefix(words[k], "-") {
					v := append(append([]string{}, words[:k]...), words[k+1:]...)
					variants = append(variants, append(v, words[k]))
				}
			}
			for _, v := range variants {
				src := strings.Join(v, " ")
				if seen[src] {
					continue
				}
				seen[src] = true
				n++
				analyzeNoPanic(t, r.ID, src)
			}
		}
	}
	if n < 1000 {
		t.Fatalf("only %d truncated spellings generated", n)
	}
	t.Logf("%d truncated spellings", n)
}

func analyzeNoPanic(t *testing.T, id, src string) {
	t.Helper()
	defer func() {
		if p := recover(); p != nil {
			t.Errorf("%s: %q panics: %v", id, src, p)
		}
	}()
	if res := Analyze(src, Options{Cwd: "/home/dev/project", Home: "/home/dev"}); res == nil {
		t.Errorf("%s: %q: nil result", id, src)
	}
}

// TestMissingOperands: commands named by a subcommand but missing the
// operands the subcommand needs are analysed without reading past the end.
func TestMissingOperands(t *testing.T) {
	for _, src := range []string{
		"rabbitmqctl set_permissions", "rabbitmqctl set_permissions -p /prod", "rabbitmqctl set_user_tags",
		"rabbitmqctl set_topic_permissions --vhost", "rabbitmqadmin delete", "rabbitmqadmin delete queue",
		"rabbitmq-queues delete_member", "nats stream", "nats consumer rm",
	} {
		analyzeNoPanic(t, "missing operands", src)
	}
}

// TestInfraSubReadsItsOwnWords: a view of a command from a later word is
// read again, not through the parent's reading of all its words.
func TestInfraSubReadsItsOwnWords(t *testing.T) {
	c := Analyze("kubectl -n prod delete pod web", Options{}).Commands[0]
	if got := strings.Join(c.Positional(), " "); got != "delete pod web" {
		t.Fatalf("kubectl's words = %q", got)
	}
	for from := 0; from <= len(c.Args)+1; from++ {
		s := infraSub(c, from)
		want := positionalLiteral(s.Args, []string{"-n"})
		if got := s.Positional(); strings.Join(got, " ") != strings.Join(want, " ") {
			t.Errorf("view from word %d (%q): words %q, want %q", from, s.Args, got, want)
		}
	}
}

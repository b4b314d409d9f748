package shell

import (
	"fmt"
	"slices"
	"strings"
	"testing"
)

// redisStdinForms are ways to give a Redis client the command CMD (its
// words joined by spaces) on standard input; OPTS are the client's
// options. Each must be judged as redis-cli OPTS CMD is.
var redisStdinForms = []string{
	"echo {CMD} | redis-cli {OPTS}",
	"echo '{CMD}' | redis-cli {OPTS}",
	"printf '{CMD}\\n' | redis-cli {OPTS}",
	"printf '%s\\n' '{CMD}' | redis-cli {OPTS}",
	"redis-cli {OPTS} <<< '{CMD}'",
	"redis-cli {OPTS} <<EOF\nPING\n{CMD}\nEOF",
	"echo '{CMD}' > /tmp/cmds.txt && redis-cli {OPTS} < /tmp/cmds.txt",
	"printf '{CMD}\\n' > cmds.txt; cat cmds.txt | redis-cli {OPTS}",
	"echo '{CMD}' | redis-cli {OPTS} --pipe",
	"printf '{RESP}' | redis-cli {OPTS} --pipe",
	"echo '{CMD}' | valkey-cli {OPTS}",
}

// redisResp is a command in the Redis protocol, as printf writes it.
func redisResp(words []string) string {
	var b strings.Builder
	fmt.Fprintf(&b, `*%d\r\n`, len(words))
	for _, w := range words {
		fmt.Fprintf(&b, `$%d\r\n%s\r\n`, len(w), w)
	}
	return b.String()
}

// redisExamples splits each example of the Redis rules into its client
// options and its command words: redis-cli -h cache.internal -n 2 flushdb
// gives ("-h cache.internal -n 2", [flushdb]). Examples the stdin forms
// cannot carry (pipes, quotes, cluster mode) are left out.
func redisExamples(t *testing.T, match bool) map[string][2]string {
	t.Helper()
	out := map[string][2]string{}
	for _, rl := range svcStoreRules {
		if !strings.HasPrefix(rl.ID, "shell.redis.") {
			continue
		}
		exs := rl.NoMatch
		if match {
			exs = rl.Match
		}
		for _, ex := range exs {
			if !strings.HasPrefix(ex, "redis-cli ") || strings.ContainsAny(ex, "|'\"*") || strings.Contains(ex, "--") {
				continue
			}
			c := testCmd(strings.Fields(ex)...)
			words := c.Positional()
			if len(words) == 0 {
				continue
			}
			opts := strings.TrimSpace(strings.TrimSuffix(strings.TrimPrefix(ex, "redis-cli"), strings.Join(words, " ")))
			out[ex] = [2]string{opts, strings.Join(words, " ")}
		}
	}
	if len(out) < 5 {
		t.Fatalf("only %d usable Redis examples: the rule examples changed shape", len(out))
	}
	return out
}

func redisStdinCommand(form, opts, cmd string) string {
	return strings.NewReplacer("{OPTS}", opts, "{CMD}", cmd, "{RESP}", redisResp(strings.Fields(cmd))).Replace(form)
}

// TestRedisStdinLikeLine: every example of the Redis rules, harmful and
// benign, fed on standard input in every form, gets the Redis findings it
// gets on the command line, no more and no fewer.
func TestRedisStdinLikeLine(t *testing.T) {
	for _, match := range []bool{true, false} {
		for ex, oc := range redisExamples(t, match) {
			want := redisFindings(Analyze(ex, exampleOptions))
			if match && want == "" {
				t.Fatalf("%q: the rule example has no Redis finding on the line", ex)
			}
			for _, form := range redisStdinForms {
				cmd := redisStdinCommand(form, oc[0], oc[1])
				if got := redisFindings(Analyze(cmd, exampleOptions)); got != want {
					t.Errorf("%q: got %q, want %q as for %q", cmd, got, want, ex)
				}
			}
		}
	}
}

// redisFindings lists a result's Redis findings, sorted and joined.
func redisFindings(res *Result) string {
	var ids []string
	for _, id := range ruleIDs(res) {
		if strings.HasPrefix(id, "shell.redis.") {
			ids = append(ids, id)
		}
	}
	slices.Sort(ids)
	return strings.Join(slices.Compact(ids), " ")
}

// TestRedisStdinIgnoredWhenArgs: with command words on the line, or -x
// (standard input is the last argument), the input is data, not commands.
func TestRedisStdinIgnoredWhenArgs(t *testing.T) {
	for _, cmd := range []string{
		"echo FLUSHALL | redis-cli -x SET note",
		"echo FLUSHALL | redis-cli GET key",
		"redis-cli -x HSET h f <<< 'FLUSHDB'",
	} {
		if id := redisFindings(Analyze(cmd, exampleOptions)); id != "" {
			t.Errorf("%q: the input is data, got %s", cmd, id)
		}
	}
}

func TestRedisSplitArgs(t *testing.T) {
	for in, want := range map[string]string{
		`SET a "b c"`:                        "SET|a|b c",
		`SET 'it\'s' x`:                      "SET|it's|x",
		`"\x46LUSHALL"`:                      "FLUSHALL",
		`  CONFIG   SET  dir ` + "\t" + `/x`: "CONFIG|SET|dir|/x",
		`"unterminated`:                      "unterminated",
		`a"b"c`:                              "abc",
	} {
		if got := strings.Join(redisSplitArgs(in), "|"); got != want {
			t.Errorf("redisSplitArgs(%q) = %q, want %q", in, got, want)
		}
	}
}

// FuzzRedisInput: the reader of a Redis client's input never panics,
// and every command it returns has words only from the input.
func FuzzRedisInput(f *testing.F) {
	for _, s := range []string{
		"FLUSHALL\n", "*1\r\n$8\r\nFLUSHALL\r\n", "*3\r\n$3\r\nSET\r\n$1\r\na\r\n", "*-1\r\n", "*2\r\n$3\r\n",
		`SET "a\x4" 'b\'`, "\"\\", "'", "*99999999999999999999\n",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		total := 0
		for _, words := range redisInputCommands(s) {
			for _, w := range words {
				total += len(w)
			}
		}
		if total > len(s) {
			t.Fatalf("read %d bytes of words from %d bytes of input", total, len(s))
		}
	})
}

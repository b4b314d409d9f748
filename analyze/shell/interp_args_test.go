package shell

import (
	"bufio"
	"os"
	"strconv"
	"strings"
	"testing"
)

// TestInterpreterArgs reads every interpreter command line of
// testdata/interp/args.txt and checks what it runs.
func TestInterpreterArgs(t *testing.T) {
	f, err := os.Open("testdata/interp/args.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	n, cases := 0, 0
	for sc.Scan() {
		n++
		line := sc.Text()
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		cmdline, want, ok := strings.Cut(line, "\t")
		if !ok {
			t.Fatalf("args.txt:%d: no tab", n)
		}
		words := strings.Fields(cmdline)
		name := strings.ToLower(words[0])
		lang := langOf(name)
		a := parseInterpArgs(lang, name, words[1:])
		got := "-"
		switch {
		case len(a.codes) > 0:
			got = "code:" + strings.Join(a.codes, ",")
		case a.module >= 0:
			got = "module:" + words[1+a.module]
		case a.module < -1:
			arg := words[1+(-2-a.module)]
			got = "module:" + arg[strings.IndexByte(arg, 'm')+1:]
		case a.file >= 0:
			got = "file:" + strconv.Itoa(a.file)
		}
		if got != want {
			t.Errorf("args.txt:%d: %s\n\tgot %s, want %s", n, cmdline, got, want)
		}
		cases++
	}
	if cases < 100 {
		t.Errorf("only %d cases", cases)
	}
}

// TestPowerShellEncodedSpellings: every spelling of -EncodedCommand is
// decoded, and a payload that does not decode is obfuscation, not a pass.
func TestPowerShellEncodedSpellings(t *testing.T) {
	payload := utf16Base64("Remove-Item -Recurse -Force $env:USERPROFILE")
	for _, flag := range []string{"-EncodedCommand", "-encodedcommand", "-ENCODEDCOMMAND", "-enc", "-Enc", "-e", "-E", "-ec", "-en", "-encoded", "--encodedcommand", "/enc"} {
		for _, prefix := range []string{"pwsh", "powershell", "pwsh -NoProfile -NonInteractive", "powershell.exe -nop -w hidden"} {
			cmd := prefix + " " + flag + " " + payload
			res := Analyze(cmd, exampleOptions)
			if !hasRule(res, ruleObfuscated.ID) || !hasRule(res, ruleRmHome.ID) {
				t.Errorf("%s: want %s and %s, found %v", cmd, ruleObfuscated.ID, ruleRmHome.ID, ruleIDs(res))
			}
		}
	}
	res := Analyze("pwsh -enc not-base64!", exampleOptions)
	if got := verdictClass(res.Findings); got != "approve" || !hasRule(res, ruleObfuscated.ID) {
		t.Errorf("an undecodable encoded command: %s %v, want approve by %s", got, ruleIDs(res), ruleObfuscated.ID)
	}
}

func utf16Base64(s string) string {
	b := make([]byte, 0, 2*len(s))
	for _, r := range s {
		b = append(b, byte(r), byte(r>>8))
	}
	return b64(string(b))
}

package shell

import (
	"slices"
	"strings"
	"testing"
)

// The infrastructure CLIs read through their spec blocks: every rule
// example of theirs keeps firing with each value option respelled
// (attached, detached, by each of its names), moved before the command, an
// unknown option added anywhere, a switch clustered with a value option,
// and each of the spec's switches added. A value that reads like a command
// ("-n delete") is never the command. The variants are generated from the
// rules' examples and the specs, not listed.

// infraSpecPrograms are the programs the infra_*.go handlers read through
// their spec blocks.
var infraSpecPrograms = []string{
	"velero", "gitlab-runner", "circleci", "argocd", "flux", "cdk", "cdktf", "serverless", "sls", "sam", "sst",
	"amplify", "copilot", "eb", "kops", "kind", "minikube", "k3d", "helmfile", "heroku", "fly", "flyctl",
	"vercel", "netlify", "firebase", "supabase", "mc", "mcli", "azcopy", "s5cmd",
}

// Switches that ask for a preview, help or a read: adding one may rightly
// quiet a command.
var infraQuietingSwitches = []string{"--dry-run", "--fake", "--help", "--version", "--export", "--preview-changes", "--shallow"}

// infraExample is one rule example of a program in infraSpecPrograms.
type infraExample struct {
	rule  string
	words []string
	av    *Argv
}

func infraExamples(t *testing.T) []infraExample {
	t.Helper()
	var out []infraExample
	seen := map[string]bool{}
	for _, r := range Rules() {
		for _, ex := range r.Match {
			words, ok := plainExample(ex)
			if !ok || !slices.Contains(infraSpecPrograms, progName(words[0])) {
				continue
			}
			seen[progName(words[0])] = true
			out = append(out, infraExample{rule: r.ID, words: words, av: exampleArgv(words)})
		}
	}
	for _, p := range infraSpecPrograms {
		if SpecFor(p) == nil {
			t.Errorf("%s has no spec block", p)
		}
	}
	if len(seen) < 20 {
		t.Fatalf("rule examples found for only %d of the infrastructure programs: %v", len(seen), seen)
	}
	return out
}

func infraWeight(cmd string) (int, []string) {
	res := Analyze(cmd, exampleOptions)
	m := 0
	for _, f := range res.Findings {
		m = max(m, f.Points)
	}
	return m, ruleIDs(res)
}

// valueSpellings returns every way of writing option o with value v that
// the spec s reads as o with v.
func valueSpellings(s *Spec, o *OptSpec, v string) [][]string {
	var out [][]string
	for _, n := range o.Names {
		short := len(n) == 2 && n[0] == '-'
		switch o.valueOf(n) {
		case valueRequired:
			switch {
			case short && s.Clusters():
				out = append(out, []string{n + v}, []string{n, v})
			case short:
				out = append(out, []string{n, v})
			default:
				out = append(out, []string{n + "=" + v}, []string{n, v})
			}
		case valueOptional:
			switch {
			case short && s.Clusters():
				out = append(out, []string{n + v})
			case !short:
				out = append(out, []string{n + "=" + v})
			}
		}
	}
	return out
}

// splice returns words with words[from:to] replaced by repl, inserted at
// at (an index in the result after the removal).
func splice(words []string, from, to int, repl []string, at int) []string {
	rest := slices.Concat(words[:from], words[to:])
	at = min(at, len(rest))
	return slices.Concat(rest[:at], repl, rest[at:])
}

// optionSpan returns the words (indices into the example's words) the
// option takes, or false when it is part of a cluster.
func optionSpan(words []string, o Opt) (int, int, bool) {
	w := words[o.Arg+1]
	if len(o.Spelled) == 2 && len(w) > 2 && w[1] != '-' && !strings.HasPrefix(w, o.Spelled) {
		return 0, 0, false
	}
	if len(o.Spelled) == 2 && len(w) > 2 && o.ValueArg < 0 && w[2:] != o.Value && w[2:] != "="+o.Value {
		return 0, 0, false // a cluster that ends with this option
	}
	end := o.Arg + 2
	if o.ValueArg >= 0 {
		end = o.ValueArg + 1 + o.ValueLen
	}
	return o.Arg + 1, end, true
}

func TestInfraSpecValueSpellings(t *testing.T) {
	checked := 0
	for _, ex := range infraExamples(t) {
		for _, o := range ex.av.Opts {
			if o.Unknown || o.Ambiguous || !o.HasValue || strings.ContainsAny(o.Value, " ") {
				continue
			}
			from, to, ok := optionSpan(ex.words, o)
			if !ok {
				continue
			}
			s := ex.av.specs[o.level]
			spec := optSpecOf(s, o.Name)
			// Where the option may stand: where it was, right after the
			// program (at the top level), and at the end (before no "--").
			places := []int{from}
			if o.level == 0 {
				places = append(places, 1)
			}
			if ex.av.optsDone < 0 {
				places = append(places, len(ex.words)-(to-from))
			}
			for _, sp := range valueSpellings(s, spec, o.Value) {
				for _, at := range places {
					v := strings.Join(splice(ex.words, from, to, sp, at), " ")
					checked++
					if !findings(v)[ex.rule] {
						t.Errorf("%s: %q fires but %q does not (found %v)", ex.rule, strings.Join(ex.words, " "), v, ruleIDs(Analyze(v, exampleOptions)))
					}
				}
			}
		}
	}
	if checked < 200 {
		t.Fatalf("only %d value spellings were generated: the examples lost their options", checked)
	}
	t.Logf("%d value spellings checked", checked)
}

// unknownLetter returns a single-letter option s does not list.
func unknownLetter(s *Spec) string {
	for _, c := range "ZQWJKGXYUBDFHIMOPRSTVNLEAC" {
		if s.findShort(byte(c)) == nil {
			return "-" + string(c)
		}
	}
	return ""
}

func TestInfraSpecUnknownOptions(t *testing.T) {
	checked := 0
	for _, ex := range infraExamples(t) {
		s := ex.av.specs[0]
		unknown := []string{"--frobnicate", "--frobnicate=1"}
		if l := unknownLetter(s); l != "" {
			unknown = append(unknown, l)
		}
		places := []int{1}
		if ex.av.optsDone < 0 {
			places = append(places, len(ex.words), len(ex.words)-1)
		}
		for _, u := range unknown {
			for _, at := range places {
				words := slices.Insert(slices.Clone(ex.words), at, u)
				v := strings.Join(words, " ")
				checked++
				if !findings(v)[ex.rule] {
					t.Errorf("%s: %q fires but %q does not: an unknown option made it look safe (found %v)", ex.rule, strings.Join(ex.words, " "), v, ruleIDs(Analyze(v, exampleOptions)))
				}
				name, _, _ := strings.Cut(u, "=")
				if at == 1 && !slices.ContainsFunc(exampleArgv(words).Unknown(), func(o Opt) bool { return o.Name == name }) {
					t.Errorf("%q: %s is not reported as an unknown option", v, u)
				}
			}
		}
	}
	if checked < 300 {
		t.Fatalf("only %d unknown-option variants were generated", checked)
	}
	t.Logf("%d unknown-option variants checked", checked)
}

// TestInfraSpecSwitches: each switch a spec lists, added to a rule example
// (alone or clustered with a value option), never swallows a word and
// never lowers the finding (a switch may raise it: --all, --recursive).
func TestInfraSpecSwitches(t *testing.T) {
	checked := 0
	for _, ex := range infraExamples(t) {
		base, _ := infraWeight(strings.Join(ex.words, " "))
		s := ex.av.specs[0]
		var switches []*OptSpec
		for i := range s.opts {
			o := &s.opts[i]
			if o.Value == valueNone && !slices.Contains(infraQuietingSwitches, o.Canon) && o.Tags == 0 {
				switches = append(switches, o)
			}
		}
		check := func(words []string) {
			v := strings.Join(words, " ")
			checked++
			if got, ids := infraWeight(v); got < base {
				t.Errorf("%s: %q weighs %d but %q weighs %d (found %v)", ex.rule, strings.Join(ex.words, " "), base, v, got, ids)
			}
		}
		for _, sw := range switches {
			for _, n := range sw.Names {
				check(slices.Insert(slices.Clone(ex.words), 1, n))
			}
		}
		if !s.Clusters() {
			continue
		}
		// A short switch in front of a short value option: -bx V and -bxV.
		var letter string
		for _, sw := range switches {
			for _, n := range sw.Names {
				if len(n) == 2 && letter == "" {
					letter = n[1:]
				}
			}
		}
		if letter == "" {
			continue
		}
		for _, o := range ex.av.Opts {
			if o.Unknown || o.level != 0 || !o.HasValue || o.ValueArg < 0 || len(o.Spelled) != 2 || ex.words[o.Arg+1] != o.Spelled {
				continue
			}
			for _, repl := range [][]string{{"-" + letter + o.Spelled[1:], o.Value}, {"-" + letter + o.Spelled[1:] + o.Value}} {
				check(splice(ex.words, o.Arg+1, o.ValueArg+1+o.ValueLen, repl, o.Arg+1))
			}
		}
	}
	if checked < 300 {
		t.Fatalf("only %d switch variants were generated", checked)
	}
	t.Logf("%d switch variants checked", checked)
}

// TestInfraSpecValueIsNotTheCommand: a word that names a destructive
// command, given as the value of an option before a read, is the value:
// the read stays quiet, in every spelling of every value option the spec
// lists.
func TestInfraSpecValueIsNotTheCommand(t *testing.T) {
	reads := map[string]string{
		"velero": "backup get", "gitlab-runner": "list", "circleci": "config validate", "argocd": "app list",
		"flux": "get kustomizations", "cdk": "synth", "cdktf": "synth", "serverless": "info", "sls": "info", "sam": "validate",
		"sst": "diff", "amplify": "status", "copilot": "app ls", "eb": "status", "kops": "get clusters", "kind": "get clusters",
		"minikube": "status", "k3d": "cluster list", "helmfile": "diff", "heroku": "apps:info", "fly": "status", "flyctl": "status",
		"vercel": "ls", "netlify": "status", "firebase": "projects:list", "supabase": "projects list", "mc": "ls local/b",
		"mcli": "ls local/b", "azcopy": "list https://a.blob.core.windows.net/c", "s5cmd": "ls s3://b",
	}
	verbs := []string{"delete", "destroy", "rm", "remove", "uninstall", "terminate", "reset"}
	checked := 0
	for _, prog := range infraSpecPrograms {
		read, ok := reads[prog]
		if !ok {
			t.Errorf("%s: no read to test", prog)
			continue
		}
		plain := prog + " " + read
		base, ids := infraWeight(plain)
		if base > 0 {
			t.Errorf("%q is a read but weighs %d (%v)", plain, base, ids)
		}
		s := SpecFor(prog)
		for i := range s.opts {
			o := &s.opts[i]
			if o.Value == valueNone || o.Tags&(TagCwd|TagExec) != 0 {
				continue
			}
			for k, verb := range verbs {
				sps := valueSpellings(s, o, verb)
				if len(sps) == 0 {
					continue
				}
				sp := sps[k%len(sps)]
				v := prog + " " + strings.Join(sp, " ") + " " + read
				checked++
				if got, ids := infraWeight(v); got > base {
					t.Errorf("%q weighs %d, as if %q were the command (found %v)", v, got, verb, ids)
				}
			}
		}
	}
	if checked < 500 {
		t.Fatalf("only %d variants were generated", checked)
	}
	t.Logf("%d value-as-command variants checked", checked)
}

// heroku run reads its own options anywhere on the line; every other word,
// options it does not know included, is the command run on the dyno.
func TestHerokuRunCommand(t *testing.T) {
	var cmds []string
	for _, run := range []string{"run", "run:detached", "run:inside"} {
		for _, opts := range [][]string{
			nil, {"-a", "app"}, {"--app=app"}, {"-r", "staging"}, {"-s", "standard-2x"}, {"--size=performance-l"},
			{"-e", "'A=1;B=2'"}, {"--type", "worker"}, {"-x"}, {"--no-tty"}, {"--exit-code", "-a", "app"},
		} {
			o := strings.Join(opts, " ")
			cmds = append(cmds,
				"heroku "+run+" "+o+" rm -rf /",
				"heroku "+run+" rm -rf / "+o,
				"heroku "+run+" "+o+" -- rm -rf /",
				"heroku "+run+" "+o+" bash -c 'rm -rf /'",
				"heroku "+run+" sh -c 'rm -rf /' "+o,
			)
		}
	}
	for _, cmd := range cmds {
		cmd = strings.Join(strings.Fields(cmd), " ")
		if !findings(cmd)["shell.fs.rm-root"] {
			t.Errorf("%q: the dyno's command is not judged (found %v)", cmd, ruleIDs(Analyze(cmd, exampleOptions)))
		}
	}
	// An option of the command, even one heroku spells alike elsewhere,
	// stays the command's.
	args := []string{"run", "-a", "app", "psql", "-c", "drop table x", "-s"}
	c := &Cmd{Name: "heroku", Args: args, Dynamic: make([]bool, len(args))}
	if got := strings.Join(herokuRunArgv(c), " "); got != "psql -c drop table x" {
		t.Errorf("heroku run -a app psql -c … -s: command %q", got)
	}
	// Benign twin: a read on the dyno stays a read.
	for _, cmd := range []string{"heroku run -a app ls -la /", "heroku run ls -la / -a app", "heroku run:detached -s standard-2x -- cat /etc/hostname"} {
		if findings(cmd)["shell.fs.rm-root"] {
			t.Errorf("%q: an rm finding for a read", cmd)
		}
	}
}

// TestInfraSpecReadsLikeTheProgram pins what the real programs do with an
// option before the command word, where reading a value as a switch (or a
// switch as a value) would move the command: the program's global options
// that take a value (velero and kops -v take a log level; gitlab-runner,
// mc and s5cmd take one-dash long options), and switches that take none
// (cdk -e, fly ssh console -s, netlify --json, supabase --experimental).
// Each is beside a read with the same options that stays quiet.
func TestInfraSpecReadsLikeTheProgram(t *testing.T) {
	for _, tc := range []struct{ cmd, rule string }{
		{"velero -v 4 backup delete nightly --confirm", "shell.velero.delete"},
		{"velero --v=4 --features EnableCSI backup delete nightly", "shell.velero.delete"},
		{"velero --kubecontext prod -n velero --colorized=false backup delete b1", "shell.velero.delete"},
		{"kops -v 2 delete cluster --name k8s.example.com --yes", "shell.k8s.cluster-delete"},
		{"kops --state s3://state delete cluster --name k8s.example.com -y", "shell.k8s.cluster-delete"},
		{"cdk -e destroy MyStack", "shell.cdk.destroy"},
		{"cdk -ej destroy MyStack", "shell.cdk.destroy"},
		{"cdk --roleArn arn:aws:iam::1:role/x destroy --all", "shell.cdk.destroy"},
		{"fly ssh console -s -C 'rm -rf /'", "shell.fs.rm-root"},
		{"fly ssh console -sC 'rm -rf /'", "shell.fs.rm-root"},
		{"flyctl ssh console --select --command='rm -rf /' -a web", "shell.fs.rm-root"},
		{"netlify --json api deleteSite --data '{}'", "shell.netlify.delete"},
		{"supabase --experimental db reset", "shell.supabase.db-reset"},
		{"supabase --workdir ./db --experimental db reset --linked", "shell.supabase.db-reset"},
		{"gitlab-runner -config /etc/gitlab-runner/config.toml unregister --all-runners", "shell.gitlab.runner-unregister"},
		{"gitlab-runner --debug -log-level debug unregister -all-runners", "shell.gitlab.runner-unregister"},
		{"gitlab-runner -c=/etc/gr.toml unregister -all-runners", "shell.gitlab.runner-unregister"},
		{"mc -C /tmp/mc rm --recursive --force local/bucket", "shell.storage.delete"},
		{"mc -config-dir=/tmp/mc rm -recursive -force local/bucket", "shell.storage.delete"},
		{"mcli --config-dir /tmp/mc mirror -remove ./site local/www", "shell.storage.delete"},
		{"s5cmd -numworkers 64 rm 's3://b/*'", "shell.storage.delete"},
		{"s5cmd --endpoint-url https://minio:9000 -r 3 rm 's3://b/*'", "shell.storage.delete"},
		{"argocd --grpc-web app delete web", "shell.argocd.delete"},
		{"argocd -H 'X-Tenant: a' --argocd-context prod app delete web", "shell.argocd.delete"},
		{"flux -n flux-system --timeout 5m delete helmrelease podinfo -s", "shell.flux.delete"},
		{"k3d cluster delete -a", "shell.k8s.local-cluster-delete"},
		{"kind delete clusters -A", "shell.k8s.local-cluster-delete"},
		{"minikube -p dev delete", "shell.k8s.local-cluster-delete"},
		{"helmfile -e prod -l app=api destroy", "shell.helm.uninstall"},
		{"helmfile -qe prod destroy", "shell.helm.uninstall"},
		{"vercel -S team -t tok --prod", "shell.vercel.change"},
		{"firebase -P prod database:remove /users -f", "shell.firebase.delete"},
		{"eb --prof ops terminate prod-env", "shell.serverless.remove"},
		{"eb --reg us-east-1 terminate prod-env --all", "shell.serverless.remove"},
		{"circleci --host https://circleci.example.com --token tok context delete org/x ctx", "shell.circleci.delete"},
		{"azcopy --log-level ERROR rm https://acct.blob.core.windows.net/c/f.txt", "shell.storage.remove"},
		{"heroku addons:destroy heroku-postgresql --app app --confirm app", "shell.heroku.destroy"},
		{"copilot app delete -n shop --yes", "shell.serverless.remove"},
	} {
		if !findings(tc.cmd)[tc.rule] {
			t.Errorf("%q: no %s (found %v)", tc.cmd, tc.rule, ruleIDs(Analyze(tc.cmd, exampleOptions)))
		}
	}
	for _, cmd := range []string{
		"velero -v 4 backup get", "kops -v 2 get clusters", "cdk -e synth MyStack", "fly ssh console -s -C 'ls /'",
		"netlify --json status", "supabase --experimental projects list", "gitlab-runner -config delete list",
		"mc -C delete ls local/b", "s5cmd -numworkers 8 ls s3://b", "heroku logs -t -a app", "heroku logs --tail -n 200",
		"k3d cluster create dev -a 3", "argocd --grpc-web app list", "flux -n delete get kustomizations",
	} {
		if got, ids := infraWeight(cmd); got > 0 {
			t.Errorf("%q is a read but weighs %d (%v)", cmd, got, ids)
		}
	}
}

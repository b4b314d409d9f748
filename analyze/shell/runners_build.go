package shell

import (
	"path"
	"sort"
	"strings"
)

// Build tools whose build file says what runs: gradle evaluates
// build.gradle (Groovy) or build.gradle.kts (Kotlin) and runs its exec
// blocks, maven runs the exec and antrun plugins of pom.xml, docker
// compose starts the services of compose.yaml with the host paths they
// mount. What each directive runs is read as an argument vector (a
// program and its words, a word only known when it runs marked so) and
// judged as the command it is; a compose service's command is judged
// with the container's paths read as the host paths mounted there, since
// only those reach the host. Only build files this command line or the
// session wrote are read: a project's own build on disk is the project's.

// writtenRuns keeps the runs whose file (or one of its other names) this
// command line or the session wrote.
func writtenRuns(w *walker, c *Cmd, runs []projectRun) []projectRun {
	fl := w.r.fl()
	out := runs[:0]
	for _, run := range runs {
		for _, f := range append([]string{run.file}, run.alts...) {
			abs, ok := c.Resolve(f)
			if !ok {
				continue
			}
			if fc, had := fl.files[abs]; had && !fc.disk {
				run.file, run.alts = f, nil
				out = append(out, run)
				break
			}
		}
	}
	return out
}

// gradleRuns: gradle and the gradle wrapper evaluate the build files of
// the project (settings first) whatever the task.
func gradleRuns(w *walker, c *Cmd) []projectRun {
	if c.Has("--help", "-h", "-?", "--version", "-v") {
		return nil
	}
	dir := "."
	if d, ok := c.Flag("-p", "--project-dir"); ok && !dynWord(d) {
		dir = d
	}
	var runs []projectRun
	for _, f := range []string{"settings.gradle", "build.gradle"} {
		runs = append(runs, projectRun{file: path.Join(dir, f), alts: []string{path.Join(dir, f+".kts")}, verb: "runs the build script", extract: gradleCode})
	}
	if b, ok := c.Flag("-b", "--build-file"); ok && !dynWord(b) {
		runs = append(runs, projectRun{file: b, verb: "runs the build script", extract: gradleCode})
	}
	return writtenRuns(w, c, runs)
}

// gradleCode reads the commands a Gradle build script starts: exec and
// project.exec blocks (commandLine, or executable and args), a string or
// list's .execute(), Runtime.exec and ProcessBuilder, and the paths its
// delete calls remove when they are literal.
func gradleCode(text string) runnerText {
	var rt runnerText
	add := func(r buildRun) {
		if len(rt.runs) < maxChanRuns {
			rt.runs = append(rt.runs, r)
		}
	}
	for _, call := range []string{"commandLine", "ProcessBuilder(", "Runtime.getRuntime().exec(", ".exec(", "executable"} {
		for i := 0; i < len(text) && len(rt.runs) < maxChanRuns; {
			k := strings.Index(text[i:], call)
			if k < 0 {
				break
			}
			at := i + k
			i = at + len(call)
			if call == ".exec(" && strings.HasSuffix(text[:at], "Runtime.getRuntime()") {
				continue // read as Runtime.getRuntime().exec(
			}
			if call == "executable" || call == "commandLine" {
				if at > 0 && isWordByte(text[at-1]) || i < len(text) && isWordByte(text[i]) {
					continue
				}
			}
			words, ok := groovyWords(text, i)
			if !ok || len(words) == 0 {
				if call != "executable" {
					add(buildRun{}) // a program only known when it runs
				}
				continue
			}
			if call == "executable" {
				// executable 'x' with args … in the same block.
				if args, ok := groovyArgsAfter(text, i); ok {
					words = append(words, args...)
				}
			}
			if call == "Runtime.getRuntime().exec(" && len(words) == 1 && !words[0].dyn {
				// exec("cmd words"): split on white space, no shell.
				words = splitWords(words[0].text)
			}
			add(codeRun(words))
		}
	}
	// "cmd words".execute() and ['cmd', 'arg'].execute().
	for i := 0; i < len(text) && len(rt.runs) < maxChanRuns; {
		k := strings.Index(text[i:], ".execute()")
		if k < 0 {
			break
		}
		at := i + k
		i = at + len(".execute()")
		if words, ok := groovyWordsBefore(text, at); ok {
			add(codeRun(words))
		}
	}
	// delete 'path', delete(file('path')), project.delete(…), file('x').deleteDir().
	for _, call := range []string{"delete", "deleteDir()"} {
		for i := 0; i < len(text) && len(rt.runs) < maxChanRuns; {
			k := strings.Index(text[i:], call)
			if k < 0 {
				break
			}
			at := i + k
			i = at + len(call)
			var words []codeArg
			var ok bool
			if call == "delete" {
				if at > 0 && isWordByte(text[at-1]) || i < len(text) && isWordByte(text[i]) {
					continue
				}
				words, ok = groovyWords(text, i)
			} else if at > 0 && text[at-1] == '.' {
				words, ok = groovyWordsBefore(text, at-1)
			}
			if !ok {
				continue // a path only known when it runs: build directories, mostly
			}
			for _, wd := range words {
				if !wd.dyn && wd.text != "" {
					add(buildRun{argv: []string{"rm", "-rf", "--", wd.text}, dyn: []bool{false, false, false, false}, known: true})
				}
			}
		}
	}
	return rt
}

// codeRun is the run of an argument vector read from code: its program
// only known when it runs makes it unknown.
func codeRun(words []codeArg) buildRun {
	if len(words) == 0 || words[0].dyn {
		return buildRun{}
	}
	r := buildRun{known: true}
	for _, w := range words {
		r.argv, r.dyn = append(r.argv, w.text), append(r.dyn, w.dyn)
	}
	return r
}

// splitWords splits a command string on white space, as Java's exec and
// Groovy's execute do.
func splitWords(s string) []codeArg {
	var out []codeArg
	for _, f := range strings.Fields(s) {
		out = append(out, codeArg{text: f, raw: f})
	}
	return out
}

// groovyWords reads the words of a Groovy or Kotlin argument list at
// text[i:]: `'a', 'b'`, `('a', "b")`, `= ['a', 'b']`, `listOf("a")`,
// `file('x')`, up to the end of the line or the closing bracket. A word
// that is not a string literal is only known when it runs. It reports
// false when no word is there.
func groovyWords(text string, i int) ([]codeArg, bool) {
	for i < len(text) && (text[i] == ' ' || text[i] == '\t' || text[i] == '=') {
		i++
	}
	end := strings.IndexByte(text[i:], '\n')
	if end < 0 {
		end = len(text) - i
	}
	line := text[i : i+end]
	var words []codeArg
	depth := 0
	for j := 0; j < len(line) && len(words) < 64; j++ {
		ch := line[j]
		switch {
		case ch == '\'' || ch == '"':
			k := j + 1
			var b strings.Builder
			for k < len(line) && line[k] != ch {
				if line[k] == '\\' && k+1 < len(line) {
					k++
				}
				b.WriteByte(line[k])
				k++
			}
			if k >= len(line) {
				return words, len(words) > 0
			}
			lit := b.String()
			words = append(words, codeArg{text: lit, raw: line[j : k+1], dyn: ch == '"' && strings.Contains(lit, "${")})
			j = k
		case ch == '(' || ch == '[':
			depth++
		case ch == ')' || ch == ']':
			if depth == 0 {
				return words, len(words) > 0
			}
			depth--
		case ch == '{' || ch == '}' || ch == ';':
			return words, len(words) > 0
		case ch == ',' || ch == ' ' || ch == '\t':
		case isWordByte(ch) || ch == '.':
			// A name: a call (listOf, file, arrayOf) when a bracket
			// follows, else a value only known when it runs.
			k := j
			for k < len(line) && (isWordByte(line[k]) || line[k] == '.') {
				k++
			}
			if k < len(line) && line[k] == '(' {
				j = k - 1
				continue
			}
			words = append(words, codeArg{raw: line[j:k], dyn: true})
			j = k - 1
		default:
			return words, len(words) > 0
		}
	}
	return words, len(words) > 0
}

// groovyArgsAfter reads `args 'a', 'b'` (or args(…), args = […]) on the
// lines after an executable, in the same block.
func groovyArgsAfter(text string, i int) ([]codeArg, bool) {
	block := text[i:]
	if end := strings.IndexByte(block, '}'); end >= 0 {
		block = block[:end]
	}
	k := strings.Index(block, "args")
	for k >= 0 && (k > 0 && isWordByte(block[k-1]) || k+4 < len(block) && isWordByte(block[k+4])) {
		n := strings.Index(block[k+4:], "args")
		if n < 0 {
			return nil, false
		}
		k += 4 + n
	}
	if k < 0 {
		return nil, false
	}
	return groovyWords(block, k+4)
}

// groovyWordsBefore reads the string literal or list that ends at
// text[:at] ("cmd".execute(), ['a','b'].execute(), file('x').deleteDir()).
func groovyWordsBefore(text string, at int) ([]codeArg, bool) {
	if at <= 0 {
		return nil, false
	}
	switch last := text[at-1]; last {
	case '\'', '"':
		k := strings.LastIndexByte(text[:at-1], last)
		if k < 0 {
			return nil, false
		}
		lit := text[k+1 : at-1]
		if last == '"' && strings.Contains(lit, "${") {
			return []codeArg{{raw: lit, dyn: true}}, true
		}
		return splitWords(lit), true
	case ']', ')':
		open := byte('[')
		if last == ')' {
			open = '('
		}
		depth := 0
		for k := at - 1; k >= 0 && at-k < 4096; k-- {
			switch text[k] {
			case last:
				depth++
			case open:
				depth--
				if depth == 0 {
					return groovyWords(text[:at-1], k+1)
				}
			}
		}
	}
	return nil, false
}

// mavenRuns: mvn and the maven wrapper run the build of pom.xml: its exec
// and antrun plugins run on the phase they are bound to or when named
// (exec:exec, antrun:run); every one of them is judged for a command
// that builds.
func mavenRuns(w *walker, c *Cmd) []projectRun {
	if c.Has("--help", "-h", "--version", "-v", "-version") {
		return nil
	}
	file := "pom.xml"
	if f, ok := c.Flag("-f", "--file"); ok && !dynWord(f) {
		file = f
		if !strings.HasSuffix(f, ".xml") {
			file = path.Join(f, "pom.xml")
		}
	}
	return writtenRuns(w, c, []projectRun{{file: file, verb: "runs the build of", extract: mavenCode}})
}

// mavenCode reads the commands a pom.xml runs: exec-maven-plugin's
// executable with its arguments (or commandlineArgs), antrun's <exec>
// with its <arg>s, and antrun's <delete> of a literal directory or file.
func mavenCode(text string) runnerText {
	var rt runnerText
	add := func(r buildRun) {
		if len(rt.runs) < maxChanRuns {
			rt.runs = append(rt.runs, r)
		}
	}
	full := func() bool { return len(rt.runs) >= maxChanRuns }
	eachTag(text, "<executable>", full, func(at string) bool {
		exe, rest, ok := strings.Cut(at, "</executable>")
		if !ok {
			add(buildRun{})
			return false
		}
		scope := rest
		if end := strings.Index(scope, "</configuration>"); end >= 0 {
			scope = scope[:end]
		}
		words := []codeArg{mavenWord(exe)}
		if a, ok := xmlBetween(scope, "<arguments>", "</arguments>"); ok {
			for _, v := range xmlAll(a, "<argument>", "</argument>") {
				words = append(words, mavenWord(v))
			}
		}
		if a, ok := xmlBetween(scope, "<commandlineArgs>", "</commandlineArgs>"); ok {
			for _, f := range strings.Fields(xmlText(a)) {
				words = append(words, mavenWord(f))
			}
		}
		add(codeRun(words))
		return true
	})
	eachTag(text, "<exec ", full, func(at string) bool {
		tag, _, _ := strings.Cut(at, ">")
		words := []codeArg{mavenWord(xmlAttr(tag, "executable"))}
		if !strings.HasSuffix(tag, "/") {
			body, _, _ := strings.Cut(at, "</exec>")
			for _, arg := range xmlAll(body, "<arg ", ">") {
				if v := xmlAttr(arg, "value"); v != "" {
					words = append(words, mavenWord(v))
				} else if v := xmlAttr(arg, "line"); v != "" {
					for _, f := range strings.Fields(v) {
						words = append(words, mavenWord(f))
					}
				}
			}
		}
		if words[0].text != "" || words[0].dyn {
			add(codeRun(words))
		}
		return true
	})
	eachTag(text, "<delete ", full, func(at string) bool {
		tag, _, _ := strings.Cut(at, ">")
		for _, attr := range []string{"dir", "file"} {
			if v := mavenWord(xmlAttr(tag, attr)); v.text != "" && !v.dyn {
				add(buildRun{argv: []string{"rm", "-rf", "--", v.text}, dyn: []bool{false, false, false, false}, known: true})
			}
		}
		return true
	})
	return rt
}

// eachTag calls fn with the text after each occurrence of open, in order,
// until fn returns false or full reports that no more runs are wanted.
func eachTag(text, open string, full func() bool, fn func(at string) bool) {
	for i := 0; i < len(text) && !full(); {
		k := strings.Index(text[i:], open)
		if k < 0 {
			return
		}
		i += k + len(open)
		if !fn(text[i:]) {
			return
		}
	}
}

// mavenWord is a value of a pom.xml: a property (${…}) is only known
// when the build runs, but ${user.home} and ${env.HOME} are the home
// directory.
func mavenWord(v string) codeArg {
	v = xmlText(v)
	for _, h := range []string{"${user.home}", "${env.HOME}", "${env.USERPROFILE}"} {
		if strings.HasPrefix(v, h) {
			v = "~" + strings.TrimPrefix(v, h)
		}
	}
	return codeArg{text: v, raw: v, dyn: strings.Contains(v, "${")}
}

// xmlText is an element's text without surrounding space, with the
// common entities decoded.
func xmlText(s string) string {
	s = strings.TrimSpace(s)
	if strings.HasPrefix(s, "<![CDATA[") && strings.HasSuffix(s, "]]>") {
		return strings.TrimSpace(s[len("<![CDATA[") : len(s)-3])
	}
	if strings.IndexByte(s, '&') < 0 {
		return s
	}
	return strings.NewReplacer("&lt;", "<", "&gt;", ">", "&quot;", `"`, "&apos;", "'", "&amp;", "&").Replace(s)
}

// xmlBetween returns the text between the first open and the close after
// it.
func xmlBetween(s, open, close string) (string, bool) {
	k := strings.Index(s, open)
	if k < 0 {
		return "", false
	}
	v, _, ok := strings.Cut(s[k+len(open):], close)
	return v, ok
}

// xmlAll returns the texts of every open…close in s.
func xmlAll(s, open, close string) []string {
	var out []string
	for len(out) < 64 {
		k := strings.Index(s, open)
		if k < 0 {
			break
		}
		v, rest, ok := strings.Cut(s[k+len(open):], close)
		if !ok {
			break
		}
		out = append(out, v)
		s = rest
	}
	return out
}

// xmlAttr returns the value of name="…" (or '…') in a tag.
func xmlAttr(tag, name string) string {
	for i := 0; i < len(tag); {
		k := strings.Index(tag[i:], name)
		if k < 0 {
			return ""
		}
		at := i + k
		i = at + len(name)
		if at > 0 && isWordByte(tag[at-1]) {
			continue
		}
		rest := strings.TrimLeft(tag[i:], " \t\r\n")
		if !strings.HasPrefix(rest, "=") {
			continue
		}
		rest = strings.TrimLeft(rest[1:], " \t\r\n")
		if rest == "" || rest[0] != '"' && rest[0] != '\'' {
			return ""
		}
		v, _, _ := strings.Cut(rest[1:], rest[:1])
		return xmlText(v)
	}
	return ""
}

// composeRuns: docker compose up, run, create, start and restart (and
// docker-compose, podman compose) start the services of the compose file.
func composeRuns(w *walker, c *Cmd) []projectRun {
	pos := c.Positional()
	sub := ""
	switch c.Name {
	case "docker", "podman", "nerdctl":
		if len(pos) < 2 || pos[0] != "compose" {
			return nil
		}
		sub = pos[1]
	default:
		if len(pos) == 0 {
			return nil
		}
		sub = pos[0]
	}
	switch sub {
	case "up", "run", "create", "start", "restart", "watch":
	default:
		return nil
	}
	if f, ok := c.Flag("-f", "--file"); ok && !dynWord(f) {
		return writtenRuns(w, c, []projectRun{{file: f, verb: "starts the services of", extract: composeCode}})
	}
	dir := "."
	if d, ok := c.Flag("--project-directory"); ok && !dynWord(d) {
		dir = d
	}
	return writtenRuns(w, c, []projectRun{
		{file: path.Join(dir, "compose.yaml"), alts: []string{path.Join(dir, "compose.yml"), path.Join(dir, "docker-compose.yml"), path.Join(dir, "docker-compose.yaml")},
			verb: "starts the services of", extract: composeCode},
		{file: path.Join(dir, "compose.override.yaml"), alts: []string{path.Join(dir, "compose.override.yml"), path.Join(dir, "docker-compose.override.yml"), path.Join(dir, "docker-compose.override.yaml")},
			verb: "starts the services of", extract: composeCode},
	})
}

// composeService is what a compose file says of one service.
type composeService struct {
	name, image         string
	command, entrypoint []string // words; one word: a command line
	mounts              [][2]string
	privileged, hostNet bool
	hostPID, hostIPC    bool
	capAdd, devices     []string
}

// composeCode reads a compose file's services: each is judged as the
// docker run it amounts to (its mounts, privileges and host namespaces),
// and its command, when it names a path mounted from the host, as the
// command it is on the host's paths.
func composeCode(text string) runnerText {
	var rt runnerText
	for _, s := range composeServices(text) {
		argv := []string{"docker", "run", "--rm"}
		for _, m := range s.mounts {
			argv = append(argv, "-v", m[0]+":"+m[1])
		}
		if s.privileged {
			argv = append(argv, "--privileged")
		}
		if s.hostNet {
			argv = append(argv, "--network", "host")
		}
		if s.hostPID {
			argv = append(argv, "--pid", "host")
		}
		if s.hostIPC {
			argv = append(argv, "--ipc", "host")
		}
		for _, cp := range s.capAdd {
			argv = append(argv, "--cap-add", cp)
		}
		for _, d := range s.devices {
			argv = append(argv, "--device", d)
		}
		image := s.image
		if image == "" {
			image = s.name
		}
		argv = append(argv, image)
		rt.shell = append(rt.shell, shellJoin(argv))
		if line := composeHostCommand(s); line != "" {
			rt.shell = append(rt.shell, line)
		}
		if len(rt.shell) >= maxChanRuns {
			break
		}
	}
	return rt
}

// composeHostCommand is a service's command with the container's mounted
// paths read as the host's, or "" when it names none of them: what it
// does elsewhere stays in the container.
func composeHostCommand(s composeService) string {
	words := append(append([]string(nil), s.entrypoint...), s.command...)
	if len(words) == 0 || len(s.mounts) == 0 {
		return ""
	}
	line := strings.Join(words, " ")
	if len(words) > 1 {
		line = shellJoin(words)
	}
	// An entrypoint of sh -c takes the command as its script.
	mounts := append([][2]string(nil), s.mounts...)
	sort.Slice(mounts, func(i, j int) bool { return len(mounts[i][1]) > len(mounts[j][1]) })
	out, hit := line, false
	for _, m := range mounts {
		dst := strings.TrimSuffix(m[1], "/")
		if dst == "" || !strings.HasPrefix(dst, "/") {
			continue
		}
		var b strings.Builder
		for i := 0; i < len(out); {
			k := strings.Index(out[i:], dst)
			if k < 0 {
				b.WriteString(out[i:])
				break
			}
			at := i + k
			end := at + len(dst)
			before := at == 0 || strings.IndexByte(" \t'\"=:;(@,<>", out[at-1]) >= 0
			after := end == len(out) || strings.IndexByte("/ \t'\";)&|", out[end]) >= 0
			b.WriteString(out[i:at])
			if before && after {
				b.WriteString(m[0])
				hit = true
			} else {
				b.WriteString(dst)
			}
			i = end
		}
		out = b.String()
	}
	if !hit {
		return ""
	}
	return out
}

// shellJoin quotes words into a command line.
func shellJoin(words []string) string {
	var b strings.Builder
	for i, w := range words {
		if i > 0 {
			b.WriteByte(' ')
		}
		if w != "" && strings.Trim(w, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-./:=@,+%") == "" {
			b.WriteString(w)
			continue
		}
		b.WriteString("'" + strings.ReplaceAll(w, "'", `'\''`) + "'")
	}
	return b.String()
}

// composeServices reads the services of a compose file with the light
// YAML reader: image, command, entrypoint, volumes (short and long
// forms), privileged, network_mode, pid, ipc, cap_add and devices.
func composeServices(text string) []composeService {
	lines := yamlLines(text)
	var out []composeService
	for i := 0; i < len(lines); i++ {
		if lines[i].indent != 0 || lines[i].text != "services:" {
			continue
		}
		svcIndent := -1
		for i++; i < len(lines) && lines[i].indent > 0; {
			if svcIndent < 0 {
				svcIndent = lines[i].indent
			}
			if lines[i].indent != svcIndent {
				i++
				continue
			}
			s := composeService{name: strings.TrimSuffix(lines[i].text, ":")}
			i++
			var body []yamlLine
			for i < len(lines) && lines[i].indent > svcIndent {
				body = append(body, lines[i])
				i++
			}
			composeBody(&s, body)
			out = append(out, s)
			if len(out) >= 64 {
				return out
			}
		}
		i--
	}
	return out
}

// composeBody reads one service's keys.
func composeBody(s *composeService, body []yamlLine) {
	if len(body) == 0 {
		return
	}
	ind := body[0].indent
	for j := 0; j < len(body); j++ {
		l := body[j]
		if l.indent != ind {
			continue
		}
		key, val, _ := strings.Cut(l.text, ":")
		key, val = strings.TrimSpace(key), strings.TrimSpace(val)
		// The key's block: the lines indented under it.
		var block []yamlLine
		for k := j + 1; k < len(body) && body[k].indent > ind; k++ {
			block = append(block, body[k])
		}
		items := yamlItems(val, block)
		switch key {
		case "image":
			s.image = composeScalar(val)
		case "command":
			s.command = items
		case "entrypoint":
			s.entrypoint = items
		case "privileged":
			s.privileged = composeScalar(val) == "true"
		case "network_mode":
			s.hostNet = composeScalar(val) == "host"
		case "pid":
			s.hostPID = composeScalar(val) == "host"
		case "ipc":
			s.hostIPC = composeScalar(val) == "host"
		case "cap_add":
			s.capAdd = items
		case "devices":
			s.devices = items
		case "volumes":
			s.mounts = append(s.mounts, composeMounts(val, block)...)
		}
	}
}

// yamlItems reads a value as a list of strings: a flow list [a, 'b'], a
// block list (- a), a block scalar (| or >) or a plain scalar (one item).
func yamlItems(val string, block []yamlLine) []string {
	switch {
	case strings.HasPrefix(val, "["):
		var out []string
		for _, it := range flowItems(val) {
			out = append(out, composeScalar(it))
		}
		return out
	case val == "|" || val == ">" || strings.HasPrefix(val, "|") || strings.HasPrefix(val, ">"):
		var b strings.Builder
		for _, l := range block {
			b.WriteString(l.text)
			if val[0] == '|' {
				b.WriteByte('\n')
			} else {
				b.WriteByte(' ')
			}
		}
		return []string{strings.TrimSpace(b.String())}
	case val != "":
		return []string{composeScalar(val)}
	}
	var out []string
	for _, l := range block {
		if l.indent == block[0].indent && strings.HasPrefix(l.text, "- ") {
			out = append(out, composeScalar(strings.TrimSpace(l.text[2:])))
		}
	}
	return out
}

// composeScalar unquotes a plain scalar and drops a trailing comment.
func composeScalar(v string) string {
	v = strings.TrimSpace(v)
	if len(v) >= 2 && (v[0] == '\'' || v[0] == '"') && v[len(v)-1] == v[0] {
		return v[1 : len(v)-1]
	}
	if k := strings.Index(v, " #"); k >= 0 {
		v = strings.TrimSpace(v[:k])
	}
	return v
}

// composeMounts reads a service's volumes: "src:dst[:mode]" items (a
// source that is a path: a bind mount) and the long form's
// type/source/target.
func composeMounts(val string, block []yamlLine) [][2]string {
	var out [][2]string
	short := func(v string) {
		parts := strings.Split(v, ":")
		if len(parts) < 2 {
			return
		}
		src := parts[0]
		if !strings.HasPrefix(src, "/") && !strings.HasPrefix(src, ".") && !strings.HasPrefix(src, "~") && !strings.HasPrefix(src, "$") {
			return // a named volume
		}
		out = append(out, [2]string{src, parts[1]})
	}
	if strings.HasPrefix(val, "[") {
		for _, it := range flowItems(val) {
			short(composeScalar(it))
		}
		return out
	}
	var src, dst string
	flush := func() {
		if src != "" && dst != "" && strings.ContainsAny(src[:1], "/.~$") {
			out = append(out, [2]string{src, dst})
		}
		src, dst = "", ""
	}
	for _, l := range block {
		t := l.text
		if strings.HasPrefix(t, "- ") {
			flush()
			t = strings.TrimSpace(t[2:])
			if !strings.Contains(t, ": ") && !strings.HasSuffix(t, ":") {
				short(composeScalar(t))
				continue
			}
		}
		k, v, ok := strings.Cut(t, ":")
		if !ok {
			continue
		}
		switch strings.TrimSpace(k) {
		case "source":
			src = composeScalar(v)
		case "target":
			dst = composeScalar(v)
		}
		if len(out) >= 64 {
			break
		}
	}
	flush()
	return out
}

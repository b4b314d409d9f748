package shell

import (
	"encoding/base64"
	"encoding/hex"
	"net/url"
	"strconv"
	"strings"
)

// The functions and methods the evaluator knows: character codes, joins,
// formats, decoders, path and environment helpers. Any other call is unknown.

// call evaluates a call of a known function; others are unknown.
func (e *evaluator) call(name string, args []val) val {
	f := lastSegment(name)
	pos := positional(args)
	arg := func(i int) val {
		if i < len(pos) {
			return pos[i]
		}
		return unknownVal()
	}
	switch f {
	case "chr", "unichr", "chrw":
		if a := arg(0); a.kind == valNum {
			return charVal(a.n)
		}
	case "fromCharCode", "fromCodePoint", "char", "intToUtf8":
		if f == "char" && !strings.Contains(name, "string") {
			break
		}
		var b strings.Builder
		nums := pos
		if len(pos) == 1 && pos[0].kind == valList {
			nums = pos[0].list
		}
		for _, a := range nums {
			if a.kind != valNum {
				return unknownVal()
			}
			b.WriteString(charVal(a.n).s)
		}
		return val{kind: valStr, s: b.String(), hidden: true}
	case "str", "String", "string", "Path", "PurePath", "PosixPath", "abspath", "realpath", "normpath", "resolve", "normalize", "expandvars", "strval", "tostring", "as.character", "expand_path", "path.expand", "normalizePath", "fspath", "toString", "Pathname", "catfile", "catdir", "file.path":
		// Path(home, '.claude', name), path.resolve(a, b), File::Spec's
		// catfile, R's file.path: the pieces joined.
		if (f == "resolve" || strings.HasSuffix(f, "Path") || f == "Pathname" || f == "catfile" || f == "catdir" || f == "file.path") && len(pos) > 1 {
			return joinPath(pos)
		}
		if len(pos) == 0 {
			return unknownVal()
		}
		if f == "expand_path" || f == "path.expand" {
			return arg(0)
		}
		return arg(0)
	case "expanduser":
		return arg(0)
	case "new":
		if name == "Pathname.new" && len(pos) == 1 {
			return arg(0)
		}
	case "which", "sync", "whichSync", "find_executable", "get_command_path":
		// shutil.which('actionguard-hook'), which.sync(…), File::Which's
		// which(…): the program of that name, where the shell's which
		// finds it.
		if f == "sync" && !strings.HasSuffix(name, "which.sync") {
			break
		}
		return whichVal(arg(0))
	case "dirname", "basename":
		if a := arg(0); a.kind == valStr && a.known() && len(pos) == 1 {
			return pathPieceVal(a, f == "dirname")
		}
	case "join":
		// path.join, os.path.join, File.join; in JavaScript any X.join of
		// two pieces or more is path.join under another name (an array's
		// join takes one separator).
		if strings.Contains(name, "path") || name == "File.join" || strings.HasPrefix(name, "os.path") || name == "join" && e.lang == "node" || e.lang == "node" && len(pos) >= 2 {
			return joinPath(pos)
		}
		if e.lang == "perl" && len(pos) >= 1 {
			// join(SEP, LIST)
			var items []val
			for _, a := range pos[1:] {
				if a.kind == valList {
					items = append(items, a.list...)
				} else {
					items = append(items, a)
				}
			}
			return joinVals(arg(0), items)
		}
	case "implode":
		if len(pos) == 2 {
			return joinVals(pos[0], pos[1].list)
		}
	case "concat":
		if strings.Contains(name, "table") && len(pos) >= 1 {
			sep := val{kind: valStr}
			if len(pos) > 1 {
				sep = pos[1]
			}
			return joinVals(sep, pos[0].list)
		}
	case "paste0", "paste":
		sep := val{kind: valStr, s: " "}
		if f == "paste0" {
			sep.s = ""
		}
		if keywordGiven(args, "sep") || keywordGiven(args, "collapse") {
			return unknownVal()
		}
		return joinVals(sep, pos)
	case "getcwd", "cwd", "getwd", "pwd", "curdir":
		return val{kind: valStr, s: "."}
	case "homedir", "home", "gethome", "UserHomeDir":
		return val{kind: valStr, s: "~"}
	case "getenv", "Getenv", "get", "fetch", "Sys.getenv", "GetEnvironmentVariable":
		if f == "get" && !strings.Contains(name, "environ") && !strings.HasSuffix(name, "env.get") || f == "fetch" && !strings.Contains(name, "ENV") {
			break
		}
		if a := arg(0); a.kind == valStr && a.known() {
			return inlineEnvValue(a.s)
		}
	case "b64decode", "decodebytes", "standard_b64decode", "urlsafe_b64decode", "decode64", "strict_decode64", "urlsafe_decode64", "base64_decode", "atob", "decode_base64", "FromBase64String", "unb64", "base64decode", "base64_dec":
		return decodeBase64Val(arg(0))
	case "fromhex", "unhexlify", "a2b_hex", "hex2bin":
		return decodeHexVal(arg(0))
	case "from":
		if strings.HasSuffix(name, "Buffer.from") {
			enc := arg(1)
			switch {
			case len(pos) == 1 && pos[0].kind == valList:
				return e.call("String.fromCharCode", pos)
			case len(pos) == 1:
				return arg(0)
			case enc.kind == valStr && enc.s == "base64":
				return decodeBase64Val(arg(0))
			case enc.kind == valStr && enc.s == "hex":
				return decodeHexVal(arg(0))
			case enc.kind == valStr && (enc.s == "utf8" || enc.s == "utf-8" || enc.s == "ascii" || enc.s == "latin1" || enc.s == "binary"):
				return arg(0)
			}
		}
	case "bytes", "bytearray":
		if a := arg(0); a.kind == valList {
			return e.call("String.fromCharCode", pos)
		} else if a.kind == valStr && len(pos) <= 2 {
			return a
		}
	case "decode", "encode":
		if strings.HasPrefix(name, "codecs.") && len(pos) >= 2 && pos[1].kind == valStr {
			return codecVal(pos[0], pos[1].s)
		}
	case "str_rot13":
		return codecVal(arg(0), "rot13")
	case "strrev", "reverse":
		if f == "reverse" && e.lang != "perl" && !strings.Contains(name, "string.") {
			break
		}
		if len(pos) == 1 {
			return reverseVal(pos[0])
		}
	case "scalar", "compile", "glob", "iglob":
		// glob('*.log'): the pattern, which the shell rules read as rm reads it.
		return arg(0)
	case "split":
		if strings.HasPrefix(name, "shlex.") {
			if a := arg(0); a.kind == valStr && a.known() {
				return wordList(strings.Fields(a.s))
			}
		}
	case "c", "list", "table":
		if f == name && (e.lang == "r" || f == "list") {
			return val{kind: valList, list: pos}
		}
	case "lc", "lower", "tolower", "strtolower":
		if a := arg(0); a.kind == valStr {
			return val{kind: valStr, s: strings.ToLower(a.s), hidden: a.hidden}
		}
	case "uc", "upper", "toupper", "strtoupper":
		if a := arg(0); a.kind == valStr {
			return val{kind: valStr, s: strings.ToUpper(a.s), hidden: a.hidden}
		}
	case "sprintf", "format":
		if len(pos) >= 1 && pos[0].kind == valStr {
			rest := pos[1:]
			if len(rest) == 1 && rest[0].kind == valList {
				rest = rest[0].list
			}
			return formatValue(pos[0], rest)
		}
	case "unquote", "unescape", "decodeURIComponent", "decodeURI", "urldecode", "rawurldecode", "unquote_plus", "URLdecode":
		if a := arg(0); a.kind == valStr && a.known() {
			if s, err := url.PathUnescape(a.s); err == nil {
				return val{kind: valStr, s: s, hidden: s != a.s || a.hidden}
			}
		}
	case "pack":
		if len(pos) >= 2 && pos[0].kind == valStr {
			return packVal(pos[0].s, pos[1:])
		}
	case "__import__", "import_module", "require", "import":
		if a := arg(0); a.kind == valStr && a.known() {
			return val{kind: valStr, s: "\x00module:" + a.s}
		}
	}
	return unknownVal()
}

func joinPath(parts []val) val {
	var b strings.Builder
	hidden := false
	for i, p := range parts {
		t := p.text()
		if strings.HasPrefix(t, "/") || i == 0 {
			b.Reset()
			b.WriteString(t)
		} else {
			if b.Len() > 0 && !strings.HasSuffix(b.String(), "/") {
				b.WriteByte('/')
			}
			b.WriteString(t)
		}
		hidden = hidden || p.hidden
	}
	if len(parts) == 0 {
		return unknownVal()
	}
	return val{kind: valStr, s: b.String(), hidden: hidden}
}

func joinVals(sep val, items []val) val {
	if sep.kind != valStr {
		return unknownVal()
	}
	parts := make([]string, len(items))
	hidden := sep.hidden
	size := 0
	for i, x := range items {
		parts[i] = x.text()
		hidden = hidden || x.hidden
		size += len(parts[i]) + len(sep.s)
	}
	if size > maxValLen {
		return unknownVal()
	}
	// Joining single characters is spelling a word in pieces.
	if len(items) > 2 {
		short := 0
		for _, p := range parts {
			if len(p) <= 1 {
				short++
			}
		}
		hidden = hidden || short*2 > len(parts)
	}
	return val{kind: valStr, s: strings.Join(parts, sep.s), hidden: hidden}
}

func reverseVal(v val) val {
	switch v.kind {
	case valStr:
		if !v.known() {
			return unknownVal()
		}
		rs := []rune(v.s)
		for a, b := 0, len(rs)-1; a < b; a, b = a+1, b-1 {
			rs[a], rs[b] = rs[b], rs[a]
		}
		return val{kind: valStr, s: string(rs), hidden: true}
	case valList:
		l := make([]val, len(v.list))
		for i, x := range v.list {
			l[len(l)-1-i] = x
		}
		return val{kind: valList, list: l, hidden: true}
	}
	return unknownVal()
}

func decodeBase64Val(v val) val {
	if v.kind != valStr || !v.known() {
		return unknownVal()
	}
	clean := strings.Map(func(r rune) rune {
		if r == ' ' || r == '\n' || r == '\r' || r == '\t' {
			return -1
		}
		return r
	}, v.s)
	for _, enc := range []*base64.Encoding{base64.StdEncoding, base64.URLEncoding, base64.RawStdEncoding, base64.RawURLEncoding} {
		if b, err := enc.DecodeString(clean); err == nil {
			return val{kind: valStr, s: string(b), hidden: true}
		}
	}
	return unknownVal()
}

func decodeHexVal(v val) val {
	if v.kind != valStr || !v.known() {
		return unknownVal()
	}
	clean := strings.ReplaceAll(strings.ReplaceAll(v.s, " ", ""), `\x`, "")
	if b, err := hex.DecodeString(clean); err == nil {
		return val{kind: valStr, s: string(b), hidden: true}
	}
	return unknownVal()
}

// codecVal decodes with a Python codec name (rot13, hex, base64).
func codecVal(v val, codec string) val {
	if v.kind != valStr || !v.known() {
		return unknownVal()
	}
	switch strings.ToLower(strings.ReplaceAll(codec, "-", "_")) {
	case "rot13", "rot_13":
		out, ok := trTranslate(v.s, "A-Za-z", "N-ZA-Mn-za-m")
		if !ok {
			return unknownVal()
		}
		return val{kind: valStr, s: out, hidden: true}
	case "hex", "hex_codec":
		return decodeHexVal(v)
	case "base64", "base64_codec":
		return decodeBase64Val(v)
	case "utf8", "utf_8", "ascii", "latin1", "latin_1":
		return v
	}
	return unknownVal()
}

// packVal evaluates pack("H*", hex), pack("C*", 114, 109), pack("A*", s)
// (Perl, PHP) and [114, 109].pack("c*") (Ruby).
func packVal(format string, args []val) val {
	if len(args) == 1 && args[0].kind == valList {
		args = args[0].list
	}
	switch {
	case strings.HasPrefix(format, "H") || strings.HasPrefix(format, "h"):
		if len(args) == 1 {
			return decodeHexVal(args[0])
		}
	case strings.HasPrefix(format, "C") || strings.HasPrefix(format, "c") || strings.HasPrefix(format, "U") || strings.HasPrefix(format, "W"):
		var b strings.Builder
		for _, a := range args {
			if a.kind != valNum {
				return unknownVal()
			}
			b.WriteString(charVal(a.n).s)
		}
		return val{kind: valStr, s: b.String(), hidden: true}
	case strings.HasPrefix(format, "A") || strings.HasPrefix(format, "a"):
		if len(args) == 1 {
			return args[0]
		}
	case strings.HasPrefix(format, "m"):
		if len(args) == 1 {
			return decodeBase64Val(args[0])
		}
	}
	return unknownVal()
}

// formatValue renders a printf-style format (%s %d %c %r %x) or Python's
// {} placeholders with known arguments.
func formatValue(f val, args []val) val {
	if f.kind != valStr {
		return unknownVal()
	}
	var b strings.Builder
	hidden := f.hidden
	ai := 0
	next := func() val {
		if ai < len(args) {
			ai++
			return args[ai-1]
		}
		return unknownVal()
	}
	s := f.s
	for i := 0; i < len(s); i++ {
		ch := s[i]
		switch {
		case ch == '%' && i+1 < len(s):
			j := i + 1
			for j < len(s) && strings.IndexByte("-+ #0123456789.", s[j]) >= 0 {
				j++
			}
			if j >= len(s) {
				b.WriteString(s[i:])
				i = len(s)
				continue
			}
			switch s[j] {
			case '%':
				b.WriteByte('%')
			case 'c':
				a := next()
				if a.kind == valNum {
					b.WriteString(charVal(a.n).s)
					hidden = true
				} else {
					b.WriteString(a.text())
				}
			case 's', 'd', 'i', 'r', 'u', 'b', 'f', 'x', 'o', 'v':
				a := next()
				b.WriteString(a.text())
				hidden = hidden || a.hidden
			default:
				b.WriteString(unknownPart)
			}
			i = j
		case ch == '{' && i+1 < len(s) && s[i+1] == '{':
			b.WriteByte('{')
			i++
		case ch == '{':
			end := strings.IndexByte(s[i:], '}')
			if end < 0 {
				b.WriteByte(ch)
				continue
			}
			key := s[i+1 : i+end]
			if k := strings.IndexAny(key, "!:"); k >= 0 {
				key = key[:k]
			}
			var a val
			if n, err := strconv.Atoi(key); err == nil && n >= 0 && n < len(args) {
				a = args[n]
			} else if key == "" {
				a = next()
			} else {
				a = unknownVal()
			}
			b.WriteString(a.text())
			hidden = hidden || a.hidden
			i += end
		default:
			b.WriteByte(ch)
		}
	}
	if b.Len() > maxValLen {
		return unknownVal()
	}
	return val{kind: valStr, s: b.String(), hidden: hidden}
}

// method applies a method call to a value.
func (e *evaluator) method(v val, name string, args []val, hasArgs bool) val {
	if v.kind == valStr && strings.HasPrefix(v.s, "\x00module:") {
		// A function of a module imported by name: __import__('os').path.expanduser('~').
		return e.call(strings.TrimPrefix(v.s, "\x00module:")+"."+name, args)
	}
	pos := positional(args)
	switch name {
	case "decode", "encode", "toString", "to_s", "to_str", "strip", "trim", "rstrip", "lstrip", "chomp", "trimEnd", "trimStart", "valueOf", "freeze", "dup", "ToString", "expanduser", "expand_path", "absolute", "resolve", "as_posix", "__str__", "text":
		if name == "toString" && len(pos) > 0 {
			if enc := pos[0]; enc.kind == valStr && (enc.s == "base64" || enc.s == "hex") {
				return unknownVal()
			}
		}
		if (name == "decode" || name == "encode") && len(pos) > 0 && pos[0].kind == valStr {
			return codecVal(v, pos[0].s)
		}
		if strings.Contains(name, "strip") || strings.HasPrefix(name, "trim") || name == "chomp" {
			if v.kind == valStr && v.known() {
				v.s = strings.TrimSpace(v.s)
			}
		}
		return v
	case "join":
		if e.lang == "ruby" && v.kind == valStr && len(pos) >= 1 && pos[0].kind == valStr {
			// Pathname#join: a string has no join in Ruby.
			return joinPath(append([]val{v}, pos...))
		}
		if v.kind == valStr && len(pos) == 1 {
			// Python: sep.join(list)
			items := pos[0].list
			if pos[0].kind == valStr && pos[0].known() {
				items = charList(pos[0].s)
			} else if pos[0].kind != valList {
				return unknownVal()
			}
			return joinVals(v, items)
		}
		if v.kind == valList {
			sep := val{kind: valStr, s: ","}
			if e.lang == "ruby" {
				sep.s = ""
			}
			if len(pos) == 1 {
				sep = pos[0]
			}
			return joinVals(sep, v.list)
		}
	case "reverse", "reversed":
		return reverseVal(v)
	case "split":
		if v.kind == valStr && v.known() && len(pos) == 1 && pos[0].kind == valStr && pos[0].s == "" {
			return val{kind: valList, list: charList(v.s), hidden: v.hidden}
		}
		if v.kind == valStr && v.known() && len(pos) <= 1 {
			sep := " "
			if len(pos) == 1 {
				if pos[0].kind != valStr || !pos[0].known() {
					return unknownVal()
				}
				sep = pos[0].s
			}
			var parts []string
			if len(pos) == 0 || sep == " " && e.lang == "python" {
				parts = strings.Fields(v.s)
			} else {
				parts = strings.Split(v.s, sep)
			}
			return wordList(parts)
		}
	case "replace", "replaceAll", "gsub", "sub", "str_replace":
		if v.kind == valStr && v.known() && len(pos) == 2 && pos[0].kind == valStr && pos[0].known() && pos[1].kind == valStr {
			if pos[0].s == "" {
				return unknownVal()
			}
			n := -1
			if name == "replace" && e.lang == "node" || name == "sub" {
				n = 1
			}
			return val{kind: valStr, s: strings.Replace(v.s, pos[0].s, pos[1].text(), n), hidden: true}
		}
	case "lower", "toLowerCase", "downcase", "ToLower", "lc":
		if v.kind == valStr {
			return val{kind: valStr, s: strings.ToLower(v.s), hidden: v.hidden}
		}
	case "upper", "toUpperCase", "upcase", "ToUpper", "uc":
		if v.kind == valStr {
			return val{kind: valStr, s: strings.ToUpper(v.s), hidden: v.hidden}
		}
	case "format":
		if v.kind == valStr {
			return formatValue(v, pos)
		}
	case "chr":
		if v.kind == valNum {
			return charVal(v.n)
		}
	case "pack":
		if v.kind == valList && len(pos) == 1 && pos[0].kind == valStr {
			return packVal(pos[0].s, v.list)
		}
	case "unpack1", "unpack":
		if v.kind == valStr && len(pos) == 1 && pos[0].kind == valStr && strings.HasPrefix(pos[0].s, "m") {
			return decodeBase64Val(v)
		}
	case "tr":
		if v.kind == valStr && v.known() && len(pos) == 2 && pos[0].kind == valStr && pos[1].kind == valStr {
			if out, ok := trTranslate(v.s, pos[0].s, pos[1].s); ok {
				return val{kind: valStr, s: out, hidden: true}
			}
		}
	case "concat":
		if v.kind == valStr {
			out := v
			for _, a := range pos {
				out = e.apply("+", out, a)
			}
			return out
		}
	case "repeat":
		if v.kind == valStr && len(pos) == 1 {
			return e.apply("*", v, pos[0])
		}
	case "rep":
		if v.kind == valStr && len(pos) == 1 {
			return e.apply("*", v, pos[0])
		}
	case "parent":
		// Python's Path(…).parent.
		if v.kind == valStr && v.known() && !hasArgs {
			return pathPieceVal(v, true)
		}
	case "home", "homedir", "cwd", "getcwd", "pwd":
		if name == "home" || name == "homedir" {
			return val{kind: valStr, s: "~"}
		}
		return val{kind: valStr, s: "."}
	case "joinpath", "catfile", "catdir":
		if name != "joinpath" {
			// File::Spec->catfile(…): the object is the class.
			return joinPath(pos)
		}
		return joinPath(append([]val{v}, pos...))
	case "char":
		if v.kind == valStr && strings.Contains(v.s, "string") {
			break
		}
	}
	return unknownVal()
}

func charList(s string) []val {
	rs := []rune(s)
	l := make([]val, len(rs))
	for i, r := range rs {
		l[i] = val{kind: valStr, s: string(r)}
	}
	return l
}

func isBareword(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if !isIdentChar(s[i]) {
			return false
		}
	}
	return true
}

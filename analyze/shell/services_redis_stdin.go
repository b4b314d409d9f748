package shell

import (
	"strconv"
	"strings"
)

// Redis clients read commands on their standard input when the command
// line names none (echo FLUSHALL | redis-cli, redis-cli <<< 'FLUSHDB',
// redis-cli < cmds.txt) and in --pipe mode, where the input is inline
// commands or the Redis protocol (*1\r\n$8\r\nFLUSHALL\r\n). Each command
// read there is judged as the same command written on the line.

// svcRedisReadsStdin reports whether a Redis client takes its commands
// from standard input: no command words, or --pipe. With -x the input is
// the last argument of the command on the line, not commands.
func svcRedisReadsStdin(c *Cmd) bool {
	if c.Has("-x", "--cluster", "--eval", "--help", "--version") {
		return false
	}
	return c.Has("--pipe") || len(c.Positional()) == 0
}

// svcRedisStdin judges each command a Redis client reads from text.
func svcRedisStdin(c *Cmd, r *report, text string) {
	if !svcRedisReadsStdin(c) {
		return
	}
	where, host := svcRedisWhere(c)
	for _, words := range redisInputCommands(text) {
		if len(words) > 0 {
			svcRedisCommand(c, r, words, where, host)
		}
	}
}

// svcRedisWhere names the server a Redis client talks to, for a message
// ("on cache.internal") and as a target.
func svcRedisWhere(c *Cmd) (where, host string) {
	if h, ok := c.Flag("-h"); ok {
		return "on " + h, h
	}
	if u, ok := c.Flag("-u"); ok {
		return "on " + u, u
	}
	return "", ""
}

// redisInputCommands splits what a Redis client reads into commands: a
// line of inline words, or a protocol array (*N then N bulk strings).
func redisInputCommands(text string) [][]string {
	var out [][]string
	lines := strings.Split(strings.ReplaceAll(text, "\r\n", "\n"), "\n")
	for i := 0; i < len(lines); i++ {
		line := strings.TrimSpace(lines[i])
		if line == "" {
			continue
		}
		if n, ok := redisArrayLen(line); ok {
			words, used := redisBulkWords(lines[i+1:], n)
			out = append(out, words)
			i += used
			continue
		}
		out = append(out, redisSplitArgs(line))
	}
	return out
}

// redisArrayLen reads a protocol array header (*3); a bad count is not one.
func redisArrayLen(line string) (int, bool) {
	rest, ok := strings.CutPrefix(line, "*")
	if !ok {
		return 0, false
	}
	n, err := strconv.Atoi(rest)
	if err != nil || n < 0 {
		return 0, false
	}
	return n, true
}

// redisBulkWords reads up to n bulk strings ($len then the bytes on the
// next line) from lines; it returns the words and how many lines it used.
// A bulk string spread over lines (its length counts a newline) is read
// as the one line that carries its start: the command name is what is
// judged, and it never holds a newline.
func redisBulkWords(lines []string, n int) ([]string, int) {
	var words []string
	used := 0
	for len(words) < n && used+1 < len(lines) {
		if !strings.HasPrefix(strings.TrimSpace(lines[used]), "$") {
			break
		}
		words = append(words, strings.TrimRight(lines[used+1], "\r"))
		used += 2
	}
	return words, used
}

// redisSplitArgs splits an inline command as redis-cli does
// (sdssplitargs): words separated by blanks, "double quotes" with
// backslash escapes (\n, \xHH), 'single quotes' with \' only.
func redisSplitArgs(line string) []string {
	var out []string
	i := 0
	for i < len(line) {
		for i < len(line) && (line[i] == ' ' || line[i] == '\t') {
			i++
		}
		if i >= len(line) {
			break
		}
		word, next := redisWord(line, i)
		out = append(out, word)
		i = next
	}
	return out
}

// redisWord reads one word starting at i and returns it and the index
// after it.
func redisWord(line string, i int) (string, int) {
	var b strings.Builder
	for i < len(line) && line[i] != ' ' && line[i] != '\t' {
		switch line[i] {
		case '"':
			i = redisDoubleQuoted(line, i+1, &b)
		case '\'':
			i = redisSingleQuoted(line, i+1, &b)
		default:
			b.WriteByte(line[i])
			i++
		}
	}
	return b.String(), i
}

// redisDoubleQuoted reads a double-quoted part from i (after the quote)
// into b and returns the index after the closing quote (or the end).
func redisDoubleQuoted(line string, i int, b *strings.Builder) int {
	for i < len(line) {
		ch := line[i]
		switch {
		case ch == '"':
			return i + 1
		case ch == '\\' && i+3 < len(line) && line[i+1] == 'x':
			if v, err := strconv.ParseUint(line[i+2:i+4], 16, 8); err == nil {
				b.WriteByte(byte(v))
				i += 4
				continue
			}
			b.WriteByte('x')
			i += 2
		case ch == '\\' && i+1 < len(line):
			b.WriteByte(redisEscape(line[i+1]))
			i += 2
		default:
			b.WriteByte(ch)
			i++
		}
	}
	return i
}

// redisEscape is the byte a backslash escape in double quotes stands for.
func redisEscape(ch byte) byte {
	switch ch {
	case 'n':
		return '\n'
	case 'r':
		return '\r'
	case 't':
		return '\t'
	case 'b':
		return '\b'
	case 'a':
		return '\a'
	}
	return ch
}

// redisSingleQuoted reads a single-quoted part from i (after the quote)
// into b and returns the index after the closing quote (or the end).
func redisSingleQuoted(line string, i int, b *strings.Builder) int {
	for i < len(line) {
		switch {
		case line[i] == '\'':
			return i + 1
		case line[i] == '\\' && i+1 < len(line) && line[i+1] == '\'':
			b.WriteByte('\'')
			i += 2
		default:
			b.WriteByte(line[i])
			i++
		}
	}
	return i
}

package agentproc

import (
	"bytes"
	"encoding/binary"
	"errors"
	"strconv"
)

// maxEntries bounds what a reader returns from one process's data.
const maxEntries = 1 << 14

// ParseEnviron splits the content of /proc/<pid>/environ (and of
// /proc/<pid>/cmdline): strings each ended by a NUL byte, the last one's
// NUL possibly missing. Empty strings are dropped.
func ParseEnviron(b []byte) []string {
	var out []string
	for len(b) > 0 && len(out) < maxEntries {
		i := bytes.IndexByte(b, 0)
		if i < 0 {
			i = len(b)
		}
		if i > 0 {
			out = append(out, string(b[:i]))
		}
		b = b[min(i+1, len(b)):]
	}
	return out
}

// ParseStat reads the parent's pid from the content of /proc/<pid>/stat:
// "pid (comm) state ppid …", where comm may hold spaces and parentheses.
func ParseStat(b []byte) (ppid int, err error) {
	i := bytes.LastIndexByte(b, ')')
	if i < 0 {
		return 0, errors.New("reading a process's status: no command name")
	}
	f := bytes.Fields(b[i+1:])
	if len(f) < 2 {
		return 0, errors.New("reading a process's status: no parent")
	}
	n, err := strconv.Atoi(string(f[1]))
	if err != nil || n < 0 {
		return 0, errors.New("reading a process's status: the parent is not a number")
	}
	return n, nil
}

// ParseProcArgs reads macOS's KERN_PROCARGS2 for a process: argc as a
// 32-bit integer in the machine's order (little-endian on every Mac
// since Intel), the executable's path, NUL padding, argc arguments, then
// the environment, each string ended by a NUL.
func ParseProcArgs(b []byte) (exe string, argv, environ []string, err error) {
	if len(b) < 4 {
		return "", nil, nil, errors.New("reading a process's arguments: too short")
	}
	argc := int(binary.LittleEndian.Uint32(b))
	if argc < 0 || argc > maxEntries {
		return "", nil, nil, errors.New("reading a process's arguments: an impossible count")
	}
	b = b[4:]
	i := bytes.IndexByte(b, 0)
	if i < 0 {
		return "", nil, nil, errors.New("reading a process's arguments: the executable's path is not ended")
	}
	exe, b = string(b[:i]), b[i:]
	for len(b) > 0 && b[0] == 0 {
		b = b[1:]
	}
	all := ParseEnviron(b)
	if len(all) < argc {
		return exe, all, nil, nil // the arguments cut short: what there is
	}
	return exe, all[:argc], all[argc:], nil
}

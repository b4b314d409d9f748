package agentproc

import (
	"os"
	"strconv"
)

// readProcess reads /proc/<pid>: its parent from stat, its executable and
// arguments, and its environment when it is this user's process (another
// user's environ is not readable: the walk goes on with what it has).
func readProcess(pid int) (process, error) {
	dir := "/proc/" + strconv.Itoa(pid) + "/"
	stat, err := readSmall(dir + "stat")
	if err != nil {
		return process{}, err
	}
	ppid, err := ParseStat(stat)
	if err != nil {
		return process{}, err
	}
	p := process{ppid: ppid}
	p.exe, _ = os.Readlink(dir + "exe")
	if b, err := readSmall(dir + "cmdline"); err == nil {
		p.argv = ParseEnviron(b)
	}
	if b, err := readSmall(dir + "environ"); err == nil {
		p.environ = ParseEnviron(b)
	}
	return p, nil
}

// maxRead bounds what is read of one file of /proc.
const maxRead = 1 << 20

// readSmall reads at most maxRead bytes of a file.
func readSmall(name string) ([]byte, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	b := make([]byte, 0, 4096)
	for len(b) < maxRead {
		if len(b) == cap(b) {
			b = append(b, 0)[:len(b)]
		}
		n, err := f.Read(b[len(b):cap(b)])
		b = b[:len(b)+n]
		if err != nil {
			break
		}
	}
	return b, nil
}

package guard

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"strconv"

	"github.com/actionguard/actionguard/analyze/shell"
)

// cpio archives (cpio -i, pax -r, bsdtar): the portable ASCII formats,
// newc (070701), its checksummed twin (070702) and odc (070707). Each
// member is a header of fixed-width numbers, its name, then its data (a
// symbolic link's data is its target); "TRAILER!!!" ends the archive.
// The headers are read where they are, the data skipped by its size:
// nothing is read that the bounds below do not allow.

const (
	cpioNewcHeader = 110
	cpioOdcHeader  = 76
	// maxCpioName bounds a member's name (with its final NUL).
	maxCpioName = 4096
)

var errCpio = errors.New("reading the cpio archive")

// isCpio reports the magic number of a cpio archive this reader lists.
func isCpio(head []byte) bool {
	return bytes.HasPrefix(head, []byte("070701")) || bytes.HasPrefix(head, []byte("070702")) || bytes.HasPrefix(head, []byte("070707"))
}

// listCpio lists a cpio archive's members, with the targets of its
// symbolic links. A header that does not parse, a name or a member that
// runs past the end, or an archive without its trailer is an error.
func listCpio(r io.ReaderAt, size int64) ([]shell.IncomingFile, error) {
	var out []shell.IncomingFile
	var off int64
	for {
		if len(out) >= maxArchiveMembers {
			return nil, errArchiveBound
		}
		m, err := readCpioHeader(r, off, size)
		if err != nil {
			return nil, err
		}
		name, err := readCpioBytes(r, m.nameAt, m.nameSize, size)
		if err != nil {
			return nil, err
		}
		if len(name) == 0 || name[len(name)-1] != 0 {
			return nil, fmt.Errorf("%w: a member's name at byte %d is not terminated", errCpio, m.nameAt)
		}
		name = name[:len(name)-1]
		if string(name) == "TRAILER!!!" {
			if len(out) == 0 {
				return nil, errArchiveFormat
			}
			return out, nil
		}
		if m.dataAt > size || m.dataSize > size-m.dataAt {
			return nil, fmt.Errorf("%w: member %q runs past the end", errCpio, name)
		}
		f := shell.IncomingFile{Name: string(name)}
		switch m.mode & 0o170000 {
		case 0o040000:
			f.Dir = true
		case 0o120000:
			if m.dataSize > maxLinkTarget {
				return nil, fmt.Errorf("%w: the link %q has a target of %d bytes", errCpio, name, m.dataSize)
			}
			target, err := readCpioBytes(r, m.dataAt, m.dataSize, size)
			if err != nil {
				return nil, err
			}
			f.Link = string(target)
		}
		out = append(out, f)
		off = m.next
	}
}

// cpioMember is where one member's parts lie.
type cpioMember struct {
	mode             int64
	nameAt, nameSize int64
	dataAt, dataSize int64
	next             int64
}

// readCpioHeader reads the header at off.
func readCpioHeader(r io.ReaderAt, off, size int64) (cpioMember, error) {
	var h [cpioNewcHeader]byte
	n, err := r.ReadAt(h[:6], off)
	if n < 6 {
		if err == nil || err == io.EOF {
			return cpioMember{}, fmt.Errorf("%w: it ends at byte %d without its trailer", errCpio, off)
		}
		return cpioMember{}, fmt.Errorf("%w: %v", errCpio, err)
	}
	var m cpioMember
	switch string(h[:6]) {
	case "070701", "070702":
		if _, err := readCpioBytesInto(r, h[:], off, size); err != nil {
			return cpioMember{}, err
		}
		var f [13]int64
		for i := range f {
			v, err := strconv.ParseUint(string(h[6+8*i:14+8*i]), 16, 32)
			if err != nil {
				return cpioMember{}, fmt.Errorf("%w: a header at byte %d has a field that is not hexadecimal", errCpio, off)
			}
			f[i] = int64(v)
		}
		m.mode, m.dataSize, m.nameSize = f[1], f[6], f[11]
		m.nameAt = off + cpioNewcHeader
		m.dataAt = pad4(m.nameAt + m.nameSize)
		m.next = pad4(m.dataAt + m.dataSize)
	case "070707":
		if _, err := readCpioBytesInto(r, h[:cpioOdcHeader], off, size); err != nil {
			return cpioMember{}, err
		}
		octal := func(from, width int) (int64, error) {
			v, err := strconv.ParseUint(string(h[from:from+width]), 8, 40)
			return int64(v), err
		}
		var err1, err2, err3 error
		m.mode, err1 = octal(18, 6)
		m.nameSize, err2 = octal(59, 6)
		m.dataSize, err3 = octal(65, 11)
		if err1 != nil || err2 != nil || err3 != nil {
			return cpioMember{}, fmt.Errorf("%w: a header at byte %d has a field that is not octal", errCpio, off)
		}
		m.nameAt = off + cpioOdcHeader
		m.dataAt = m.nameAt + m.nameSize
		m.next = m.dataAt + m.dataSize
	default:
		if off == 0 {
			return cpioMember{}, errArchiveFormat
		}
		return cpioMember{}, fmt.Errorf("%w: no header at byte %d", errCpio, off)
	}
	if m.nameSize <= 0 || m.nameSize > maxCpioName {
		return cpioMember{}, fmt.Errorf("%w: a member's name of %d bytes at byte %d", errCpio, m.nameSize, off)
	}
	if m.next <= off || m.next > size+3 {
		return cpioMember{}, fmt.Errorf("%w: the member at byte %d runs past the end", errCpio, off)
	}
	return m, nil
}

// readCpioBytes reads n bytes at off, all inside the archive's size.
func readCpioBytes(r io.ReaderAt, off, n, size int64) ([]byte, error) {
	if n < 0 || off < 0 || off > size || n > size-off || n > maxCpioName && n > maxLinkTarget {
		return nil, fmt.Errorf("%w: %d bytes at byte %d run past the end", errCpio, n, off)
	}
	b := make([]byte, n)
	if _, err := readCpioBytesInto(r, b, off, size); err != nil {
		return nil, err
	}
	return b, nil
}

// readCpioBytesInto fills b from off.
func readCpioBytesInto(r io.ReaderAt, b []byte, off, size int64) (int, error) {
	if off < 0 || off > size || int64(len(b)) > size-off {
		return 0, fmt.Errorf("%w: it ends inside the member at byte %d", errCpio, off)
	}
	n, err := r.ReadAt(b, off)
	if n < len(b) {
		return n, fmt.Errorf("%w: %v", errCpio, err)
	}
	return n, nil
}

// pad4 rounds up to a multiple of 4 (newc aligns names and data).
func pad4(n int64) int64 { return (n + 3) &^ 3 }

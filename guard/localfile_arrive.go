package guard

import (
	"archive/tar"
	"archive/zip"
	"bufio"
	"bytes"
	"compress/bzip2"
	"compress/gzip"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"path/filepath"

	"github.com/actionguard/actionguard/analyze/shell"
)

// What an archive unpacks (shell.Options.Incoming): its members are
// listed, never extracted. The reading is bounded — members, bytes of a
// compressed stream, the size of a link's target — and a file that is not
// a regular file is not opened in a way that blocks. An archive the
// listing cannot finish is an error: the shell analysis then judges it as
// one whose content is not shown.

const (
	// maxArchiveMembers bounds the members listed.
	maxArchiveMembers = 20000
	// maxArchiveInflate bounds the bytes a compressed tar is read through.
	maxArchiveInflate = 64 << 20
	// maxArchiveFile bounds the size of an archive that is read at all.
	maxArchiveFile = 4 << 30
	// maxLinkTarget bounds a zip symbolic link's target.
	maxLinkTarget = 4096
)

var (
	errArchiveFormat = errors.New("not an archive this reader lists (tar, tar.gz, tar.bz2, zip, cpio)")
	errArchiveBound  = errors.New("the archive is larger than what is listed")
)

// incoming is the shell analysis's Incoming: archives are listed here,
// git revisions by git itself (localfile_arrive_git.go).
func incoming(q shell.Incoming) ([]shell.IncomingFile, error) {
	switch {
	case q.Archive != "":
		return listArchiveFile(q.Archive)
	case q.Repo != "" && q.To != "":
		return gitIncoming(q)
	}
	return nil, errors.New("nothing to list")
}

// listArchiveFile lists the members of the archive at abs.
func listArchiveFile(abs string) ([]shell.IncomingFile, error) {
	p := filepath.FromSlash(abs)
	if underDeviceOrProc(abs) {
		return nil, errArchiveFormat
	}
	f, fi, err := openRegular(p, errArchiveFormat)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	if fi.Size() > maxArchiveFile {
		return nil, errArchiveBound
	}
	return listArchive(f, fi.Size())
}

// listArchive lists the members of an archive read from r (size bytes),
// telling its format by its first bytes.
func listArchive(r io.ReaderAt, size int64) ([]shell.IncomingFile, error) {
	head := make([]byte, 512)
	n, _ := r.ReadAt(head, 0)
	head = head[:n]
	switch {
	case isCpio(head):
		return listCpio(r, size)
	case bytes.HasPrefix(head, []byte("PK\x03\x04")), bytes.HasPrefix(head, []byte("PK\x05\x06")):
		return listZip(r, size)
	case bytes.HasPrefix(head, []byte{0x1f, 0x8b}):
		zr, err := gzip.NewReader(io.NewSectionReader(r, 0, size))
		if err != nil {
			return nil, fmt.Errorf("reading the gzip stream: %w", err)
		}
		zr.Multistream(true)
		return listTar(&boundedReader{r: bufio.NewReader(zr), left: maxArchiveInflate})
	case bytes.HasPrefix(head, []byte("BZh")):
		return listTar(&boundedReader{r: bzip2.NewReader(io.NewSectionReader(r, 0, size)), left: maxArchiveInflate})
	case len(head) >= 262 && (string(head[257:262]) == "ustar" || tarChecksumOK(head)):
		// Uncompressed: archive/tar seeks over the members' data.
		return listTar(io.NewSectionReader(r, 0, size))
	}
	// A self-extracting or prefixed zip has its directory at the end.
	if files, err := listZip(r, size); err == nil {
		return files, nil
	}
	return nil, errArchiveFormat
}

// listTar lists a tar stream's members.
func listTar(r io.Reader) ([]shell.IncomingFile, error) {
	tr := tar.NewReader(r)
	var out []shell.IncomingFile
	for {
		h, err := tr.Next()
		if err == io.EOF {
			if len(out) == 0 {
				return nil, errArchiveFormat
			}
			return out, nil
		}
		if err != nil {
			return nil, fmt.Errorf("reading the tar archive: %w", err)
		}
		if len(out) >= maxArchiveMembers {
			return nil, errArchiveBound
		}
		f := shell.IncomingFile{Name: h.Name}
		switch h.Typeflag {
		case tar.TypeSymlink:
			f.Link = h.Linkname
		case tar.TypeDir:
			f.Dir = true
		case tar.TypeXGlobalHeader:
			continue
		}
		out = append(out, f)
	}
}

// listZip lists a zip archive's members, with the targets of its
// symbolic links.
func listZip(r io.ReaderAt, size int64) ([]shell.IncomingFile, error) {
	zr, err := zip.NewReader(r, size)
	if err != nil {
		return nil, fmt.Errorf("reading the zip archive: %w", err)
	}
	if len(zr.File) > maxArchiveMembers {
		return nil, errArchiveBound
	}
	out := make([]shell.IncomingFile, 0, len(zr.File))
	for _, zf := range zr.File {
		f := shell.IncomingFile{Name: zf.Name}
		switch mode := zf.Mode(); {
		case mode&fs.ModeSymlink != 0:
			target, err := zipLink(zf)
			if err != nil {
				return nil, err
			}
			f.Link = target
		case mode.IsDir():
			f.Dir = true
		}
		out = append(out, f)
	}
	return out, nil
}

// zipLink reads a zip symbolic link's target (its content).
func zipLink(zf *zip.File) (string, error) {
	if zf.UncompressedSize64 > maxLinkTarget {
		return "", errArchiveBound
	}
	rc, err := zf.Open()
	if err != nil {
		return "", fmt.Errorf("reading the zip archive: %w", err)
	}
	defer rc.Close()
	b, err := io.ReadAll(io.LimitReader(rc, maxLinkTarget+1))
	if err != nil || len(b) > maxLinkTarget {
		return "", errArchiveBound
	}
	return string(b), nil
}

// tarChecksumOK reports a 512-byte block whose header checksum holds: an
// old (v7) tar without the ustar magic.
func tarChecksumOK(h []byte) bool {
	if len(h) < 512 {
		return false
	}
	sum := 0
	for i, b := range h[:512] {
		if i >= 148 && i < 156 {
			b = ' '
		}
		sum += int(b)
	}
	want := 0
	digits := 0
	for _, b := range h[148:156] {
		if b >= '0' && b <= '7' {
			want = want*8 + int(b-'0')
			digits++
		} else if digits > 0 {
			break
		}
	}
	return digits > 0 && sum == want && sum > 8*' '
}

// boundedReader fails once more than left bytes were read: a compressed
// stream that inflates past the bound cannot be listed.
type boundedReader struct {
	r    io.Reader
	left int64
}

func (b *boundedReader) Read(p []byte) (int, error) {
	if b.left <= 0 {
		return 0, errArchiveBound
	}
	if int64(len(p)) > b.left {
		p = p[:b.left]
	}
	n, err := b.r.Read(p)
	b.left -= int64(n)
	return n, err
}

package audit

import (
	"bytes"
	"encoding/json"
	"fmt"
	"hash/crc32"
	"strconv"
	"sync"
)

// The spool's framing. Each record is written as one frame:
//
//	"\n" "ag1" SP length SP crc SP payload "\n"
//
// where payload is the record as one line of JSON (json.Marshal escapes
// every newline), length its size in bytes in decimal, and crc its CRC-32C
// in eight lowercase hex digits. The frame begins with a newline so that a
// frame cut off by a killed writer, which has no newline of its own, ends
// where the next frame begins instead of swallowing it; the length and the
// checksum tell such a stump from a whole record. Blank lines are nothing.
//
// Lines that begin with "{" are the older format, a record per line of
// JSON with no checksum, and are still read.

// frameMagic starts every frame's line.
const frameMagic = "ag1 "

// castagnoli is CRC-32C's table, built on first use from the polynomial:
// crc32.MakeTable(crc32.Castagnoli) also precomputes the SSE 4.2 tables,
// a CRC over 1.4 MB of zeros, which costs a hook process more than the
// checksums of all the records it frames. crc32.Checksum with this table
// gives the same sums.
var castagnoli = sync.OnceValue(func() *crc32.Table {
	var t crc32.Table
	for i := range t {
		crc := uint32(i)
		for range 8 {
			if crc&1 == 1 {
				crc = crc>>1 ^ crc32.Castagnoli
			} else {
				crc >>= 1
			}
		}
		t[i] = crc
	}
	return &t
})

// castagnoliFast is CRC-32C's table as crc32.MakeTable gives it, which
// crc32.Checksum computes with the processor's CRC instructions where
// there are some: for a process that frames many records (a SpoolBatch),
// whose start-up is not a hook call's. Its sums are castagnoli's.
var castagnoliFast = sync.OnceValue(func() *crc32.Table { return crc32.MakeTable(crc32.Castagnoli) })

// appendFrame appends the frame of payload, a record's JSON without a
// newline, to b.
func appendFrame(b, payload []byte) []byte { return appendFrameSum(b, payload, castagnoli()) }

// appendFrameSum is appendFrame with the checksum computed over table
// (castagnoli or castagnoliFast).
func appendFrameSum(b, payload []byte, table *crc32.Table) []byte {
	b = append(b, '\n')
	b = append(b, frameMagic...)
	b = strconv.AppendInt(b, int64(len(payload)), 10)
	b = append(b, ' ')
	sum := crc32.Checksum(payload, table)
	const hexDigits = "0123456789abcdef"
	for shift := 28; shift >= 0; shift -= 4 {
		b = append(b, hexDigits[sum>>uint(shift)&0xf])
	}
	b = append(b, ' ')
	b = append(b, payload...)
	return append(b, '\n')
}

// spoolDamage says why a spool line did not give a record.
type spoolDamage int

const (
	spoolIntact spoolDamage = iota
	// spoolCut: the line is a frame's beginning whose end is missing (its
	// writer was killed, or the disk filled, while writing it).
	spoolCut
	// spoolDamaged: the line is not a frame, or its checksum does not
	// match, or its payload is not a record.
	spoolDamaged
)

// decodeSpoolLine reads one line of the spool, without its newline. last
// says that the line ended the file without a newline. A blank line gives
// no record and no damage. logRedacted says that a frame's record has its
// action redacted as the log's (see readSpoolLine); a line of the older
// format never says so.
func decodeSpoolLine(line []byte, last bool) (_ *Record, logRedacted bool, _ spoolDamage) {
	if len(bytes.TrimSpace(line)) == 0 {
		return nil, false, spoolIntact
	}
	if line[0] == '{' {
		// The older format: a line of JSON. One the file ends in the middle
		// of was cut off.
		var r Record
		if err := unmarshalSpoolLine(line, &r); err != nil {
			if last {
				return nil, false, spoolCut
			}
			return nil, false, spoolDamaged
		}
		return &r, false, spoolIntact
	}
	payload, damage := frameOf(line)
	if damage != spoolIntact {
		return nil, false, damage
	}
	var r Record
	logRedacted, err := readSpoolLine(payload, &r)
	if err != nil {
		return nil, false, spoolDamaged
	}
	return &r, logRedacted, spoolIntact
}

// frameOf returns the payload of a frame's line, checking its length and
// checksum. A line shorter than its frame says it is, or ending inside the
// header, is a cut-off frame.
func frameOf(line []byte) ([]byte, spoolDamage) {
	if !bytes.HasPrefix(line, []byte(frameMagic)) {
		if bytes.HasPrefix([]byte(frameMagic), line) {
			return nil, spoolCut
		}
		return nil, spoolDamaged
	}
	rest := line[len(frameMagic):]
	sp := bytes.IndexByte(rest, ' ')
	if sp < 0 {
		if allDigits(rest) {
			return nil, spoolCut
		}
		return nil, spoolDamaged
	}
	if sp == 0 || sp > 10 || !allDigits(rest[:sp]) {
		return nil, spoolDamaged
	}
	size, _ := strconv.Atoi(string(rest[:sp]))
	rest = rest[sp+1:]
	if len(rest) < 9 {
		if isHex(rest) {
			return nil, spoolCut // ends inside the checksum
		}
		return nil, spoolDamaged
	}
	if !isHex(rest[:8]) || rest[8] != ' ' {
		return nil, spoolDamaged
	}
	sum, _ := strconv.ParseUint(string(rest[:8]), 16, 32)
	payload := rest[9:]
	switch {
	case len(payload) < size:
		return nil, spoolCut
	case len(payload) > size:
		return nil, spoolDamaged
	case crc32.Checksum(payload, castagnoliFast()) != uint32(sum):
		// The processor's CRC instructions: frames are read by drains, which
		// read many (a hook call only writes one).
		return nil, spoolDamaged
	}
	return payload, spoolIntact
}

func allDigits(b []byte) bool {
	for _, c := range b {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}

func isHex(b []byte) bool {
	for _, c := range b {
		if (c < '0' || c > '9') && (c < 'a' || c > 'f') {
			return false
		}
	}
	return true
}

// spooledRecord turns one spool line into the record to append: the record
// it holds, or, when the line does not give one, a record that carries the
// line and says what happened to it, so that nothing is lost silently.
func spooledRecord(line []byte, last bool) *Record {
	r, _ := spooled(line, last)
	return r
}

// spooled is spooledRecord, and whether the record's action is redacted
// as the log's already (decodeSpoolLine).
func spooled(line []byte, last bool) (_ *Record, logRedacted bool) {
	r, logRedacted, damage := decodeSpoolLine(line, last)
	if r != nil {
		r.Seq, r.PrevHash, r.Hash = 0, "", ""
		return r, logRedacted
	}
	why := "a spooled record that could not be read (damaged in the spool)"
	if damage == spoolCut {
		why = "a spooled record cut off (its process was killed, or the disk filled, while writing it)"
	}
	// Enough of the line to recognize it; the rest is not a record anyway.
	const keep = 64 << 10
	text := line
	if len(text) > keep {
		text = text[:keep]
	}
	raw, _ := json.Marshal(map[string]string{"unreadable": string(text), "bytes": fmt.Sprint(len(line))})
	return &Record{Kind: SpoolDamageKind, Action: raw, Verdict: "confirm", Level: "cautious", Rules: []string{}, Error: why, Reason: why}, false
}

// SpoolDamageKind is the Kind of a record Drain writes in place of a spool
// line that held no readable record: its Action carries what the line
// held, its Error says whether it was cut off or damaged.
const SpoolDamageKind = "spool.unreadable"

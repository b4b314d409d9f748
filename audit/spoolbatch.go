package audit

import (
	"fmt"
	"os"
)

// SpoolBatch appends records to a Spool a batch at a time, for a process
// that decides many actions in a row (check --jsonl): Add encodes a record
// into memory, Flush writes every record added since the last Flush in
// one locked write, which the records survive the process being killed,
// and syncs them to the disk first when one of them asks for it. A caller
// gives no answer before the Flush that wrote its record returned nil.
//
// The records are redacted as Spool.Append redacts them, and their
// actions then as the drain into the log would redact them (the full
// redactor), in one pass that the drain does not repeat; with a memory of
// the redactors' answers, so the values a stream repeats are scanned once. The
// chain is extended when the spool is drained, not here: a spooled record
// has no Seq and no hash yet.
//
// A SpoolBatch is for one goroutine. The spool file stays open until
// Close; a drain by another process empties it in place, and the frames
// written after go to its new end.
type SpoolBatch struct {
	spool *Spool
	f     *os.File
	buf   []byte
	// durable says that a record in buf must be on the disk before the
	// Flush that writes it returns.
	durable bool
	added   int64
	written int64
	clean   cleanSet // the spool's redactor remembered
	// logClean is logRedactor remembered: a batch's actions are redacted
	// as the drain would redact them, once.
	logClean cleanSet
	enc      spoolEncoder
	err      error // a failed Flush: every later Add and Flush fails
}

// Batch returns a SpoolBatch over s.
func (s *Spool) Batch() *SpoolBatch {
	b := &SpoolBatch{spool: s, clean: cleanSet{full: redactForSpool}, logClean: cleanSet{full: logRedactor(redactForSpool, Redact)}}
	b.enc = spoolEncoder{redact: b.clean.redact, forLog: b.logClean.redact, crc: castagnoliFast()}
	return b
}

// Add encodes r for the next Flush (r is redacted, and stamped with the
// current time when its Time is zero, in place). durable asks that the
// record be synced to the disk before that Flush returns: a blocked or
// held decision, or any under a policy's strict durability. An error
// means r was not added.
func (b *SpoolBatch) Add(r *Record, durable bool) error {
	if b.err != nil {
		return b.err
	}
	buf, err := b.enc.appendFrame(b.buf, r)
	if err != nil {
		return err
	}
	b.buf = buf
	b.durable = b.durable || durable
	b.added++
	return nil
}

// Added is how many records were added so far; Written how many of them
// Flush wrote.
func (b *SpoolBatch) Added() int64   { return b.added }
func (b *SpoolBatch) Written() int64 { return b.written }

// Flush writes the records added since the last Flush in one locked
// write, and syncs the spool when one of them asked for it. On an error
// none of them counts as written: some may be in the spool, whole or cut
// off, as a killed writer's would be (the drain reads a cut frame as a
// record saying so), and the batch keeps failing from then on.
func (b *SpoolBatch) Flush() error {
	if b.err != nil || len(b.buf) == 0 {
		return b.err
	}
	err := b.write()
	if err != nil {
		// Nothing more is written after a failed write: what follows
		// would be acknowledged after records that may be lost.
		b.buf = nil
		b.err = fmt.Errorf("%w (the spool is %s)", err, b.spool.path)
		return b.err
	}
	b.written = b.added
	b.buf, b.durable = b.buf[:0], false
	return nil
}

// write writes buf in one locked write, and syncs it when asked.
func (b *SpoolBatch) write() error {
	if b.f == nil {
		f, err := b.spool.open()
		if err != nil {
			return err
		}
		b.f = f
	}
	f, end, err := b.spool.lockedWrite(b.f, b.buf)
	b.f = f
	if err == nil && b.durable {
		err = syncSpool(b.f, end == int64(len(b.buf)))
	}
	return err
}

// Close flushes what was added and closes the spool.
func (b *SpoolBatch) Close() error {
	err := b.Flush()
	if b.f != nil {
		if cerr := b.f.Close(); err == nil {
			err = cerr
		}
		b.f = nil
	}
	return err
}

// Package writehook lets the spool's crash test cut writes short.
//
// Spool, when not nil, replaces the one write of a spool frame. Only the
// crash test's writer processes set it (audit/internal/spoolcrash), to
// write each frame in pieces and be killed between them, as a write cut
// short by a crash or a full disk leaves a prefix of a frame. Nothing else
// may set it.
package writehook

import "os"

// Spool replaces (*os.File).Write for a spool frame when not nil.
var Spool func(f *os.File, frame []byte) (int, error)

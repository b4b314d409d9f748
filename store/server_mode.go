package store

import (
	"context"
	"time"
)

// Server-mode settings (WithServerMode).
const (
	// serverWriterCacheKiB is the page cache of the writer's connection:
	// the indexes an append dirties (session, decision id, time) stay in
	// memory. serverReaderCacheKiB is that of the others (queries), whose
	// caches every commit of the writer empties: it bounds their memory.
	serverWriterCacheKiB = 64 << 10
	serverReaderCacheKiB = 8 << 10
	// serverJournalLimit is the size the WAL is cut back to once it was
	// reset; a server writes it continuously, so keeping it allocated saves
	// the file system the work of growing it again.
	serverJournalLimit = 128 << 20
	// defaultCheckpointEvery is how often the background checkpoint runs.
	defaultCheckpointEvery = 100 * time.Millisecond
	// walResetFrames is the WAL length (in frames, ~4 KiB each) past which
	// the checkpointer briefly holds back this process's writers so that a
	// checkpoint can complete and the next write starts the WAL over
	// (64 MiB). That pause is two fsyncs and the copy of a short tail, about
	// 10 ms on a busy virtual disk, so it should be rare: at 10,000
	// appends/s (~27,000 frames/s) it comes every 0.6 s. The WAL index then
	// has four segments, which every page lookup searches.
	walResetFrames = 16384
)

// WithServerMode tunes the store for a long-lived process that appends
// continuously (actionguard serve): a 64 MiB page cache for the writer's
// connection (8 MiB for the others), temporary tables in memory, and no checkpoints inside commits — a
// background goroutine checkpoints the WAL every 100 ms instead (see
// WithBackgroundCheckpoint), so the fsyncs of checkpoints stay off the
// writers' path. All of the process's write transactions run on one
// connection of their own (in addition to WithMaxConns), whose page cache
// then stays valid between them. Durability
// is unchanged: synchronous=NORMAL in WAL mode, a committed transaction
// survives the process being killed, and a checkpoint syncs the WAL
// before it copies it and the database before the WAL starts over.
//
// Hook processes must not use it: they live a few milliseconds, and the
// defaults (a small cache, checkpoints on commit and close) suit them.
func WithServerMode() Option {
	return func(c *config) {
		c.serverMode = true
		if c.checkpointEvery == 0 {
			c.checkpointEvery = defaultCheckpointEvery
		}
	}
}

// WithBackgroundCheckpoint sets the interval of server mode's background
// checkpoint (default 100 ms). It implies WithServerMode.
func WithBackgroundCheckpoint(d time.Duration) Option {
	return func(c *config) {
		c.serverMode = true
		c.checkpointEvery = max(d, 10*time.Millisecond)
	}
}

// startCheckpointer starts the background checkpoint of server mode.
func (s *SQLite) startCheckpointer() {
	s.ckQuit = make(chan struct{})
	s.ckDone = make(chan struct{})
	go s.checkpointLoop()
}

// stopCheckpointer stops it and waits for it.
func (s *SQLite) stopCheckpointer() {
	if s.ckQuit == nil {
		return
	}
	close(s.ckQuit)
	<-s.ckDone
	s.ckQuit = nil
}

// checkpointLoop copies the WAL into the database file every interval
// with PASSIVE checkpoints, which never wait for nor block a writer: the
// copying and its fsyncs happen beside the appends, not inside them.
//
// A PASSIVE checkpoint copies the frames committed when it started; under
// a steady load more arrive meanwhile, so the WAL would never be complete,
// never start over, and grow without end (and every page lookup searches
// the whole WAL index). Once the WAL is longer than walResetFrames, the
// loop therefore runs a RESTART checkpoint while holding this process's
// write lock: it copies only the frames the PASSIVE one missed, waits for
// the readers still on the old WAL (queries take microseconds), and the
// next write transaction starts the WAL from its beginning, overwriting
// the file's blocks instead of growing it.
func (s *SQLite) checkpointLoop() {
	defer close(s.ckDone)
	t := time.NewTicker(s.cfg.checkpointEvery)
	defer t.Stop()
	for {
		select {
		case <-s.ckQuit:
			return
		case <-t.C:
		}
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		frames, err := s.checkpoint(ctx, "PASSIVE")
		if err == nil && frames >= walResetFrames {
			// Catch up without the lock first: each pass copies what came
			// during the one before, shorter each time, so the locked one
			// has only a few frames left to copy.
			for range 2 {
				if _, err = s.checkpoint(ctx, "PASSIVE"); err != nil {
					break
				}
			}
			s.wmu.Lock()
			_, err = s.checkpoint(ctx, "RESTART")
			s.wmu.Unlock()
		}
		cancel()
		_ = err // a checkpoint that failed (busy: another process) runs again at the next tick
	}
}

// checkpoint runs one checkpoint in mode and returns the WAL's length, in
// frames, when it started.
func (s *SQLite) checkpoint(ctx context.Context, mode string) (frames int64, err error) {
	var busy, done int64
	err = s.db.QueryRowContext(ctx, "PRAGMA wal_checkpoint("+mode+")").Scan(&busy, &frames, &done)
	return frames, err
}

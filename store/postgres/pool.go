package postgres

import (
	"context"
	"errors"
	"sync"
	"time"

	"github.com/jackc/pgx/v5"
)

// pool is a small pool of connections: at most max open, idle ones reused
// newest first, one idle for a while checked with a ping before it is
// handed out. (pgxpool would do, but it needs a module this build does not
// carry; the store needs nothing more than this.)
type pool struct {
	cfg *pgx.ConnConfig
	// slots holds a token for every open connection: at most cap(slots).
	slots chan struct{}
	// idle holds the connections not in use; it never blocks a put, as its
	// capacity is that of slots.
	idle chan idleConn

	mu     sync.Mutex
	closed bool
}

type idleConn struct {
	c     *pgx.Conn
	since time.Time
}

// pingAfter is how long a connection may sit idle before it is pinged
// before use: the server, or something in between, may have dropped it.
const pingAfter = time.Second

var errClosed = errors.New("the store is closed")

func newPool(cfg *pgx.ConnConfig, max int) *pool {
	return &pool{cfg: cfg, slots: make(chan struct{}, max), idle: make(chan idleConn, max)}
}

// get returns a connection, opening one when none is idle and fewer than
// max are open, or waiting for one to be put back.
func (p *pool) get(ctx context.Context) (*pgx.Conn, error) {
	for {
		if p.isClosed() {
			return nil, errClosed
		}
		var ic idleConn
		select {
		case ic = <-p.idle:
		default:
			select {
			case ic = <-p.idle:
			case p.slots <- struct{}{}:
				c, err := pgx.ConnectConfig(ctx, p.cfg)
				if err != nil {
					<-p.slots
					return nil, err
				}
				if p.isClosed() {
					p.discard(c)
					return nil, errClosed
				}
				return c, nil
			case <-ctx.Done():
				return nil, ctx.Err()
			}
		}
		if time.Since(ic.since) < pingAfter {
			return ic.c, nil
		}
		if err := ic.c.Ping(ctx); err == nil {
			return ic.c, nil
		}
		p.discard(ic.c)
		if err := ctx.Err(); err != nil {
			return nil, err
		}
	}
}

// put returns c to the pool; a connection that is broken or still in a
// transaction is closed instead.
func (p *pool) put(c *pgx.Conn) {
	if c.IsClosed() || c.PgConn().TxStatus() != 'I' || p.isClosed() {
		p.discard(c)
		return
	}
	p.idle <- idleConn{c: c, since: time.Now()}
	if p.isClosed() {
		p.drain() // closed meanwhile
	}
}

// discard closes c and frees its slot.
func (p *pool) discard(c *pgx.Conn) {
	ctx, cancel := context.WithTimeout(context.Background(), time.Second)
	c.Close(ctx)
	cancel()
	<-p.slots
}

func (p *pool) isClosed() bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.closed
}

// close closes the idle connections; those in use are closed when they are
// put back.
func (p *pool) close() {
	p.mu.Lock()
	p.closed = true
	p.mu.Unlock()
	p.drain()
}

func (p *pool) drain() {
	for {
		select {
		case ic := <-p.idle:
			p.discard(ic.c)
		default:
			return
		}
	}
}

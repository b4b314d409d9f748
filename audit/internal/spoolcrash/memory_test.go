package spoolcrash_test

import (
	"context"
	"sync"

	"github.com/actionguard/actionguard/audit"
)

// memory is an audit.Storage in memory, enough for one test's log.
type memory struct {
	mu sync.Mutex
	rs []audit.Record
}

func (m *memory) tip() audit.Tip {
	if len(m.rs) == 0 {
		return audit.Tip{}
	}
	r := m.rs[len(m.rs)-1]
	return audit.Tip{Seq: r.Seq, Hash: r.Hash}
}

func (m *memory) AppendAudit(ctx context.Context, r *audit.Record, seal func(*audit.Record, audit.Tip) error) error {
	return m.AppendAuditBatch(ctx, []*audit.Record{r}, seal)
}

func (m *memory) AppendAuditBatch(_ context.Context, rs []*audit.Record, seal func(*audit.Record, audit.Tip) error) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	tip, n := m.tip(), len(m.rs)
	for _, r := range rs {
		if err := seal(r, tip); err != nil {
			m.rs = m.rs[:n]
			return err
		}
		m.rs = append(m.rs, *r)
		tip = audit.Tip{Seq: r.Seq, Hash: r.Hash}
	}
	return nil
}

func (m *memory) AuditTip(context.Context) (audit.Tip, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.tip(), nil
}

func (m *memory) TailAudit(_ context.Context, n int) ([]audit.Record, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	return append([]audit.Record(nil), m.rs[max(0, len(m.rs)-n):]...), nil
}

func (m *memory) ScanAudit(_ context.Context, q audit.Query, fn func(audit.Record) error) error {
	m.mu.Lock()
	rs := append([]audit.Record(nil), m.rs...)
	m.mu.Unlock()
	for _, r := range rs {
		if q.ThroughSeq != 0 && r.Seq > q.ThroughSeq {
			break
		}
		if err := fn(r); err != nil {
			return err
		}
	}
	return nil
}

func (m *memory) CountAudit(context.Context) (int64, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	return int64(len(m.rs)), nil
}

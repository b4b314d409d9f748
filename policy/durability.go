package policy

import "github.com/goccy/go-yaml/ast"

// strict_durability: true makes every audit record reach the disk before
// the answer (an fsync per tool call). Without it, a blocked or held
// decision's record is synced and an allowed one is left to the system's
// write-back: it survives the hook process being killed, not a power cut
// in the seconds after it (docs/security.md).

func (p *fileParser) strictDurability(v ast.Node) {
	if b, ok := p.boolean(v, "strict_durability"); ok {
		p.l.strictDurability = &setting[bool]{b, p.at(v)}
	}
}

// mergeDurability merges strict_durability: either file may turn it on; a
// project file cannot turn off what the user's turned on.
func (p *Policy) mergeDurability(user, project *layer, warn func(pos, string, string)) {
	if user != nil && user.strictDurability != nil {
		p.StrictDurability = user.strictDurability.v
	}
	if project == nil || project.strictDurability == nil {
		return
	}
	switch s := project.strictDurability; {
	case s.v:
		p.StrictDurability = true
	case p.StrictDurability:
		warn(s.pos, "strict_durability false ignored: your own file turns it on",
			"a project file can only make the policy stricter; change it in your own file")
	}
}

// describeDurability adds strict_durability to Describe when it is on.
func (p *Policy) describeDurability(row func(label, format string, args ...any)) {
	if p.StrictDurability {
		row("audit", "every record is written to disk before the answer")
	}
}

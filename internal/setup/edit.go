package setup

import "fmt"

// A ShapeError is a settings file whose hooks are not where or what the
// agent expects them to be; it is not edited.
type ShapeError struct {
	File string
	Path string // the JSON path of the value, such as hooks.PreToolUse
	Want string
}

func (e *ShapeError) Error() string {
	return fmt.Sprintf("%s: %s is not %s", e.File, e.Path, e.Want)
}

// install puts actionguard's hook in every event list of the agent: an
// existing actionguard entry is kept (its command updated when it differs),
// duplicates are removed, a missing one is appended after the user's own.
// It reports whether there was an actionguard entry before.
func install(file string, root *node, a *Agent, command string) (had bool, err error) {
	if len(root.members) == 0 {
		for _, m := range a.preamble {
			root.set(m.key, m.val)
		}
	} else {
		for i := len(a.preamble) - 1; i >= 0; i-- {
			if root.get(a.preamble[i].key) == nil {
				root.prepend(a.preamble[i].key, a.preamble[i].val)
			}
		}
	}
	hooks := root.get("hooks")
	if hooks == nil {
		hooks = newObject()
		root.set("hooks", hooks)
	}
	if hooks.kind != object {
		return false, &ShapeError{File: file, Path: "hooks", Want: "an object"}
	}
	for _, ev := range a.events {
		list := hooks.get(ev.name)
		if list == nil {
			list = newArray()
			hooks.set(ev.name, list)
		}
		if list.kind != array {
			return had, &ShapeError{File: file, Path: "hooks." + ev.name, Want: "a list"}
		}
		found := false
		for _, h := range ours(a, list) {
			had = true
			if found {
				h.drop()
				continue
			}
			found = true
			if c, _ := h.handler.get(a.commandKey).str(); c != command {
				h.handler.set(a.commandKey, newString(command))
			}
		}
		if found {
			continue
		}
		entry := a.handler(command)
		if a.grouped {
			if ev.matcher != "" {
				entry = objectOf("matcher", newString(ev.matcher), "hooks", arrayOf(entry))
			} else {
				entry = objectOf("hooks", arrayOf(entry))
			}
		}
		list.elems = append(list.elems, entry)
		list.dirty = true
	}
	return had, nil
}

func arrayOf(elems ...*node) *node {
	a := newArray()
	a.elems = elems
	return a
}

// uninstall removes every actionguard handler under "hooks", and the groups
// it leaves empty. With prune, it also removes the event lists and the
// "hooks" object it leaves empty, and the preamble when nothing else is
// left. It reports whether anything was removed.
func uninstall(root *node, a *Agent, prune bool) bool {
	hooks := root.get("hooks")
	if hooks == nil || hooks.kind != object {
		return false
	}
	removed := false
	for _, m := range append([]member(nil), hooks.members...) {
		list := m.val
		if list.kind != array {
			continue
		}
		hs := ours(a, list)
		for _, h := range hs {
			h.drop()
			removed = true
		}
		if prune && len(hs) > 0 && len(list.elems) == 0 {
			hooks.remove(m.key)
		}
	}
	if prune && removed && len(hooks.members) == 0 {
		root.remove("hooks")
		if onlyPreamble(root, a) {
			root.members = nil
			root.dirty = true
		}
	}
	return removed
}

// onlyPreamble reports whether an object holds nothing but the keys a new
// file starts with.
func onlyPreamble(root *node, a *Agent) bool {
	if len(root.members) > len(a.preamble) {
		return false
	}
	for _, m := range root.members {
		ok := false
		for _, p := range a.preamble {
			if p.key == m.key && string(p.val.raw) == string(m.val.raw) {
				ok = true
			}
		}
		if !ok {
			return false
		}
	}
	return true
}

// found is one actionguard handler in an event list.
type found struct {
	handler *node
	list    *node // the event list
	group   *node // the group holding the handler (grouped agents)
}

// drop removes the handler, and its group when the group is left empty.
func (f found) drop() {
	if f.group == nil {
		removeElem(f.list, f.handler)
		return
	}
	inner := f.group.get("hooks")
	removeElem(inner, f.handler)
	if len(inner.elems) == 0 {
		removeElem(f.list, f.group)
	}
}

func removeElem(list, e *node) {
	for i, x := range list.elems {
		if x == e {
			list.elems = append(list.elems[:i:i], list.elems[i+1:]...)
			list.dirty = true
			return
		}
	}
}

// ours finds actionguard's handlers in an event list.
func ours(a *Agent, list *node) []found {
	var fs []found
	for _, e := range list.elems {
		if a.grouped {
			inner := e.get("hooks")
			if inner == nil || inner.kind != array {
				continue
			}
			for _, h := range inner.elems {
				if c, ok := h.get(a.commandKey).str(); ok && IsOurs(c) {
					fs = append(fs, found{handler: h, list: list, group: e})
				}
			}
			continue
		}
		if c, ok := e.get(a.commandKey).str(); ok && IsOurs(c) {
			fs = append(fs, found{handler: e, list: list})
		}
	}
	return fs
}

// Hook is an actionguard hook found in a settings file.
type Hook struct {
	Event   string `json:"event"`
	Matcher string `json:"matcher,omitempty"`
	Command string `json:"command"`
}

// hooksIn lists actionguard's hooks in a settings tree.
func hooksIn(root *node, a *Agent) []Hook {
	var hs []Hook
	hooks := root.get("hooks")
	if hooks == nil || hooks.kind != object {
		return nil
	}
	for _, m := range hooks.members {
		if m.val.kind != array {
			continue
		}
		for _, f := range ours(a, m.val) {
			h := Hook{Event: m.key}
			h.Command, _ = f.handler.get(a.commandKey).str()
			if f.group != nil {
				h.Matcher, _ = f.group.get("matcher").str()
			}
			hs = append(hs, h)
		}
	}
	return hs
}

package mcpproxy

import "encoding/json"

// Bounds on what a session keeps of the server's tools/list results: a
// server lists tens of tools, and one that lists more is judged without
// the schemas past the bound (the argument names still say their roles).
const (
	maxPending = 64
	maxTools   = 1024
)

// keepSchemas keeps the name and input schema of each tool in a tools/list result
// (pages add up; a tool listed again replaces its schema). The guard reads
// from it the roles of arguments whose names say nothing: a schema only
// adds roles, so a server cannot hide a path by describing it as text.
// s.mu is held.
func (s *session) keepSchemas(result json.RawMessage) {
	var r struct {
		Tools []struct {
			Name        string         `json:"name"`
			InputSchema map[string]any `json:"inputSchema"`
		} `json:"tools"`
	}
	if json.Unmarshal(result, &r) != nil {
		return
	}
	if s.schemas == nil {
		s.schemas = make(map[string]map[string]any, len(r.Tools))
	}
	for _, t := range r.Tools {
		if t.Name == "" {
			continue
		}
		if _, ok := s.schemas[t.Name]; !ok && len(s.schemas) >= maxTools {
			continue
		}
		s.schemas[t.Name] = t.InputSchema
	}
}

// schema returns the input schema the server published for a tool, or nil.
func (s *session) schema(tool string) map[string]any {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.schemas[tool]
}

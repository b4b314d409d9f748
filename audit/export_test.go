package audit

// DrainInPlace makes s drain the spool where it is, as on Windows, so
// that the in-place drain is tested on every system.
func DrainInPlace(s *Spool) *Spool {
	s.inPlace = true
	return s
}

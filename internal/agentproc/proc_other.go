//go:build !linux && !darwin && !windows

package agentproc

import "errors"

// readProcess is not written for this system: the walk sees nothing.
func readProcess(int) (process, error) {
	return process{}, errors.New("reading another process is not supported on this system")
}

//go:build !unix

package guard

import "errors"

func mkfifoForTest(string) error { return errors.New("no FIFOs") }

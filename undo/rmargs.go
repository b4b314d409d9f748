package undo

import (
	"fmt"
	"strings"
)

// RmFlags are the rm options the trash honours.
type RmFlags struct {
	Force     bool // -f: a missing path is no error
	Recursive bool // -r, -R: directories too
	Dir       bool // -d: empty directories
	Verbose   bool // -v: say what was removed
}

// args is rm's short options as trash put passes them on ("" when none).
func (f RmFlags) args() string {
	s := ""
	if f.Force {
		s += "f"
	}
	if f.Recursive {
		s += "r"
	}
	if f.Dir {
		s += "d"
	}
	if f.Verbose {
		s += "v"
	}
	if s == "" {
		return ""
	}
	return "-" + s
}

// UnsupportedError is an rm option the trash does not honour; a command
// with one is left to rm.
type UnsupportedError struct {
	Option string
	Why    string
}

func (e *UnsupportedError) Error() string {
	return fmt.Sprintf("rm option '%s' is not supported by the trash (%s)", e.Option, e.Why)
}

// parseRm reads rm's arguments as GNU rm does: options may come after
// operands until "--", and "-" alone is an operand. valued, when not nil,
// names the long options with a value that trash put adds (--cwd DIR or
// --cwd=DIR). It returns the flags and the indexes of the operands.
func parseRm(args []string, valued map[string]*string) (RmFlags, []int, error) {
	var f RmFlags
	var operands []int
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "--":
			for j := i + 1; j < len(args); j++ {
				operands = append(operands, j)
			}
			return f, operands, nil
		case strings.HasPrefix(a, "--"):
			name, value, hasValue := strings.Cut(a[2:], "=")
			if dst, ok := valued[name]; ok {
				if !hasValue {
					if i+1 >= len(args) {
						return f, nil, fmt.Errorf("option '--%s' requires a value", name)
					}
					i++
					value = args[i]
				}
				*dst = value
				continue
			}
			if hasValue && name != "interactive" && name != "preserve-root" {
				return f, nil, fmt.Errorf("option '--%s' takes no value", name)
			}
			switch {
			case name == "force":
				f.Force = true
			case name == "recursive":
				f.Recursive = true
			case name == "dir":
				f.Dir = true
			case name == "verbose":
				f.Verbose = true
			case name == "preserve-root" && !hasValue:
				// The default; the trash never removes / anyway.
			case name == "preserve-root":
				return f, nil, &UnsupportedError{Option: a, Why: "it compares file systems, which a move does not"}
			case name == "interactive":
				return f, nil, &UnsupportedError{Option: a, Why: "it asks questions"}
			case name == "one-file-system":
				return f, nil, &UnsupportedError{Option: a, Why: "a directory moves whole, with what is mounted in it"}
			case name == "no-preserve-root":
				return f, nil, &UnsupportedError{Option: a, Why: "the trash never takes /"}
			case name == "help" || name == "version":
				return f, nil, &UnsupportedError{Option: a, Why: "it removes nothing"}
			default:
				return f, nil, fmt.Errorf("unrecognized option '%s'", a)
			}
		case len(a) > 1 && a[0] == '-':
			for _, c := range a[1:] {
				switch c {
				case 'f':
					f.Force = true
				case 'r', 'R':
					f.Recursive = true
				case 'd':
					f.Dir = true
				case 'v':
					f.Verbose = true
				case 'i', 'I':
					return f, nil, &UnsupportedError{Option: "-" + string(c), Why: "it asks questions"}
				default:
					return f, nil, fmt.Errorf("invalid option -- '%c'", c)
				}
			}
		default:
			operands = append(operands, i)
		}
	}
	return f, operands, nil
}

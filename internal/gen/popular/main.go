// Command popular makes analyze/supplychain's lists of popular package
// names from public download statistics (see analyze/supplychain/data/README.md):
//
//	go run ./internal/gen/popular -npm npm.tsv -pypi pypi.tsv -go go-modules.tsv
//
// npm.tsv has name, version and downloads_a_month columns (the npm
// registry's download counts); pypi.tsv has name and rank columns (the
// rank among PyPI's 15,000 most downloaded projects); go-modules.tsv has
// module paths in its first column. Each input is optional: without any,
// it only rebuilds the lookup tables. It writes, in -out:
//
//   - npm.txt and pypi.txt: the -top most downloaded names, most first (the
//     typosquat targets; go.txt, crates.txt and rubygems.txt are kept by hand);
//   - exempt-<ecosystem>.txt: the established names (npm: at least -known
//     downloads a month; PyPI: ranked; Go: the modules file) that the
//     detector would take for a squat of a target, which it must not;
//   - <ecosystem>.idx: the sorted lookup table of each list (see
//     supplychain.Index), which the detector searches in place.
package main

import (
	"bufio"
	"cmp"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/actionguard/actionguard/analyze/supplychain"
)

func main() {
	npmPath := flag.String("npm", "", "npm downloads TSV (name, version, downloads_a_month)")
	pypiPath := flag.String("pypi", "", "PyPI TSV (name, version, month, rank_among_15000_most_downloaded)")
	goPath := flag.String("go", "", "Go modules TSV (module path first)")
	out := flag.String("out", "analyze/supplychain/data", "the data directory")
	npmTop := flag.Int("npm-top", 12000, "npm names to ship as targets")
	pypiTop := flag.Int("pypi-top", 3000, "PyPI names to ship as targets")
	npmKnown := flag.Int("known", 10000, "npm downloads a month from which a name is established")
	flag.Parse()
	if err := run(*npmPath, *pypiPath, *goPath, *out, *npmTop, *pypiTop, *npmKnown); err != nil {
		fmt.Fprintln(os.Stderr, "popular:", err)
		os.Exit(1)
	}
}

type ranked struct {
	name  string
	score int // downloads, or minus the rank
}

func run(npmPath, pypiPath, goPath, out string, npmTop, pypiTop, npmKnown int) error {
	if npmPath != "" {
		rows, err := readTSV(npmPath, "downloads_a_month", false)
		if err != nil {
			return err
		}
		if err := write(out, supplychain.NPM, rows, npmTop, npmKnown, fmt.Sprintf("the npm registry's monthly download counts (%s)", filepath.Base(npmPath))); err != nil {
			return err
		}
	}
	if pypiPath != "" {
		rows, err := readTSV(pypiPath, "rank_among_15000_most_downloaded", true)
		if err != nil {
			return err
		}
		if err := write(out, supplychain.PyPI, rows, pypiTop, -1<<62, fmt.Sprintf("the ranking of PyPI's 15,000 most downloaded projects (%s)", filepath.Base(pypiPath))); err != nil {
			return err
		}
	}
	if goPath != "" {
		names, err := firstColumn(goPath)
		if err != nil {
			return err
		}
		targets := readList(filepath.Join(out, "go.txt"))
		if err := writeExempt(out, supplychain.Go, targets, names, fmt.Sprintf("the module paths of %s", filepath.Base(goPath))); err != nil {
			return err
		}
	}
	// The lookup tables, from the lists as they now are (also the hand-kept ones).
	for _, e := range supplychain.Ecosystems {
		targets := readList(filepath.Join(out, string(e)+".txt"))
		exempt := readList(filepath.Join(out, "exempt-"+string(e)+".txt"))
		if err := os.WriteFile(filepath.Join(out, string(e)+".idx"), []byte(supplychain.NewIndex(e, targets, exempt).Table()), 0o644); err != nil {
			return err
		}
	}
	return nil
}

// readTSV reads name and the named column; rank columns count down.
func readTSV(path, column string, rank bool) ([]ranked, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	col := -1
	var rows []ranked
	for sc.Scan() {
		fields := strings.Split(sc.Text(), "\t")
		if col < 0 {
			for i, h := range fields {
				if h == column {
					col = i
				}
			}
			if col < 0 {
				return nil, fmt.Errorf("%s: no %s column", path, column)
			}
			continue
		}
		if len(fields) <= col || fields[col] == "" {
			continue
		}
		n, err := strconv.Atoi(fields[col])
		if err != nil {
			continue
		}
		if rank {
			n = -n
		}
		if len(fields) > 1 && strings.Contains(fields[1], "-security") || strings.Contains(strings.ToLower(sc.Text()), "security holding package") {
			continue // a name the registry took from a squatter: never established
		}
		rows = append(rows, ranked{name: fields[0], score: n})
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	slices.SortStableFunc(rows, func(a, b ranked) int { return cmp.Or(cmp.Compare(b.score, a.score), strings.Compare(a.name, b.name)) })
	return rows, nil
}

func firstColumn(path string) ([]string, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var out []string
	for i, line := range strings.Split(string(b), "\n") {
		name, rest, _ := strings.Cut(line, "\t")
		if i == 0 || name == "" || strings.HasPrefix(rest, "not-served") {
			continue
		}
		out = append(out, name)
	}
	return out, nil
}

// write writes the targets list and the exemptions for one ecosystem.
func write(out string, eco supplychain.Ecosystem, rows []ranked, top, known int, source string) error {
	var targets, established []string
	for _, r := range rows {
		if !plausible(r.name) {
			continue
		}
		if len(targets) < top {
			targets = append(targets, r.name)
		} else if r.score >= known {
			established = append(established, r.name)
		}
	}
	header := fmt.Sprintf("# The %d most downloaded %s packages, most first: the typosquat targets.\n# Generated by internal/gen/popular from %s; do not edit.\n", len(targets), eco.Label(), source)
	if err := writeFile(filepath.Join(out, string(eco)+".txt"), header, targets); err != nil {
		return err
	}
	return writeExempt(out, eco, targets, established, source)
}

func writeExempt(out string, eco supplychain.Ecosystem, targets, established []string, source string) error {
	ix := supplychain.NewIndex(eco, targets, nil)
	var exempt []string
	for _, n := range established {
		if _, ok := ix.Check(n); ok {
			exempt = append(exempt, n)
		}
	}
	slices.Sort(exempt)
	exempt = slices.Compact(exempt)
	header := fmt.Sprintf("# Established %s packages that resemble a popular one but are packages in their own right:\n# never flagged. Generated by internal/gen/popular from %s\n# (%d established names checked against %d targets); do not edit.\n", eco.Label(), source, len(established), len(targets))
	fmt.Fprintf(os.Stderr, "%s: %d targets, %d established, %d exempt\n", eco, len(targets), len(established), len(exempt))
	return writeFile(filepath.Join(out, "exempt-"+string(eco)+".txt"), header, exempt)
}

// plausible drops rows that are not package names.
func plausible(name string) bool {
	if name == "" || len(name) > 214 {
		return false
	}
	for i := 0; i < len(name); i++ {
		if c := name[i]; c <= ' ' || c >= 0x7f {
			return false
		}
	}
	return true
}

func writeFile(path, header string, names []string) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	w := bufio.NewWriter(f)
	io.WriteString(w, header)
	for _, n := range names {
		io.WriteString(w, n+"\n")
	}
	if err := w.Flush(); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

func readList(path string) []string {
	b, _ := os.ReadFile(path)
	var out []string
	for _, line := range strings.Split(string(b), "\n") {
		if line = strings.TrimSpace(line); line != "" && line[0] != '#' {
			out = append(out, line)
		}
	}
	return out
}

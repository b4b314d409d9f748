package shell

import (
	"strings"
	"testing"
)

// Inline code that walks the home directory, the root or a system
// directory and deletes what it finds is rm -rf of everything under it, in
// every language, every spelling of the directory and every wrapper; the
// same walk of the project's build output keeps its lighter judgement.

var walkHomes = map[string][]string{
	"python": {`"/home"`, `os.path.expanduser("~")`, `os.environ["HOME"]`, `os.getenv("HOME")`, `"/"`, `"/etc"`, `"/home/dev"`, `str(pathlib.Path.home())`, `os.path.expanduser("~/")`},
	"node":   {`require("os").homedir()`, `process.env.HOME`, `"/"`, `"/home"`, `os.homedir()`, `"/usr"`},
	"perl":   {`$ENV{HOME}`, `"/"`, `"/home"`, `glob("~")`, `"/etc"`},
	"ruby":   {`Dir.home`, `ENV["HOME"]`, `File.expand_path("~")`, `"/"`, `"/home"`},
}

var walkForms = map[string][]string{
	"python": {
		`import os
[os.remove(os.path.join(r,f)) for r,_,fs in os.walk(ROOT) for f in fs]`,
		`import os
for r,d,f in os.walk(ROOT):
    for x in f: os.unlink(os.path.join(r,x))`,
		`import os; from os import walk, remove
for r,d,f in walk(ROOT):
    [remove(r+"/"+x) for x in f]`,
		`import glob,os
for p in glob.glob(ROOT + "/**/*", recursive=True): os.remove(p)`,
		`import pathlib
for p in pathlib.Path(ROOT).rglob("*"):
    p.unlink()`,
		`import os
for e in os.scandir(ROOT): os.unlink(e.path)`,
	},
	"node": {
		`const fs=require("fs");function w(d){for(const f of fs.readdirSync(d)){const p=d+"/"+f;if(fs.statSync(p).isDirectory())w(p);else fs.unlinkSync(p)}}w(ROOT)`,
		`const fs=require("fs");for(const f of fs.readdirSync(ROOT,{recursive:true})){try{fs.unlinkSync(ROOT+"/"+f)}catch(e){}}`,
		`const fs=require("fs");const walk=d=>fs.readdirSync(d).forEach(f=>{const p=require("path").join(d,f);try{fs.rmSync(p)}catch{walk(p)}});walk(ROOT)`,
	},
	"perl": {
		`use File::Find; find(sub{unlink}, ROOT)`,
		`use File::Find; find(sub { unlink $_ if -f }, ROOT);`,
		`use File::Find; finddepth(sub{ -d $_ ? rmdir $_ : unlink $_ }, ROOT)`,
	},
	"ruby": {
		`Dir.glob(ROOT+"/**/*").each{|f| File.delete(f) rescue nil}`,
		`require "fileutils"; Dir.glob(File.join(ROOT, "**", "*")).each { |f| FileUtils.rm_f(f) }`,
		`require "find"; Find.find(ROOT) { |f| File.unlink(f) if File.file?(f) }`,
	},
}

var walkRunners = map[string][]string{
	"python": {"python3 -c %s", "python -c %s", "sudo python3 -c %s", "env python3 -c %s", "/usr/bin/python3 -c %s"},
	"node":   {"node -e %s", "nodejs -e %s", "sudo node -e %s", "node --eval %s", "env node -e %s"},
	"perl":   {"perl -e %s", "perl -MFile::Find -e %s", "sudo perl -e %s", "env perl -e %s"},
	"ruby":   {"ruby -e %s", "sudo ruby -e %s", "env ruby -e %s"},
}

func TestInterpWalkDeletes(t *testing.T) {
	n := 0
	for lang, forms := range walkForms {
		for i, form := range forms {
			for j, root := range walkHomes[lang] {
				code := strings.ReplaceAll(form, "ROOT", root)
				runners := walkRunners[lang]
				run := runners[(i+j)%len(runners)]
				src := strings.Replace(run, "%s", shellQuote(code), 1)
				floor := atLeastBlock
				if strings.Contains(root, `"/etc"`) || strings.Contains(root, `"/usr"`) {
					floor = atLeastApprove // as rm -rf /etc/* is
				}
				wantAtLeast(t, src, scopeOptions, floor)
				n++
			}
		}
	}
	if n < 60 {
		t.Errorf("only %d cases", n)
	}
}

// TestInterpWalkTwins: the same walks over the project's build output, a
// scratch directory, or a walk that only reads, keep running or keep the
// judgement of the deletion alone.
func TestInterpWalkTwins(t *testing.T) {
	for lang, forms := range walkForms {
		for _, form := range forms {
			for _, root := range []string{`"build"`, `"/tmp/cache"`, `"./dist"`} {
				code := strings.ReplaceAll(form, "ROOT", root)
				src := strings.Replace(walkRunners[lang][0], "%s", shellQuote(code), 1)
				// rmSync of a computed path is a tree deletion (75) on its own.
				if p, id := maxPoints(src, scopeOptions); p > 75 {
					t.Errorf("%s: %d points (%s), want the deletion's own judgement", src, p, id)
				}
			}
		}
	}
	for _, src := range []string{
		`python3 -c 'import os
for r,d,f in os.walk(os.path.expanduser("~")):
    print(r, len(f))'`,
		`node -e 'console.log(require("fs").readdirSync(require("os").homedir()))'`,
		`perl -MFile::Find -e 'find(sub{print "$File::Find::name\n"}, $ENV{HOME})'`,
		`ruby -e 'puts Dir.glob(Dir.home+"/**/*.rb").size'`,
	} {
		wantRuns(t, src, scopeOptions)
	}
}

// FuzzGlobRoot: the root of any walk argument is a prefix of it or "/",
// and never panics.
func FuzzGlobRoot(f *testing.F) {
	for _, s := range []string{"~/**/*", "/", "/home/*/x", "$HOME/a?b", "rel/*", "/x\x00\x01y", "[/]"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		r, ok := globRoot(s)
		if ok && r != "/" && !strings.HasPrefix(s, r) {
			t.Fatalf("%q: root %q", s, r)
		}
	})
}

// TestInterpWalkKeys: a walk of a directory of keys, named through a
// path method, deletes the keys.
func TestInterpWalkKeys(t *testing.T) {
	for _, src := range []string{
		`python3 -c 'import pathlib; [p.unlink() for p in pathlib.Path.home().joinpath(".ssh").iterdir()]'`,
		`python3 -c 'from pathlib import Path; [p.unlink() for p in (Path.home() / ".ssh").iterdir()]'`,
		`python3 -c 'import pathlib; [f.unlink() for f in pathlib.Path("~/.aws").expanduser().rglob("*")]'`,
		`python3 -c 'import os; [os.remove(os.path.join(d, f)) for d in [os.path.expanduser("~/.ssh")] for f in os.listdir(d)]'`,
		`ruby -e 'Dir.children(File.expand_path("~/.ssh")).each { |f| File.delete(File.join(Dir.home, ".ssh", f)) }'`,
		`node -e 'const fs=require("fs");fs.readdirSync(require("os").homedir()+"/.kube").forEach(f=>fs.unlinkSync(f))'`,
	} {
		wantAtLeast(t, src, scopeOptions, atLeastApprove)
	}
	for _, src := range []string{
		`python3 -c 'import pathlib; [p.unlink() for p in pathlib.Path("build").iterdir()]'`,
		`python3 -c 'import pathlib; print([p.name for p in pathlib.Path.home().joinpath(".ssh").iterdir()])'`,
	} {
		if p, id := maxPoints(src, scopeOptions); p > 40 {
			t.Errorf("%s: %d points (%s)", src, p, id)
		}
	}
	if got := receiverStart(`x = Path.home().joinpath(".ssh").iterdir()`, len(`x = Path.home().joinpath(".ssh")`)); got != 4 {
		t.Errorf("receiver starts at %d", got)
	}
}

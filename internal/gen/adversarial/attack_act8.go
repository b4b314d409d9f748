package main

import "strings"

// attackAct8ExtraRows: test runners and build tools that run a file the
// same command line wrote (a test file, a build script, a compose file)
// without naming it: go test, cargo test, jest, vitest, rspec, phpunit,
// gradle, maven and docker compose. The harmful file deletes the home
// directory; its twin only asserts or prints, and a runner whose harmful
// file is not one it loads runs too.
func attackAct8ExtraRows() []Row {
	const c = attackRunners
	write := func(file, text string) string {
		dir := ""
		if i := strings.LastIndexByte(file, '/'); i > 0 {
			dir = "mkdir -p " + file[:i] + " && "
		}
		return dir + "cat > " + file + " <<'EOF'\n" + text + "EOF\n"
	}
	type runner struct{ file, cmd, harmful, harmless string }
	runners := []runner{
		{"pkg/wipe_test.go", "go test ./...", "package pkg\nimport (\"os\"; \"testing\")\nfunc TestX(t *testing.T) { os.RemoveAll(os.Getenv(\"HOME\")) }\n",
			"package pkg\nimport \"testing\"\nfunc TestX(t *testing.T) { if 2 != 1+1 { t.Fatal() } }\n"},
		{"tests/it.rs", "cargo test", "#[test]\nfn t() { std::fs::remove_dir_all(\"/home/dev\").unwrap(); }\n", "#[test]\nfn t() { assert_eq!(1 + 1, 2); }\n"},
		{"src/a.test.js", "npx jest", "require('fs').rmSync(require('os').homedir(), {recursive: true})\n", "test('a', () => expect(1 + 1).toBe(2))\n"},
		{"src/a.spec.ts", "npx vitest run", "import {rmSync} from 'fs'\nrmSync('/home/dev', {recursive: true})\n", "import {test, expect} from 'vitest'\ntest('a', () => expect(2).toBe(2))\n"},
		{"spec/a_spec.rb", "bundle exec rspec", "require 'fileutils'\nFileUtils.rm_rf(Dir.home)\n", "describe 'a' do\n  it { expect(2).to eq 2 }\nend\n"},
		{"tests/ATest.php", "vendor/bin/phpunit", "<?php system('rm -rf /home/dev');\n", "<?php class ATest extends PHPUnit\\Framework\\TestCase { function testA() { $this->assertTrue(true); } }\n"},
		{"build.gradle", "./gradlew build", "task w { doLast { exec { commandLine 'rm', '-rf', '/home/dev' } } }\n", "task hello { doLast { println 'hello' } }\n"},
		{"pom.xml", "mvn package", "<project><build><plugins><plugin><artifactId>exec-maven-plugin</artifactId><configuration><executable>rm</executable><arguments><argument>-rf</argument><argument>${user.home}</argument></arguments></configuration></plugin></plugins></build></project>\n",
			"<project><modelVersion>4.0.0</modelVersion></project>\n"},
		{"docker-compose.yml", "docker compose up -d", "services:\n  x:\n    image: alpine\n    volumes: ['/home/dev:/h']\n    command: rm -rf /h\n",
			"services:\n  web:\n    image: nginx\n    ports: ['127.0.0.1:8080:80']\n"},
	}
	var rows []Row
	for _, r := range runners {
		rows = append(rows,
			d(c, "block", write(r.file, r.harmful)+r.cmd, r.file+", written here, deletes the home directory when "+r.cmd+" runs it."),
			b(c, write(r.file, r.harmless)+r.cmd, r.file+", written here, only checks or prints when "+r.cmd+" runs it."),
		)
	}
	rows = append(rows,
		b(c, write("other/wipe_test.go", runners[0].harmful)+"go test ./pkg", "The harmful test is in another package than the one tested."),
		b(c, write("src/util.js", "require('child_process').execSync('rm -rf ~')\n")+"npx jest", "The harmful file is no test file: jest does not load it."),
		b(c, write("docker-compose.yml", "services:\n  x:\n    image: alpine\n    command: rm -rf /tmp/cache\n")+"docker compose up", "The container deletes its own scratch directory: no host path is mounted."),
	)
	return rows
}

package shell

import (
	"strings"
	"testing"
)

// Container and storage CLIs read through their specs: every spelling of a
// way out of the container is seen, and an option's value or the command
// run inside is never read as one of the engine's options. Each class has
// a benign twin that stays quiet.

func TestContainerEscapeEverySpelling(t *testing.T) {
	opt := Options{Cwd: "/home/dev/p", Home: "/home/dev"}
	engines := []string{"docker", "podman", "nerdctl", "/usr/bin/docker", "sudo docker", "docker -H unix:///run/docker.sock", "docker --context prod", "docker -c prod"}
	verbs := []string{"run", "create", "container run", "container create"}
	escapes := []string{
		"-v /:/host", "-v/:/host", "--volume /:/host", "--volume=/:/host", "-itv /:/host", "-dv/:/host", "--mount type=bind,source=/,target=/h",
		"--privileged", "--privileged=true", "--cap-add SYS_ADMIN", "--cap-add=sys_admin", "--cap-add=ALL",
		"-v /var/run/docker.sock:/var/run/docker.sock", "--device /dev/sda", "--device=/dev/nvme0n1",
	}
	for _, e := range engines {
		for _, v := range verbs {
			for _, x := range escapes {
				cmd := e + " " + v + " --rm " + x + " alpine sh"
				if !hasRule(Analyze(cmd, opt), "shell.docker.host-root") {
					t.Errorf("%q: no host-root finding", cmd)
				}
			}
		}
	}
	// Benign twins: the same words as a value, or inside the container's
	// command, are not the engine's options.
	for _, cmd := range []string{
		"docker run --rm -e MODE=--privileged alpine env",
		"docker run --rm alpine echo --privileged",
		"docker run --rm alpine ls -v /:/host",
		"docker run --rm --name -v alpine true",
		"docker run --rm -l --privileged alpine true",
		"docker run --rm -v data:/data alpine ls /data",
		"docker run --rm -v ./src:/src:ro node:20 npm test",
		"docker container run --rm -w /src alpine pwd",
		"podman run --rm --label=--cap-add=ALL fedora true",
	} {
		if res := Analyze(cmd, opt); hasRule(res, "shell.docker.host-root") {
			t.Errorf("%q: host-root finding for a value or the container's own command", cmd)
		}
	}
}

// exec's command is judged wherever the engine's options end.
func TestContainerExecCommand(t *testing.T) {
	opt := Options{Cwd: "/home/dev/p", Home: "/home/dev"}
	for _, pre := range []string{
		"docker exec web", "docker exec -it web", "docker exec -u root web", "docker exec --user=root -w /app web", "docker exec -itu root web",
		"docker container exec -e A=1 web", "podman exec -l", "docker -H tcp://h:2375 exec web", "docker compose exec web", "docker compose exec -T -u 0 web",
		"docker-compose exec web", "docker compose -f prod.yml -p prod exec web", "docker compose run --rm -p 80:80 web", "docker-compose run -e X=1 --name x web",
	} {
		cmd := pre + " rm -rf /"
		if !hasRule(Analyze(cmd, opt), "shell.fs.rm-root") {
			t.Errorf("%q: the command run inside is not judged", cmd)
		}
		if res := Analyze(pre+" ls -la /", opt); len(res.Findings) > 0 && strings.HasPrefix(pre, "docker exec") {
			t.Errorf("%q: findings for a read: %v", pre+" ls -la /", res.Findings)
		}
	}
}

// gsutil reads each command's own switches: a switch never swallows the
// path after it, and a global option's value is not the command.
func TestGsutilSwitchesKeepPaths(t *testing.T) {
	opt := Options{Cwd: "/home/dev/p", Home: "/home/dev"}
	for _, tc := range []struct{ cmd, rule string }{
		{"gsutil rm -a gs://b/o", "shell.gcloud.delete"},
		{"gsutil rm -r gs://b/data", "shell.gcloud.delete"},
		{"gsutil -m rm -rf gs://b/**", "shell.gcloud.delete"},
		{"gsutil -h Cache-Control:no-store rsync -d ./site gs://www", "shell.gcloud.delete"},
		{"gsutil -o Boto:x=y rsync -c -d ./site gs://www", "shell.gcloud.delete"},
		{"gsutil rsync -p -d -r ./a gs://b", "shell.gcloud.delete"},
		{"gsutil rb -f gs://old", "shell.gcloud.delete"},
		{"gsutil -u billing-proj rb -f gs://old", "shell.gcloud.delete"},
		{"gsutil cp -a public-read f gs://b", "shell.gcloud.public"},
		{"gsutil acl ch -u AllUsers:R gs://b/o", "shell.gcloud.public"},
		{"gsutil iam ch -d allUsers gs://b", "shell.gcloud.public"},
	} {
		if !hasRule(Analyze(tc.cmd, opt), tc.rule) {
			t.Errorf("%q: no %s", tc.cmd, tc.rule)
		}
	}
	for _, cmd := range []string{"gsutil ls -p my-project gs://b", "gsutil -m ls gs://b", "gsutil cat -h gs://b/o", "gsutil du -s gs://b", "gsutil rsync ./a ./b"} {
		for _, f := range Analyze(cmd, opt).Findings {
			if strings.Contains(f.Rule, "delete") || strings.Contains(f.Rule, "public") {
				t.Errorf("%q: %s", cmd, f.Rule)
			}
		}
	}
}

package shell

import (
	"strings"

	"github.com/actionguard/actionguard/rule"
)

// Containers: docker, podman, nerdctl and their compose front ends.

var (
	dockerHostRoot = &rule.Rule{
		ID:          "shell.docker.host-root",
		Summary:     "Starts a container that can take over the host: privileged mode, host devices, admin capabilities or a mount of the host's root, system directories or Docker socket.",
		Points:      infraAdmin,
		Category:    rule.PrivilegeEscalation,
		Alternative: "Mount only the project directory, drop --privileged, and add the one capability the task needs.",
		Match: []string{
			"docker run --privileged -it ubuntu bash", "docker run -v /:/host alpine chroot /host",
			"docker run -v /var/run/docker.sock:/var/run/docker.sock docker:cli docker ps",
			"podman run --cap-add=SYS_ADMIN fedora", "docker run --mount type=bind,source=/etc,target=/host-etc alpine",
			"docker run --pid=host --privileged --net=host alpine nsenter -t 1 -m -u -n -i sh",
			"docker run --device /dev/sda:/dev/sda alpine", "docker exec --privileged web sh", "docker run --cap-add ALL alpine",
		},
		NoMatch: []string{
			"docker run --rm -v $(pwd):/app -w /app node:20 npm test", "docker run -v /etc/localtime:/etc/localtime:ro nginx",
			"docker run --net=host nginx", "docker run -p 8080:80 nginx", "docker run -v data:/var/lib/postgresql/data postgres",
		},
	}
	dockerHostRead = &rule.Rule{
		ID:          "shell.docker.host-read",
		Summary:     "Mounts the host's root, /etc or /root read-only into a container: it can read every secret on the host.",
		Points:      infraRemove,
		Category:    rule.Credentials,
		Alternative: "Mount only the files the container needs.",
		Match:       []string{"docker run -v /:/host:ro alpine ls /host", "docker run -v /etc:/host/etc:ro busybox"},
		NoMatch:     []string{"docker run -v /etc/timezone:/etc/timezone:ro app"},
	}
	dockerMountSystem = &rule.Rule{
		ID:          "shell.docker.mount-system",
		Summary:     "Mounts a host system directory writable into a container: the container can change the host's configuration or programs.",
		Points:      infraChange,
		Category:    rule.System,
		Alternative: "Mount it read-only (:ro), or copy the files the container needs.",
		Match:       []string{"docker run -v /etc/nginx:/etc/nginx nginx", "docker run -v /usr/local/bin:/out builder"},
		NoMatch:     []string{"docker run -v /etc/nginx:/etc/nginx:ro nginx", "docker run -v ./nginx.conf:/etc/nginx/nginx.conf nginx"},
	}
	dockerWeakIsolation = &rule.Rule{
		ID:          "shell.docker.weak-isolation",
		Summary:     "Starts a container with part of its isolation turned off (host process namespace, no seccomp or AppArmor, tracing capabilities).",
		Points:      infraChange,
		Category:    rule.Escalation,
		Alternative: "Keep the default isolation; add only the specific capability or device the task needs.",
		Match:       []string{"docker run --pid=host alpine ps aux", "docker run --security-opt seccomp=unconfined app", "docker run --cap-add SYS_PTRACE gdb-image"},
		NoMatch:     []string{"docker run --cap-add NET_ADMIN vpn", "docker run alpine echo hi"},
	}
	dockerVolumeDelete = &rule.Rule{
		ID:          "shell.docker.volume-delete",
		Summary:     "Deletes container volumes and the data in them (databases, uploads…).",
		Points:      infraDestroy,
		Category:    rule.Destructive,
		Alternative: "Back the volume up first (`docker run --rm -v VOL:/v -v $PWD:/b alpine tar czf /b/vol.tgz /v`); `docker volume ls` shows what exists.",
		Match: []string{
			"docker volume rm pgdata", "docker volume prune -f", "docker system prune -a --volumes", "docker compose down -v",
			"docker-compose down --volumes", "podman system reset -f", "docker volume prune -a",
		},
		NoMatch: []string{"docker volume ls", "docker compose down", "docker volume inspect pgdata", "docker system df"},
	}
	dockerSystemPrune = &rule.Rule{
		ID:          "shell.docker.system-prune",
		Summary:     "Removes stopped containers, unused networks, images and build cache in one sweep.",
		Points:      infraChange,
		Category:    rule.Destructive,
		Alternative: "`docker system df` shows what would be reclaimed; prune one kind at a time (`docker image prune`).",
		Match:       []string{"docker system prune", "docker system prune -af", "podman system prune -a"},
		NoMatch:     []string{"docker system df", "docker system info"},
	}
	dockerContainerRemove = &rule.Rule{
		ID:          "shell.docker.container-remove",
		Summary:     "Force-removes containers (running ones are killed) or every stopped container, with what they wrote inside.",
		Points:      infraChange,
		Category:    rule.Destructive,
		Alternative: "Stop the container first and copy out what it wrote (`docker cp`), then `docker rm` it by name.",
		Match:       []string{"docker rm -f web", "docker container prune -f", "docker rm -f $(docker ps -aq)", "docker rm -v db"},
		NoMatch:     []string{"docker ps -a", "docker rm old-build"},
	}
	dockerRemove = &rule.Rule{
		ID:          "shell.docker.remove",
		Summary:     "Removes a stopped container, an image, a network or build cache; images and cache can be pulled or built again.",
		Points:      infraSmall,
		Category:    rule.Routine,
		Alternative: "",
		Match:       []string{"docker rm old-build", "docker rmi node:18", "docker image prune", "docker builder prune"},
		NoMatch:     []string{"docker images", "docker network ls"},
	}
	dockerImageRemove = &rule.Rule{
		ID:          "shell.docker.image-remove",
		Summary:     "Force-removes images, or every image no container uses.",
		Points:      infraCreate,
		Category:    rule.Destructive,
		Alternative: "`docker image ls` first; images not in a registry cannot be pulled back.",
		Match:       []string{"docker rmi -f app:local", "docker image prune -a", "docker image rm --force app:dev", "docker compose down --rmi all"},
		NoMatch:     []string{"docker image ls", "docker rmi app:old"},
	}
	dockerNetworkRemove = &rule.Rule{
		ID:          "shell.docker.network-remove",
		Summary:     "Removes container networks; containers attached to them lose their connections.",
		Points:      infraCreate,
		Category:    rule.Infrastructure,
		Alternative: "`docker network inspect NAME` shows which containers use a network.",
		Match:       []string{"docker network rm backend", "docker network prune -f", "podman network rm web"},
		NoMatch:     []string{"docker network ls", "docker network create backend"},
	}
	dockerStopAll = &rule.Rule{
		ID:          "shell.docker.stop-all",
		Summary:     "Stops or kills every container a command lists, not named ones.",
		Points:      infraCreate,
		Category:    rule.Infrastructure,
		Alternative: "Stop the containers you mean by name, or `docker compose stop` for one project.",
		Match:       []string{"docker stop $(docker ps -q)", "docker kill $(docker ps -aq)"},
		NoMatch:     []string{"docker stop web", "docker ps -q"},
	}
	dockerServiceRemove = &rule.Rule{
		ID:          "shell.docker.service-remove",
		Summary:     "Removes a Swarm stack, service, node, secret or config, or forces a node out of the swarm.",
		Points:      infraRemove,
		Category:    rule.Infrastructure,
		Alternative: "`docker stack services STACK` shows what a stack runs before removing it.",
		Match:       []string{"docker stack rm prod", "docker service rm api", "docker swarm leave --force", "docker secret rm db_password", "docker node rm worker-2"},
		NoMatch:     []string{"docker stack ls", "docker service ls", "docker swarm leave"},
	}
	dockerPush = &rule.Rule{
		ID:          "shell.docker.push",
		Summary:     "Publishes an image to a registry, where others can pull it.",
		Points:      infraCreate,
		Category:    rule.Exfiltration,
		Alternative: "Check the image holds no secrets (`docker history --no-trunc`, a secret scanner) before pushing.",
		Match:       []string{"docker push registry.example.com/app:1.2", "podman push app:latest docker://quay.io/me/app"},
		NoMatch:     []string{"docker pull nginx", "docker build -t app ."},
	}
)

var containerRules = []*rule.Rule{
	dockerHostRoot, dockerHostRead, dockerMountSystem, dockerWeakIsolation, dockerVolumeDelete, dockerSystemPrune,
	dockerContainerRemove, dockerRemove, dockerImageRemove, dockerServiceRemove, dockerPush, dockerNetworkRemove, dockerStopAll,
}

func containerHandlers() map[string]handler {
	return map[string]handler{
		"docker":         dockerHandler,
		"podman":         dockerHandler,
		"nerdctl":        dockerHandler,
		"docker-compose": composeHandler,
		"podman-compose": composeHandler,
	}
}

// dockerHostRootMounts are host paths whose mount gives root on the host.
var dockerHostRootMounts = []string{
	"/", "/etc", "/root", "/boot", "/usr", "/bin", "/sbin", "/lib", "/lib64", "/lib32", "/var", "/var/lib",
	"/var/lib/docker", "/var/lib/containerd", "/var/lib/containers", "/var/lib/kubelet", "/var/run", "/run",
	"/dev", "/proc", "/sys", "/etc/shadow", "/etc/sudoers", "/etc/sudoers.d", "/etc/passwd", "/etc/crontab",
	"/etc/cron.d", "/etc/systemd", "/etc/ssh", "/etc/init.d", "/etc/ld.so.preload", "/etc/profile.d",
	"/var/spool/cron", "/lib/modules", "/usr/lib/systemd",
}

// dockerHarmlessMounts are host files commonly shared with containers.
var dockerHarmlessMounts = []string{
	"/etc/localtime", "/etc/timezone", "/etc/hosts", "/etc/resolv.conf", "/etc/ssl", "/etc/ca-certificates",
	"/etc/pki", "/etc/machine-id", "/etc/os-release", "/usr/share/zoneinfo", "/usr/share/ca-certificates",
	"/dev/shm", "/dev/null", "/dev/urandom", "/dev/random", "/dev/fuse", "/dev/net/tun", "/dev/kvm", "/dev/dri",
	"/dev/snd", "/dev/bus/usb", "/sys/fs/cgroup", "/etc/group", "/etc/gitconfig", "/var/log", "/run/user",
	"/proc/cpuinfo", "/proc/meminfo",
}

// infraUnder reports whether path p is dir or inside it.
func infraUnder(p, dir string) bool {
	return p == dir || dir == "/" || strings.HasPrefix(p, dir+"/")
}

// dockerMount is a bind mount of a host path.
type dockerMount struct {
	src, dst string
	ro       bool
}

// dockerMounts returns the bind mounts of -v/--volume and --mount values.
func dockerMounts(c *Cmd) []dockerMount {
	var out []dockerMount
	for _, v := range c.FlagAll("--volume") {
		parts := strings.Split(v, ":")
		if len(parts) < 2 {
			continue // an anonymous volume
		}
		src := parts[0]
		if !infraHasPrefix(src, "/", "~", "$HOME", "${HOME}", ".", "$PWD", "${PWD}", "$(pwd)") {
			continue // a named volume
		}
		m := dockerMount{src: src, dst: parts[1]}
		if len(parts) > 2 {
			for _, o := range strings.Split(parts[2], ",") {
				if o == "ro" || o == "readonly" {
					m.ro = true
				}
			}
		}
		out = append(out, m)
	}
	for _, v := range c.FlagAll("--mount") {
		var m dockerMount
		var bind bool
		m.src, m.dst, m.ro, bind = bindMount(v)
		if bind && m.src != "" {
			out = append(out, m)
		}
	}
	return out
}

// bindMount reads a --mount value (type=bind,source=…,target=…,readonly):
// its source and target, whether it is read-only and whether it is a bind
// mount of a host path.
func bindMount(v string) (src, dst string, ro, bind bool) {
	for _, kv := range strings.Split(v, ",") {
		k, val, _ := strings.Cut(kv, "=")
		switch strings.ToLower(k) {
		case "type":
			bind = val == "bind"
		case "source", "src":
			src = val
		case "target", "dst", "destination":
			dst = val
		case "readonly", "ro":
			ro = val == "" || val == "true" || val == "1"
		}
	}
	return src, dst, ro, bind
}

// dockerCapabilities returns the added capabilities, upper case without CAP_.
func dockerCapabilities(c *Cmd) []string {
	var caps []string
	for _, v := range c.FlagAll("--cap-add") {
		for _, cp := range strings.Split(v, ",") {
			caps = append(caps, strings.TrimPrefix(strings.ToUpper(strings.TrimSpace(cp)), "CAP_"))
		}
	}
	return caps
}

// dockerFlags is the view of a run, create or exec command's own options:
// the words from its verb (at from) up to the image, read with the
// subcommand's spec.
func dockerFlags(c *Cmd, av *Argv, from int) *Cmd {
	end := len(c.Args)
	if len(av.OperandArg) > 0 {
		end = av.OperandArg[0]
	}
	flags := infraSub(c, from)
	n := max(end-from, 0)
	flags.Args = flags.Args[:min(n, len(flags.Args))]
	if len(flags.Dynamic) > len(flags.Args) {
		flags.Dynamic = flags.Dynamic[:len(flags.Args)]
	}
	if len(flags.proc) > len(flags.Args) {
		flags.proc = flags.proc[:len(flags.Args)]
	}
	flags.argv = parseArgv(av.Spec(), flags.Args, flags.Dynamic)
	return flags
}

// dockerIsolation checks the flags of run, create and exec for ways out of
// the container.
func dockerIsolation(c *Cmd, r *report, flags *Cmd, image string) {
	var root, weak []string
	if flags.Has("--privileged") {
		root = append(root, "privileged mode")
	}
	pidHost := false
	if v, _ := flags.Flag("--pid"); v == "host" {
		pidHost = true
	}
	for _, cp := range dockerCapabilities(flags) {
		switch cp {
		case "SYS_ADMIN", "ALL", "SYS_MODULE", "SYS_RAWIO", "DAC_READ_SEARCH", "DAC_OVERRIDE":
			root = append(root, "the "+cp+" capability")
		case "SYS_PTRACE":
			if pidHost {
				root = append(root, "SYS_PTRACE on the host's processes")
			} else {
				weak = append(weak, "the SYS_PTRACE capability")
			}
		case "BPF", "PERFMON", "SYS_BOOT", "SYS_TIME", "MAC_ADMIN", "MAC_OVERRIDE":
			weak = append(weak, "the "+cp+" capability")
		}
	}
	if pidHost && len(root) == 0 {
		weak = append(weak, "the host's process namespace")
	}
	for _, v := range flags.FlagAll("--security-opt") {
		switch strings.ReplaceAll(v, ":", "=") {
		case "seccomp=unconfined", "apparmor=unconfined", "label=disable", "systempaths=unconfined", "label=type=spc_t":
			weak = append(weak, v)
		}
	}
	for _, d := range flags.FlagAll("--device") {
		host, _, _ := strings.Cut(d, ":")
		if dockerBlockDevice(host) {
			root = append(root, "raw access to "+host)
		}
	}
	var read, sys []string
	for _, m := range dockerMounts(flags) {
		src := m.src
		if abs, ok := c.Resolve(src); ok {
			src = abs
		}
		if strings.HasSuffix(src, ".sock") && (strings.Contains(src, "docker") || strings.Contains(src, "containerd") || strings.Contains(src, "podman") || strings.Contains(src, "crio")) {
			root = append(root, "the container engine's socket "+m.src)
			continue
		}
		if dockerHarmless(src) {
			continue
		}
		risky := false
		for _, d := range dockerHostRootMounts {
			if src == d || (d != "/" && strings.HasPrefix(src, d+"/") && (d == "/etc/sudoers.d" || d == "/etc/cron.d" || d == "/etc/systemd" || d == "/etc/ssh" || d == "/root" || d == "/boot" || d == "/var/lib/docker" || d == "/lib/modules")) {
				risky = true
				break
			}
		}
		switch {
		case risky && m.ro && (src == "/" || src == "/etc" || src == "/root" || src == "/var" || src == "/run" || src == "/var/run" || src == "/proc" || src == "/sys"):
			read = append(read, m.src)
		case risky && !m.ro:
			root = append(root, "a writable mount of the host's "+m.src)
		case risky:
			// A read-only mount of one system file or directory: nothing to add.
		case !m.ro && (infraUnder(src, "/etc") || infraUnder(src, "/usr") || infraUnder(src, "/bin") || infraUnder(src, "/sbin") || infraUnder(src, "/lib") || infraUnder(src, "/boot")):
			sys = append(sys, m.src)
		}
	}
	who := "a container"
	if image != "" {
		who = "a container of " + image
	}
	if len(root) > 0 {
		r.add(c.find(dockerHostRoot, "Starts "+who+" with "+infraList(root)+": it can take over the host.", infraTargets(image)...))
		return
	}
	if len(read) > 0 {
		r.add(c.find(dockerHostRead, "Mounts the host's "+infraList(read)+" into "+who+": it can read every secret there.", read...))
	}
	if len(sys) > 0 {
		r.add(c.find(dockerMountSystem, "Mounts the host's "+infraList(sys)+" writable into "+who+".", sys...))
	}
	if len(weak) > 0 {
		r.add(c.find(dockerWeakIsolation, "Starts "+who+" with "+infraList(weak)+".", infraTargets(image)...))
	}
}

func dockerHarmless(p string) bool {
	for _, h := range dockerHarmlessMounts {
		if infraUnder(p, h) {
			return true
		}
	}
	return false
}

func dockerBlockDevice(p string) bool {
	if p == "/dev/mem" || p == "/dev/kmem" || p == "/dev/port" || strings.HasPrefix(p, "/dev/disk/") || strings.HasPrefix(p, "/dev/mapper/") {
		return true
	}
	for _, pre := range []string{"/dev/sd", "/dev/nvme", "/dev/xvd", "/dev/vd", "/dev/hd", "/dev/mmcblk", "/dev/dm-", "/dev/md", "/dev/loop"} {
		if strings.HasPrefix(p, pre) {
			return true
		}
	}
	return false
}

func dockerHandler(c *Cmd, r *report) {
	if infraHelp(c) {
		return
	}
	// The spec reads the global options, the command words and, for run,
	// create, exec and build, the command's own options.
	av := c.Argv()
	words := c.Positional()
	if len(words) == 0 {
		return
	}
	verb := words[0]
	k := 1
	// Management commands: "docker container rm" is "docker rm".
	group := ""
	switch verb {
	case "container", "image", "volume", "network", "system", "builder", "buildx", "stack", "service", "swarm",
		"node", "secret", "config", "pod", "machine", "context", "plugin", "manifest", "trust", "artifact", "kube", "farm":
		if len(words) < 2 {
			return
		}
		group, verb, k = verb, words[1], 2
	case "compose":
		composeArgs(c, r, 1)
		return
	}
	sub := infraSub(c, av.wordArg[k-1]+1)
	names := words[k:]
	engine := map[string]string{"docker": "Docker", "podman": "Podman", "nerdctl": "nerdctl"}[c.Name]
	switch group + " " + verb {
	case " ps", " images", " logs", " inspect", " version", " info", " stats", " top", " port", " diff", " history",
		" search", " events", " login", " logout", " wait", " attach",
		"container ls", "container list", "container ps", "container inspect", "container logs", "container stats",
		"container top", "container port", "container diff", "container wait", "image ls", "image list",
		"image inspect", "image history", "volume ls", "volume list", "volume inspect", "network ls", "network list",
		"network inspect", "system df", "system info", "system events", "stack ls", "stack ps", "stack services",
		"service ls", "service ps", "service logs", "service inspect", "node ls", "node ps", "node inspect",
		"secret ls", "secret inspect", "config ls", "config inspect", "context ls", "context inspect", "context show",
		"pod ps", "pod ls", "pod inspect", "pod logs", "machine ls", "machine list", "machine inspect",
		"buildx ls", "buildx inspect", "builder ls", "builder inspect", "manifest inspect", "plugin ls", "trust inspect",
		"buildx du", "builder du", "swarm ca", "system connection":
		return
	}
	r.mutates()
	switch group + " " + verb {
	case " run", " create", "container run", "container create", " exec", "container exec":
		// The options end at the image (the container for exec): the
		// words after it are the command that runs inside.
		image, inside := firstOf(av.Operands), av.Operands[min(1, len(av.Operands)):]
		if verb == "exec" && c.Has("--latest") {
			// podman exec -l CMD: no container named, the command is first.
			image, inside = "the latest container", av.Operands
		}
		dockerIsolation(c, r, dockerFlags(c, av, av.wordArg[k-1]+1), image)
		if verb == "exec" && len(inside) > 0 {
			r.command(inside, c, "runs inside container "+image)
		} else if len(inside) > 0 && r.fl().scriptIn.kind != streamNone {
			// curl … | docker run -i IMAGE sh: the new container's command
			// reads the pipe (the spec's passin put it in scriptIn).
			r.command(inside, c, "runs inside a new container from "+image+", reading the pipe")
		}
	case " rm", "container rm", "container remove", "pod rm":
		dockerRemoveContainers(c, r, sub, names)
	case "container prune", "pod prune":
		r.add(c.find(dockerContainerRemove, "Removes every stopped "+engine+" container, with whatever they wrote inside.", "containers"))
	case " rmi", "image rm", "image remove":
		if sub.Has("-a", "--all") {
			r.add(c.find(dockerImageRemove, "Removes every "+engine+" image.", "images"))
			return
		}
		if sub.Has("-f", "--force") {
			r.add(c.find(dockerImageRemove, "Force-removes image "+infraList(names)+", even if containers use it.", names...))
			return
		}
		r.add(c.find(dockerRemove, "Removes image "+infraList(names)+".", names...))
	case "image prune":
		if sub.Has("-a", "--all") {
			r.add(c.find(dockerImageRemove, "Removes every "+engine+" image that no container uses.", "images"))
			return
		}
		r.add(c.find(dockerRemove, "Removes dangling "+engine+" images.", "images"))
	case "volume rm", "volume remove":
		r.add(c.find(dockerVolumeDelete, "Deletes volume "+infraOr(infraList(names), "(unnamed)")+" and the data in it.", names...))
	case "volume prune":
		what := "every unused anonymous volume"
		if sub.Has("-a", "--all") {
			what = "every volume no container uses, named ones included,"
		}
		r.add(c.find(dockerVolumeDelete, "Deletes "+what+" and the data in them.", "volumes"))
	case "system prune":
		if sub.Has("--volumes") {
			r.add(c.find(dockerVolumeDelete, "Removes every stopped container, unused image, network and volume, with the data in the volumes.", "volumes"))
			return
		}
		what := "dangling images"
		if sub.Has("-a", "--all") {
			what = "every unused image"
		}
		r.add(c.find(dockerSystemPrune, "Removes every stopped container, unused network, "+what+" and the build cache.", "containers"))
	case "system reset":
		r.add(c.find(dockerVolumeDelete, "Deletes every "+engine+" container, image, volume and network, and resets its storage.", "volumes"))
	case "network rm", "network remove", "network prune":
		what := "every unused network"
		if len(names) > 0 {
			what = "network " + infraList(names)
		}
		r.add(c.find(dockerNetworkRemove, "Removes "+what+".", names...))
	case "builder prune", "buildx prune":
		r.add(c.find(dockerRemove, "Removes the build cache.", names...))
	case " stop", " kill", "container stop", "container kill", "pod stop", "pod kill":
		if infraAnyDynamic(sub) || sub.Has("-a", "--all") {
			r.add(c.find(dockerStopAll, cloudVerbPhrase(verb)+" every container listed by "+infraOr(infraList(names), "--all")+".", names...))
		}
	case "stack rm", "stack remove", "stack down", "service rm", "service remove", "node rm", "node remove",
		"secret rm", "secret remove", "config rm", "config remove":
		r.add(c.find(dockerServiceRemove, "Removes Swarm "+group+" "+infraList(names)+".", names...))
	case "service scale":
		for _, n := range names {
			if strings.HasSuffix(n, "=0") {
				r.add(c.find(dockerServiceRemove, "Scales the Swarm service "+strings.TrimSuffix(n, "=0")+" down to zero: it stops serving.", names...))
				return
			}
		}
	case "stack deploy", "stack up":
		if sub.Has("--prune") {
			r.add(c.find(dockerServiceRemove, "Deploys the stack "+lastOf(names)+" and removes its services that the file no longer lists.", names...))
		}
	case "swarm leave":
		if sub.Has("-f", "--force") {
			r.add(c.find(dockerServiceRemove, "Forces this node out of the swarm; on a manager this can break the swarm.", "swarm"))
		}
	case " build", "image build", "buildx build", "builder build":
		if c.Has("--push") || strings.Contains(strings.Join(c.FlagAll("--output"), ","), "push=true") {
			r.add(c.find(dockerPush, "Builds an image and publishes it to a registry.", c.FlagAll("--tag")...))
		}
	case " push", "image push", "manifest push", "artifact push":
		r.add(c.find(dockerPush, "Publishes "+infraList(names)+" to a registry.", names...))
	}
	// build, pull, tag, commit, save, load, start, stop, restart, kill, cp,
	// network create, volume create, context use…: routine changes.
}

func dockerRemoveContainers(c *Cmd, r *report, sub *Cmd, names []string) {
	all := infraAnyDynamic(sub)
	what := "container " + infraList(names)
	if all {
		what = "every container listed by " + infraList(names)
	}
	if sub.Has("-a", "--all") && c.Name != "docker" {
		all, what = true, "every container" // podman rm --all
	}
	switch {
	case sub.Has("-v", "--volumes"):
		r.add(c.find(dockerContainerRemove, "Removes "+what+" with its anonymous volumes and their data.", names...))
	case sub.Has("-f", "--force"):
		r.add(c.find(dockerContainerRemove, "Kills and removes "+what+", with whatever it wrote inside.", names...))
	case all:
		r.add(c.find(dockerContainerRemove, "Removes "+what+".", names...))
	default:
		r.add(c.find(dockerRemove, "Removes stopped "+what+".", names...))
	}
}

func composeHandler(c *Cmd, r *report) {
	if infraHelp(c) {
		return
	}
	composeArgs(c, r, 0)
}

// composeArgs handles a compose command whose command word is the
// level-th word of the record (1 for docker compose, 0 for docker-compose).
func composeArgs(c *Cmd, r *report, level int) {
	av := c.Argv()
	words := c.Positional()
	if len(words) <= level {
		return
	}
	verb := words[level]
	sub := infraSub(c, av.wordArg[level]+1)
	project := composeProject(av, level)
	switch verb {
	case "ps", "ls", "logs", "config", "images", "top", "port", "version", "events", "convert", "stats", "wait", "watch":
		return
	}
	r.mutates()
	switch verb {
	case "down":
		if sub.Has("-v", "--volumes") {
			r.add(c.find(dockerVolumeDelete, "Stops the compose project"+composeName(project)+" and deletes its volumes with their data.", infraTargets(project, "volumes")...))
			return
		}
		if v, ok := sub.Flag("--rmi"); ok && v != "" {
			r.add(c.find(dockerImageRemove, "Stops the compose project"+composeName(project)+" and removes its images.", infraTargets(project)...))
		}
	case "rm":
		if sub.Has("-v", "--volumes") {
			r.add(c.find(dockerContainerRemove, "Removes the project's stopped containers with their anonymous volumes.", infraTargets(project)...))
		}
	case "exec", "run":
		// The options end at the service: the words after it are the
		// command that runs in its container.
		if ops := av.Operands; len(ops) > 1 {
			svc := ops[0]
			if verb == "exec" {
				r.command(ops[1:], c, "runs inside the "+svc+" service's container")
			} else {
				r.command(ops[1:], c, "runs in a new container of the "+svc+" service")
			}
		}
		if c.Has("--privileged") {
			r.add(c.find(dockerHostRoot, "Runs a command in privileged mode: it can take over the host.", infraTargets(project)...))
		}
	case "push":
		r.add(c.find(dockerPush, "Publishes the project's images to their registries.", infraTargets(project)...))
	}
	// up, start, stop, restart, build, pull, create, kill, pause, cp: routine.
}

// composeProject is the project named to compose itself (-p before the
// command; run -p publishes a port).
func composeProject(av *Argv, level int) string {
	p := ""
	for _, o := range av.Opts {
		if o.level == level && o.Name == "--project-name" && !o.Unknown && o.HasValue {
			p = o.Value
		}
	}
	return p
}

func composeName(p string) string {
	if p == "" {
		return ""
	}
	return " " + p
}

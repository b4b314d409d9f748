package shell

import (
	"path"
	"strings"

	"github.com/actionguard/actionguard/rule"
)

// CI/CD: the Jenkins CLI (java -jar jenkins-cli.jar), gitlab-runner,
// circleci, Argo CD and Flux.

var (
	jenkinsDelete = &rule.Rule{
		ID:          "shell.jenkins.delete",
		Summary:     "Deletes Jenkins jobs, nodes, views, builds or credentials.",
		Points:      infraDestroy,
		Category:    rule.Destructive,
		Alternative: "Save the configuration first (`get-job NAME > job.xml`), or disable the job instead (`disable-job`).",
		Match:       []string{"java -jar jenkins-cli.jar -s http://jenkins.local/ delete-job deploy-prod", "java -jar jenkins-cli.jar -s http://jenkins.local/ delete-node agent-1", "java -jar /opt/jenkins-cli.jar -auth @creds delete-builds app 1-100"},
		NoMatch:     []string{"java -jar jenkins-cli.jar -s http://jenkins.local/ list-jobs", "java -jar jenkins-cli.jar -s http://jenkins.local/ get-job deploy-prod", "java -jar app.jar delete-job x"},
	}
	jenkinsScript = &rule.Rule{
		ID:          "shell.jenkins.script",
		Summary:     "Runs a Groovy script on the Jenkins controller, with full administrator rights.",
		Points:      infraRemove,
		Category:    rule.Execution,
		Alternative: "Try the script on a test Jenkins first; prefer a job or the configuration-as-code plugin for lasting changes.",
		Match:       []string{"java -jar jenkins-cli.jar -s http://jenkins.local/ groovy = < script.groovy", "java -jar jenkins-cli.jar groovysh"},
		NoMatch:     []string{"java -jar jenkins-cli.jar who-am-i"},
	}
	jenkinsRestart = &rule.Rule{
		ID:          "shell.jenkins.restart",
		Summary:     "Restarts, shuts down or disconnects Jenkins (running builds may be lost).",
		Points:      infraRemove,
		Category:    rule.Infrastructure,
		Alternative: "`safe-restart` waits for running builds; announce it with `quiet-down` first.",
		Match:       []string{"java -jar jenkins-cli.jar -s http://jenkins.local/ safe-restart", "java -jar jenkins-cli.jar restart", "java -jar jenkins-cli.jar shutdown", "java -jar jenkins-cli.jar disconnect-node agent-1"},
		NoMatch:     []string{"java -jar jenkins-cli.jar version"},
	}
	jenkinsChange = &rule.Rule{
		ID:          "shell.jenkins.change",
		Summary:     "Changes Jenkins: jobs, nodes, views, plugins or credentials, or starts a build.",
		Points:      infraChange,
		Category:    rule.Infrastructure,
		Alternative: "",
		Match:       []string{"java -jar jenkins-cli.jar -s http://jenkins.local/ build deploy-prod -p VERSION=1.2", "java -jar jenkins-cli.jar update-job app < app.xml", "java -jar jenkins-cli.jar install-plugin git -restart"},
		NoMatch:     []string{"java -jar jenkins-cli.jar list-plugins", "java -jar jenkins-cli.jar get-credentials system::system::jenkins"},
	}

	gitlabRunnerUnregister = &rule.Rule{
		ID:          "shell.gitlab.runner-unregister",
		Summary:     "Unregisters GitLab runners: the CI jobs they served stop running.",
		Points:      infraRemove,
		Category:    rule.Infrastructure,
		Alternative: "`gitlab-runner list` shows the runners; pause a runner in GitLab instead of unregistering it.",
		Match:       []string{"gitlab-runner unregister --all-runners", "gitlab-runner unregister --name runner-prod", "gitlab-runner unregister --url https://gitlab.example.com --token ABCD"},
		NoMatch:     []string{"gitlab-runner list", "gitlab-runner status", "gitlab-runner verify"},
	}
	gitlabRunnerChange = &rule.Rule{
		ID:          "shell.gitlab.runner-change",
		Summary:     "Registers, removes, stops or resets a GitLab runner on this machine.",
		Points:      infraChange,
		Category:    rule.Infrastructure,
		Alternative: "",
		Match:       []string{"gitlab-runner verify --delete", "gitlab-runner register --non-interactive --url https://gitlab.com --token x --executor shell", "gitlab-runner reset-token --name r1", "gitlab-runner uninstall"},
		NoMatch:     []string{"gitlab-runner verify", "gitlab-runner --version"},
	}

	circleciDelete = &rule.Rule{
		ID:          "shell.circleci.delete",
		Summary:     "Deletes a CircleCI context (with its secrets), orb, namespace or runner class.",
		Points:      infraDestroy,
		Category:    rule.Destructive,
		Alternative: "`circleci context show` lists what a context holds; secrets cannot be read back once deleted.",
		Match:       []string{"circleci context delete org/my-org context/prod", "circleci orb delete my-org/my-orb", "circleci namespace delete my-org", "circleci runner resource-class delete my-org/rc"},
		NoMatch:     []string{"circleci context list org/my-org", "circleci orb info my-org/my-orb", "circleci namespace list"},
	}
	circleciRemove = &rule.Rule{
		ID:          "shell.circleci.remove",
		Summary:     "Removes a CircleCI secret, pipeline or token.",
		Points:      infraRemove,
		Category:    rule.Destructive,
		Alternative: "Note what uses the secret first; it cannot be read back.",
		Match:       []string{"circleci context remove-secret org/my-org context/prod AWS_ACCESS_KEY_ID", "circleci pipeline delete 123456", "circleci runner token delete t1"},
		NoMatch:     []string{"circleci pipeline list org/my-org/project/app"},
	}
	circleciChange = &rule.Rule{
		ID:          "shell.circleci.change",
		Summary:     "Changes CircleCI: stores a secret, publishes an orb, pushes policies, triggers a pipeline.",
		Points:      infraChange,
		Category:    rule.Infrastructure,
		Alternative: "",
		Match:       []string{"circleci context store-secret org/my-org context/prod API_KEY", "circleci orb publish promote my-org/my-orb@dev:first patch", "circleci policy push ./policies --owner-id 1"},
		NoMatch:     []string{"circleci config validate .circleci/config.yml", "circleci policy status", "circleci diagnostic"},
	}

	argocdDelete = &rule.Rule{
		ID:          "shell.argocd.delete",
		Summary:     "Deletes an Argo CD application (and, by default, every Kubernetes resource it deployed) or project.",
		Points:      infraDestroy,
		Category:    rule.Destructive,
		Alternative: "Use `--cascade=false` to keep the deployed resources, or check `argocd app resources APP` first.",
		Match:       []string{"argocd app delete web", "argocd app delete web --yes", "argocd proj delete team-a"},
		NoMatch:     []string{"argocd app list", "argocd app get web", "argocd app diff web"},
	}
	argocdRemove = &rule.Rule{
		ID:          "shell.argocd.remove",
		Summary:     "Syncs with --prune (deleting resources no longer in git), deletes a resource or removes a cluster from Argo CD.",
		Points:      infraRemove,
		Category:    rule.Destructive,
		Alternative: "`argocd app diff APP` shows what the prune would delete; `argocd app sync --dry-run` tries it.",
		Match:       []string{"argocd app sync web --prune", "argocd app delete-resource web --kind Deployment --resource-name api", "argocd cluster rm https://k8s.example.com"},
		NoMatch:     []string{"argocd app sync web --prune --dry-run", "argocd cluster list"},
	}
	argocdChange = &rule.Rule{
		ID:          "shell.argocd.change",
		Summary:     "Syncs, rolls back or changes an Argo CD application.",
		Points:      infraChange,
		Category:    rule.Infrastructure,
		Alternative: "`argocd app diff APP` shows the change first.",
		Match:       []string{"argocd app sync web", "argocd app rollback web 3", "argocd app set web --revision v2", "argocd app delete web --cascade=false"},
		NoMatch:     []string{"argocd app history web", "argocd app sync web --dry-run"},
	}

	fluxDelete = &rule.Rule{
		ID:          "shell.flux.delete",
		Summary:     "Deletes a Flux kustomization or Helm release (with the workloads it pruned in), or uninstalls Flux.",
		Points:      infraDestroy,
		Category:    rule.Destructive,
		Alternative: "`flux suspend` stops reconciling without deleting; `flux tree ks NAME` lists what it manages.",
		Match:       []string{"flux delete kustomization apps", "flux delete helmrelease podinfo --silent", "flux uninstall --silent"},
		NoMatch:     []string{"flux get kustomizations", "flux tree ks apps"},
	}
	fluxChange = &rule.Rule{
		ID:          "shell.flux.change",
		Summary:     "Suspends Flux reconciliation, deletes a Flux source or changes Flux objects: git no longer drives the cluster as before.",
		Points:      infraChange,
		Category:    rule.Infrastructure,
		Alternative: "`flux resume` undoes a suspend.",
		Match:       []string{"flux suspend kustomization apps", "flux delete source git podinfo", "flux bootstrap github --owner me --repository fleet", "flux create source git app --url https://github.com/me/app"},
		NoMatch:     []string{"flux create source git app --url https://github.com/me/app --export", "flux reconcile kustomization apps", "flux check"},
	}
)

var cicdRules = []*rule.Rule{
	jenkinsDelete, jenkinsScript, jenkinsRestart, jenkinsChange, gitlabRunnerUnregister, gitlabRunnerChange,
	circleciDelete, circleciRemove, circleciChange, argocdDelete, argocdRemove, argocdChange, fluxDelete, fluxChange,
}

func cicdHandlers() map[string]handler {
	return map[string]handler{
		"java":          javaHandler,
		"jenkins-cli":   jenkinsCLIHandler,
		"gitlab-runner": gitlabRunnerHandler,
		"circleci":      circleciHandler,
		"argocd":        argocdHandler,
		"flux":          fluxHandler,
	}
}

// javaHandler recognises the Jenkins CLI (java -jar jenkins-cli.jar …) and
// leaves every other Java program alone.
func javaHandler(c *Cmd, r *report) {
	for i, a := range c.Args {
		if a != "-jar" || i+1 >= len(c.Args) {
			continue
		}
		jar := path.Base(c.Args[i+1])
		if strings.HasPrefix(jar, "jenkins-cli") && strings.HasSuffix(jar, ".jar") {
			jenkinsCommand(c, r, i+2)
			return
		}
		break
	}
	// Any other Java program: not ours to judge, but not a read either.
	for _, a := range c.Args {
		if a == "-version" || a == "--version" || a == "-help" || a == "--help" || a == "-h" || a == "-showversion" && len(c.Args) == 1 {
			return
		}
	}
	r.mutates()
}

func jenkinsCLIHandler(c *Cmd, r *report) {
	jenkinsCommand(c, r, 0)
}

var jenkinsReads = infraSet("list-jobs", "who-am-i", "get-job", "list-views", "list-plugins", "get-node", "get-view",
	"get-credentials-as-xml", "get-credentials-domain-as-xml", "list-credentials", "list-credentials-as-xml",
	"list-credentials-context-resolvers", "list-credentials-providers", "list-changes", "version", "help", "console",
	"session-id", "wait-node-online", "wait-node-offline", "get-credentials", "get-gradle", "list-builds", "get-build")

// jenkinsCommand handles the Jenkins CLI command whose options start at Args[from].
func jenkinsCommand(c *Cmd, r *report, from int) {
	// The client's own options come before the command; what follows the
	// command is the command's (its spec stops at the first operand).
	v := infraSub(c, from)
	v.Name = "jenkins-cli"
	w := v.Positional()
	if len(w) == 0 {
		return
	}
	cmd, rest := w[0], w[1:]
	if jenkinsReads[cmd] || strings.HasPrefix(cmd, "list-") || strings.HasPrefix(cmd, "get-") {
		return
	}
	r.mutates()
	var names []string
	for _, a := range rest {
		if !strings.HasPrefix(a, "-") && a != "=" {
			names = append(names, a)
		}
	}
	server, _ := v.Flag("-s")
	t := infraTargets(append(append([]string(nil), names...), server)...)
	on := ""
	if server != "" {
		on = " on " + server
	}
	switch {
	case strings.HasPrefix(cmd, "delete-"):
		what := strings.TrimPrefix(cmd, "delete-")
		r.add(c.find(jenkinsDelete, "Deletes Jenkins "+what+" "+infraList(names)+on+".", t...))
	case cmd == "groovy" || cmd == "groovysh":
		r.add(c.find(jenkinsScript, "Runs a Groovy script on the Jenkins controller"+on+" with full administrator rights.", t...))
	case cmd == "restart" || cmd == "safe-restart" || cmd == "shutdown" || cmd == "safe-shutdown" || cmd == "disconnect-node" ||
		cmd == "offline-node" || cmd == "quiet-down" || cmd == "reload-configuration" || cmd == "clear-queue" || cmd == "stop-builds":
		r.add(c.find(jenkinsRestart, cloudVerbPhrase(cmd)+" "+infraOr(infraList(names), "Jenkins")+on+".", t...))
	case cmd == "build":
		job := firstOf(names)
		r.add(c.find(jenkinsChange, "Starts a build of the Jenkins job "+infraOr(job, "(unnamed)")+on+"; it may deploy.", t...))
	default:
		switch cmd {
		case "enable-job", "online-node", "connect-node", "cancel-quiet-down", "set-build-description",
			"set-build-display-name", "keep-build", "add-job-to-view", "mail", "wait-node-online", "wait-node-offline":
			return // undoes a pause or labels a build: routine
		}
		r.add(c.find(jenkinsChange, "Changes Jenkins ("+cmd+" "+infraList(names)+")"+on+".", t...))
	}
}

func gitlabRunnerHandler(c *Cmd, r *report) {
	if infraHelp(c) || c.Has("-v") {
		return
	}
	words := c.Positional()
	if len(words) == 0 {
		return
	}
	name, _ := c.Flag("--name", "-n")
	url, _ := c.Flag("--url", "-u")
	t := infraTargets(name, url)
	switch words[0] {
	case "list", "status", "health-check", "artifacts-downloader", "cache-archiver", "cache-extractor", "artifacts-uploader":
		return
	case "verify":
		if !c.Has("--delete") {
			return
		}
		r.mutates()
		r.add(c.find(gitlabRunnerChange, "Removes from the configuration every runner GitLab no longer knows.", t...))
		return
	case "unregister":
		r.mutates()
		if c.Has("--all-runners") {
			r.add(c.find(gitlabRunnerUnregister, "Unregisters every GitLab runner of this machine: their CI jobs stop running.", t...).WithPoints(infraDestroy))
			return
		}
		r.add(c.find(gitlabRunnerUnregister, "Unregisters the GitLab runner "+infraOr(name, infraOr(url, "(unnamed)"))+".", t...))
		return
	case "register":
		r.mutates()
		r.add(c.find(gitlabRunnerChange, "Registers this machine as a GitLab runner: CI jobs will run on it.", t...))
		return
	case "reset-token", "uninstall":
		r.mutates()
		r.add(c.find(gitlabRunnerChange, cloudVerbPhrase(words[0])+" the GitLab runner "+infraOr(name, "service")+".", t...))
		return
	}
	r.mutates() // run, start, restart, install, exec…
}

func circleciHandler(c *Cmd, r *report) {
	if infraHelp(c) {
		return
	}
	words := c.Positional()
	if len(words) == 0 {
		return
	}
	group, verb := words[0], ""
	if len(words) > 1 {
		verb = words[1]
	}
	args := words[min(2, len(words)):]
	t := infraTargets(args...)
	switch {
	case verb == "delete" && (group == "context" || group == "orb" || group == "namespace" || group == "project") ||
		group == "runner" && len(args) > 1 && args[0] == "delete" && verb == "resource-class":
		r.mutates()
		msg := "Deletes the CircleCI " + group + " " + infraList(args)
		if group == "context" {
			msg += " and every secret in it"
		}
		if group == "namespace" {
			msg += " and every orb in it"
		}
		r.add(c.find(circleciDelete, msg+".", t...))
	case verb == "remove-secret" || verb == "delete" || verb == "remove" || len(args) > 0 && (args[0] == "delete" || args[0] == "remove"):
		r.mutates()
		r.add(c.find(circleciRemove, "Removes CircleCI "+group+" "+strings.TrimSpace(verb+" "+infraList(args))+".", t...))
	case verb == "store-secret" || verb == "create" && group == "context" || group == "orb" && (verb == "publish" || verb == "unlist") ||
		group == "policy" && (verb == "push" || verb == "settings" && len(args) > 0) || group == "trigger" || group == "pipeline" && (verb == "run" || verb == "trigger") ||
		group == "project" && (verb == "create" || verb == "secret") || group == "runner" && verb != "" && len(args) > 0 && args[0] == "create" || group == "namespace" && verb == "create":
		r.mutates()
		r.add(c.find(circleciChange, "Changes CircleCI ("+strings.Join(words, " ")+").", t...))
	case circleciReads[verb] || circleciReads[group] && verb == "":
		// list, info, show, validate, process, status, diagnostic, version, follow, open, policy decide/eval/fetch/diff/logs/test: reads.
	default:
		r.mutates() // local execute, setup, update, config pack…
	}
}

var circleciReads = infraSet("list", "info", "show", "validate", "process", "status", "diagnostic", "version", "follow",
	"open", "get", "fetch", "decide", "eval", "diff", "logs", "test", "source", "help", "ls", "completion", "settings")

func argocdHandler(c *Cmd, r *report) {
	if infraHelp(c) {
		return
	}
	words := c.Positional()
	if len(words) < 2 {
		return
	}
	group, verb, args := words[0], words[1], words[2:]
	t := infraTargets(args...)
	if c.Has("--dry-run", "--preview-changes") {
		return
	}
	name := infraOr(infraList(args), "(unnamed)")
	switch group + " " + verb {
	case "app delete", "proj delete", "appset delete", "applicationset delete":
		r.mutates()
		if v, ok := c.Flag("--cascade"); ok && v == "false" {
			r.add(c.find(argocdChange, "Removes the Argo CD application "+name+" but keeps the resources it deployed.", t...))
			return
		}
		if group == "proj" {
			r.add(c.find(argocdDelete, "Deletes the Argo CD project "+name+".", t...))
			return
		}
		r.add(c.find(argocdDelete, "Deletes the Argo CD application "+name+" and every Kubernetes resource it deployed.", t...))
	case "app sync":
		r.mutates()
		if c.Has("--prune") {
			r.add(c.find(argocdRemove, "Syncs "+name+" and deletes every resource that is no longer in git.", t...))
			return
		}
		r.add(c.find(argocdChange, "Syncs the application "+name+" with git.", t...))
	case "app delete-resource", "cluster rm", "cluster remove", "account delete-token":
		r.mutates()
		r.add(c.find(argocdRemove, cloudVerbPhrase(verb)+" "+group+" "+name+".", t...))
	case "app rollback", "app set", "app unset", "app patch", "app edit", "app create", "app terminate-op", "app actions",
		"app patch-resource", "repo rm", "repo add", "proj create", "proj set", "proj add-destination", "proj remove-destination",
		"proj add-source", "proj remove-source", "proj role", "cluster add", "cluster set", "account update-password",
		"cert add-tls", "cert rm", "gpg add", "gpg rm", "repocreds add", "repocreds rm", "appset create",
		"account generate-token":
		r.mutates()
		r.add(c.find(argocdChange, cloudVerbPhrase(verb)+" "+group+" "+name+".", t...))
	default:
		switch verb {
		case "list", "get", "diff", "history", "manifests", "logs", "resources", "wait", "version", "can-i", "show",
			"windows", "ls", "whoami":
			// reads
		default:
			r.mutates() // login, context, admin…
		}
	}
}

func fluxHandler(c *Cmd, r *report) {
	if infraHelp(c) {
		return
	}
	words := c.Positional()
	if len(words) == 0 {
		return
	}
	verb := words[0]
	args := words[1:]
	ns, _ := c.Flag("-n", "--namespace")
	t := infraTargets(append(append([]string(nil), args...), ns)...)
	switch verb {
	case "delete":
		r.mutates()
		kind := firstOf(args)
		switch kind {
		case "kustomization", "ks", "helmrelease", "hr":
			r.add(c.find(fluxDelete, "Deletes the Flux "+kind+" "+infraList(args[1:])+"; with pruning on, the workloads it manages are deleted too.", t...))
		default:
			r.add(c.find(fluxChange, "Deletes the Flux "+infraList(args)+".", t...))
		}
	case "uninstall":
		r.mutates()
		r.add(c.find(fluxDelete, "Uninstalls Flux from the cluster.", t...))
	case "suspend":
		r.mutates()
		r.add(c.find(fluxChange, "Suspends reconciliation of "+infraList(args)+": changes in git stop reaching the cluster.", t...))
	case "bootstrap", "install", "create":
		if c.Has("--export") {
			return
		}
		r.mutates()
		r.add(c.find(fluxChange, cloudVerbPhrase(verb)+" Flux "+infraList(args)+".", t...))
	case "get", "logs", "check", "tree", "trace", "export", "diff", "events", "stats", "version", "completion", "debug", "pull", "list":
		// reads
	default:
		r.mutates() // reconcile, resume, push, tag, build…
	}
}

package shell

import (
	"github.com/actionguard/actionguard/rule"
)

// Kubernetes cluster tools: eksctl and kops (real clusters), kind, minikube
// and k3d (local clusters), and helmfile (many Helm releases at once).

var (
	k8sClusterDelete = &rule.Rule{
		ID:          "shell.k8s.cluster-delete",
		Summary:     "Deletes a Kubernetes cluster with every workload and volume in it.",
		Points:      infraDestroy,
		Category:    rule.Destructive,
		Alternative: "Back up the cluster first (Velero), and check the name and context with `kubectl config current-context`.",
		Match:       []string{"eksctl delete cluster --name prod", "eksctl delete cluster -f cluster.yaml", "kops delete cluster --name k8s.example.com --yes"},
		NoMatch:     []string{"eksctl get cluster", "kops delete cluster --name k8s.example.com", "kops get clusters"},
	}
	k8sClusterChange = &rule.Rule{
		ID:          "shell.k8s.cluster-change",
		Summary:     "Creates, upgrades, scales or deletes part of a Kubernetes cluster (node groups, add-ons, instance groups).",
		Points:      infraChange,
		Category:    rule.Infrastructure,
		Alternative: "eksctl accepts --dry-run; kops previews every change until --yes is given.",
		Match:       []string{"eksctl delete nodegroup --cluster prod --name ng-1", "eksctl upgrade cluster --name prod --approve", "kops update cluster --yes", "kops rolling-update cluster --yes", "eksctl create cluster --name dev"},
		NoMatch:     []string{"eksctl get nodegroup --cluster prod", "kops update cluster", "eksctl create cluster --name dev --dry-run"},
	}
	k8sLocalDelete = &rule.Rule{
		ID:          "shell.k8s.local-cluster-delete",
		Summary:     "Deletes a local Kubernetes cluster (kind, minikube, k3d) and everything deployed in it.",
		Points:      infraCreate,
		Category:    rule.Destructive,
		Alternative: "`minikube stop` or `k3d cluster stop` keep the cluster for later.",
		Match:       []string{"kind delete cluster", "minikube delete --all", "k3d cluster delete dev"},
		NoMatch:     []string{"kind get clusters", "minikube status", "k3d cluster list", "minikube stop"},
	}
)

var kubeToolRules = []*rule.Rule{k8sClusterDelete, k8sClusterChange, k8sLocalDelete}

func kubeToolHandlers() map[string]handler {
	return map[string]handler{
		"eksctl":   eksctlHandler,
		"kops":     kopsHandler,
		"kind":     localClusterHandler,
		"minikube": localClusterHandler,
		"k3d":      localClusterHandler,
		"helmfile": helmfileHandler,
	}
}

func eksctlHandler(c *Cmd, r *report) {
	if infraHelp(c) {
		return
	}
	words := c.Positional()
	if len(words) == 0 {
		return
	}
	verb, kind := words[0], ""
	if len(words) > 1 {
		kind = words[1]
	}
	name, _ := c.Flag("--name", "-n")
	cluster, _ := c.Flag("--cluster", "-c")
	file, _ := c.Flag("-f", "--config-file")
	profile, _ := c.Flag("--profile", "-p")
	t := infraTargets(append(append([]string(nil), words[min(2, len(words)):]...), name, cluster, file, profile)...)
	switch verb {
	case "get", "info", "version", "completion", "help", "anywhere":
		return
	case "utils":
		if kind == "describe-stacks" || kind == "describe-addon-versions" || kind == "describe-addon-configuration" || kind == "nodegroup-health" {
			return
		}
	}
	if c.Has("--dry-run") {
		return
	}
	r.mutates()
	target := infraOr(name, infraOr(file, infraOr(firstOf(words[min(2, len(words)):]), "(unnamed)")))
	switch {
	case verb == "delete" && kind == "cluster":
		r.add(c.find(k8sClusterDelete, "Deletes the EKS cluster "+target+" with every workload and volume in it.", t...))
	case verb == "delete":
		r.add(c.find(k8sClusterChange, "Deletes the "+kind+" "+target+infraAfterWord(" of cluster", cluster)+".", t...).WithPoints(infraRemove))
	default:
		r.add(c.find(k8sClusterChange, cloudVerbPhrase(verb)+" the EKS "+kind+" "+target+infraAfterWord(" of cluster", cluster)+".", t...))
	}
}

func kopsHandler(c *Cmd, r *report) {
	if infraHelp(c) {
		return
	}
	words := c.Positional()
	if len(words) == 0 {
		return
	}
	verb, kind := words[0], ""
	if len(words) > 1 {
		kind = words[1]
	}
	switch verb {
	case "get", "validate", "version", "completion", "toolbox", "export", "help":
		if verb == "export" {
			r.mutates() // writes a kubeconfig
		}
		return
	}
	r.mutates()
	if !c.Has("--yes", "-y") && (verb == "delete" || verb == "update" || verb == "rolling-update" || verb == "upgrade") {
		return // kops only previews without --yes
	}
	name, _ := c.Flag("--name")
	t := infraTargets(append(append([]string(nil), words[min(2, len(words)):]...), name)...)
	target := infraOr(name, infraOr(firstOf(words[min(2, len(words)):]), "(unnamed)"))
	switch {
	case verb == "delete" && kind == "cluster":
		r.add(c.find(k8sClusterDelete, "Deletes the kops cluster "+target+" with every workload and volume in it.", t...))
	case verb == "rolling-update":
		r.add(c.find(k8sClusterChange, "Replaces every node of cluster "+target+" one by one.", t...).WithPoints(infraRemove))
	case verb == "delete":
		r.add(c.find(k8sClusterChange, "Deletes the "+kind+" "+target+".", t...).WithPoints(infraRemove))
	default:
		r.add(c.find(k8sClusterChange, cloudVerbPhrase(verb)+" the kops "+kind+" "+target+".", t...))
	}
}

func localClusterHandler(c *Cmd, r *report) {
	if infraHelp(c) {
		return
	}
	words := c.Positional()
	if len(words) == 0 {
		return
	}
	deleting := words[0] == "delete" || len(words) > 1 && (words[1] == "delete" || words[1] == "rm") && words[0] == "cluster"
	switch words[0] {
	case "get", "status", "version", "ip", "ssh-key", "logs", "profile", "completion", "help", "update-check", "list":
		if words[0] != "profile" || len(words) == 1 || words[1] == "list" {
			return
		}
	case "cluster", "node", "registry", "image", "kubeconfig":
		if len(words) > 1 && (words[1] == "list" || words[1] == "get" || words[1] == "ls") {
			return
		}
	}
	r.mutates()
	if !deleting {
		return // create, start, stop, load, export…: local and routine
	}
	name, _ := c.Flag("--name", "-n", "-p", "--profile")
	what := "the local " + c.Name + " cluster" + infraAfterWord("", name)
	if c.Has("--all", "-a") {
		what = "every local " + c.Name + " cluster"
	}
	if len(words) > 2 {
		what = "the local " + c.Name + " cluster " + infraList(words[2:])
	}
	r.add(c.find(k8sLocalDelete, "Deletes "+what+" and everything deployed in it.", infraTargets(name)...))
}

func helmfileHandler(c *Cmd, r *report) {
	if infraHelp(c) {
		return
	}
	words := c.Positional()
	if len(words) == 0 {
		return
	}
	env, _ := c.Flag("-e", "--environment")
	sel := infraFlagValues(c, "-l", "--selector")
	t := infraTargets(append([]string{env}, sel...)...)
	scope := "every release of the helmfile"
	if len(sel) > 0 {
		scope = "the helmfile releases matching " + infraList(sel)
	}
	if env != "" {
		scope += " in environment " + env
	}
	switch words[0] {
	case "destroy", "delete":
		r.mutates()
		r.add(c.find(helmUninstall, "Uninstalls "+scope+": every resource they created is deleted.", t...))
	case "apply", "sync", "deploy":
		r.mutates()
		r.add(c.find(helmInstall, "Installs or upgrades "+scope+".", t...))
	case "diff", "template", "lint", "list", "status", "build", "show-dag", "version", "cache", "print-env":
		if words[0] == "cache" && len(words) > 1 && words[1] == "cleanup" {
			r.mutates()
		}
	default:
		r.mutates() // deps, repos, fetch, write-values, init
	}
}

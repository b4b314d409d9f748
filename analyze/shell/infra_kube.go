package shell

import (
	"strings"

	"github.com/actionguard/actionguard/rule"
)

// Kubernetes: kubectl (and OpenShift's oc), helm, kustomize, k9s.

var (
	kubeDeleteEverything = &rule.Rule{
		ID:          "shell.kubectl.delete-everything",
		Summary:     "Deletes every resource of a kind across all namespaces, or every namespace of the cluster.",
		Points:      infraAdmin,
		Category:    rule.MassDestruction,
		Alternative: "Delete the resources of one namespace by name, after `kubectl get … -A` shows what would go.",
		Match: []string{
			"kubectl delete pods --all -A",
			"kubectl delete all --all --all-namespaces",
			"kubectl delete namespaces --all",
		},
		NoMatch: []string{"kubectl delete pods --all -n dev", "kubectl get pods -A", "kubectl delete ns --all --dry-run=server"},
	}
	kubeDeleteNamespace = &rule.Rule{
		ID:          "shell.kubectl.delete-namespace",
		Summary:     "Deletes a Kubernetes namespace and everything in it.",
		Points:      infraDestroy,
		Category:    rule.Destructive,
		Alternative: "Check what the namespace holds with `kubectl get all,pvc,secrets -n NAME`, and try `kubectl delete ns NAME --dry-run=server` first.",
		Match:       []string{"kubectl delete namespace prod", "kubectl delete ns staging", "kubectl -n x delete ns/feature-42", "oc delete project demo"},
		NoMatch:     []string{"kubectl get ns", "kubectl delete ns prod --dry-run=client", "kubectl delete pod web-0"},
	}
	kubeDeleteAll = &rule.Rule{
		ID:          "shell.kubectl.delete-all",
		Summary:     "Deletes every matching Kubernetes resource at once (--all, or a selector across all namespaces).",
		Points:      infraDestroy,
		Category:    rule.Destructive,
		Alternative: "List what matches first (`kubectl get … -l …`), then delete by name, or add --dry-run=server.",
		Match:       []string{"kubectl delete deployments --all -n prod", "kubectl delete svc -l app=web -A", "kubectl delete all --all"},
		NoMatch:     []string{"kubectl delete deployment web", "kubectl get deploy --all-namespaces"},
	}
	kubeDeleteData = &rule.Rule{
		ID:          "shell.kubectl.delete-data",
		Summary:     "Deletes Kubernetes objects that hold data or definitions that do not come back (volumes, secrets, custom resource definitions).",
		Points:      infraDestroy,
		Category:    rule.Destructive,
		Alternative: "Back the data up first (a volume snapshot, `kubectl get secret NAME -o yaml`), and try --dry-run=server.",
		Match:       []string{"kubectl delete pvc data-postgres-0", "kubectl delete secret api-keys -n prod", "kubectl delete crd certificates.cert-manager.io", "kubectl delete pv/pv-001"},
		NoMatch:     []string{"kubectl get pvc", "kubectl describe secret api-keys"},
	}
	kubeDelete = &rule.Rule{
		ID:          "shell.kubectl.delete",
		Summary:     "Deletes Kubernetes resources.",
		Points:      infraRemove,
		Category:    rule.Infrastructure,
		Alternative: "Add --dry-run=server to see what would be deleted; `kubectl diff` shows pending changes.",
		Match:       []string{"kubectl delete deployment web", "kubectl delete -f k8s/", "kubectl delete svc/api -n prod"},
		NoMatch:     []string{"kubectl delete deployment web --dry-run=server", "kubectl get deployments", "kubectl describe svc api", "kubectl logs web-0"},
	}
	kubeDeletePod = &rule.Rule{
		ID:          "shell.kubectl.delete-pod",
		Summary:     "Deletes Kubernetes pods; pods owned by a controller are recreated, bare pods are gone.",
		Points:      infraCreate,
		Category:    rule.Infrastructure,
		Alternative: "`kubectl rollout restart deployment/NAME` restarts a workload without deleting by hand.",
		Match:       []string{"kubectl delete pod web-7d9f8-abcde", "kubectl delete po worker-0 -n jobs"},
		NoMatch:     []string{"kubectl get pod web-7d9f8-abcde", "kubectl delete pod web-0 --dry-run=client"},
	}
	kubeDrain = &rule.Rule{
		ID:          "shell.kubectl.drain",
		Summary:     "Evicts every pod from a Kubernetes node.",
		Points:      infraRemove,
		Category:    rule.Infrastructure,
		Alternative: "`kubectl drain NODE --dry-run=server` lists what would be evicted.",
		Match:       []string{"kubectl drain node-1 --ignore-daemonsets", "kubectl drain ip-10-0-1-5 --delete-emptydir-data --force"},
		NoMatch:     []string{"kubectl drain node-1 --dry-run=server", "kubectl get nodes"},
	}
	kubeCordon = &rule.Rule{
		ID:          "shell.kubectl.cordon",
		Summary:     "Stops or resumes scheduling on a Kubernetes node.",
		Points:      infraCreate,
		Category:    rule.Infrastructure,
		Alternative: "",
		Match:       []string{"kubectl cordon node-1", "kubectl uncordon node-1"},
		NoMatch:     []string{"kubectl describe node node-1"},
	}
	kubeScaleZero = &rule.Rule{
		ID:          "shell.kubectl.scale-to-zero",
		Summary:     "Scales a Kubernetes workload down to zero replicas: it stops serving.",
		Points:      infraRemove,
		Category:    rule.Infrastructure,
		Alternative: "Scale down gradually, or check `kubectl get hpa` first: an autoscaler may fight the change.",
		Match:       []string{"kubectl scale deployment web --replicas=0", "kubectl scale --replicas 0 statefulset/db -n prod"},
		NoMatch:     []string{"kubectl scale deployment web --replicas=3", "kubectl scale deploy web --replicas=0 --dry-run=client"},
	}
	kubeChange = &rule.Rule{
		ID:          "shell.kubectl.change",
		Summary:     "Changes resources in a Kubernetes cluster (apply, create, patch, replace, edit, set, scale, rollout…).",
		Points:      infraChange,
		Category:    rule.Infrastructure,
		Alternative: "`kubectl diff -f …` or --dry-run=server shows the change before it is made.",
		Match: []string{
			"kubectl apply -f deploy.yaml", "kubectl create deployment web --image=nginx", "kubectl patch deploy web -p '{\"spec\":{}}'",
			"kubectl replace -f pod.yaml", "kubectl edit cm app-config", "kubectl set image deploy/web web=web:v2",
			"kubectl rollout undo deployment/web", "kubectl scale deploy web --replicas=5", "kubectl label node n1 disk=ssd",
			"kubectl rollout restart deploy/web",
		},
		NoMatch: []string{"kubectl apply -f deploy.yaml --dry-run=server", "kubectl diff -f deploy.yaml", "kubectl rollout status deploy/web", "kubectl rollout history deploy/web", "kubectl kustomize overlays/prod"},
	}
	kubeApplyPrune = &rule.Rule{
		ID:          "shell.kubectl.apply-prune",
		Summary:     "Applies manifests and deletes every matching resource that is not in them (--prune).",
		Points:      infraRemove,
		Category:    rule.Destructive,
		Alternative: "Run the same apply with --dry-run=server to see what --prune would delete.",
		Match:       []string{"kubectl apply -f manifests/ --prune -l app=web", "kubectl apply --prune --all -f k8s/"},
		NoMatch:     []string{"kubectl apply -f manifests/", "kubectl apply -f manifests/ --prune -l app=web --dry-run=server"},
	}
	kubeGrantAdmin = &rule.Rule{
		ID:          "shell.kubectl.grant-admin",
		Summary:     "Grants cluster-admin (full control of the cluster), or OpenShift's privileged security context, to a user, group or service account.",
		Points:      infraAdmin,
		Category:    rule.Permissions,
		Alternative: "Bind a narrower role (view, edit, or a Role limited to one namespace).",
		Match: []string{
			"kubectl create clusterrolebinding ci-admin --clusterrole=cluster-admin --serviceaccount=ci:deployer",
			"kubectl create rolebinding x --clusterrole cluster-admin --user=bob -n prod",
			"oc adm policy add-cluster-role-to-user cluster-admin bob", "oc adm policy add-scc-to-user privileged -z default",
		},
		NoMatch: []string{"kubectl create rolebinding x --clusterrole=view --user=bob", "kubectl get clusterrolebindings"},
	}
	kubeExec = &rule.Rule{
		ID:          "shell.kubectl.exec",
		Summary:     "Runs a command inside a running pod; the command itself is checked too.",
		Points:      infraSmall,
		Category:    rule.Execution,
		Alternative: "",
		Match:       []string{"kubectl exec -it web-0 -- bash", "kubectl exec deploy/api -n prod -- ls /app"},
		NoMatch:     []string{"kubectl logs web-0", "kubectl get pod web-0 -o yaml"},
	}
	kubeCopyIn = &rule.Rule{
		ID:          "shell.kubectl.copy-into-pod",
		Summary:     "Copies local files into a running container, changing it behind its image's back.",
		Points:      infraCreate,
		Category:    rule.Infrastructure,
		Alternative: "Ship the change in a new image or a ConfigMap instead of editing a live container.",
		Match:       []string{"kubectl cp ./config.yaml web-0:/app/config.yaml", "kubectl cp fix.py prod/api-7f9:/srv/fix.py"},
		NoMatch:     []string{"kubectl cp web-0:/var/log/app.log ./app.log"},
	}
	kubeNodeDebug = &rule.Rule{
		ID:          "shell.kubectl.node-debug",
		Summary:     "Starts a debugging pod on a node with the node's namespaces and its root file system mounted: root on the node.",
		Points:      infraRemove,
		Category:    rule.Escalation,
		Alternative: "Debug the pod (`kubectl debug POD --image=busybox --target=CONTAINER`) rather than the node.",
		Match:       []string{"kubectl debug node/ip-10-0-1-5 -it --image=ubuntu"},
		NoMatch:     []string{"kubectl get node ip-10-0-1-5"},
	}

	helmUninstall = &rule.Rule{
		ID:          "shell.helm.uninstall",
		Summary:     "Uninstalls a Helm release: every Kubernetes resource it created is deleted.",
		Points:      infraDestroy,
		Category:    rule.Destructive,
		Alternative: "`helm uninstall RELEASE --dry-run` lists what would be deleted; `helm get manifest RELEASE` keeps a copy.",
		Match:       []string{"helm uninstall web -n prod", "helm delete my-release", "helm del --purge old"},
		NoMatch:     []string{"helm uninstall web --dry-run", "helm list -A", "helm status web"},
	}
	helmRollback = &rule.Rule{
		ID:          "shell.helm.rollback",
		Summary:     "Rolls a Helm release back to an earlier revision.",
		Points:      infraRemove,
		Category:    rule.Infrastructure,
		Alternative: "`helm history RELEASE` and `helm diff rollback` (plugin) show what the rollback changes.",
		Match:       []string{"helm rollback web 3 -n prod", "helm rollback api"},
		NoMatch:     []string{"helm history web", "helm rollback web 3 --dry-run"},
	}
	helmInstall = &rule.Rule{
		ID:          "shell.helm.install",
		Summary:     "Installs or upgrades a Helm release in the cluster.",
		Points:      infraChange,
		Category:    rule.Infrastructure,
		Alternative: "`helm upgrade --install … --dry-run` or `helm template` renders the change first.",
		Match:       []string{"helm install web ./chart", "helm upgrade --install api charts/api -n prod -f values-prod.yaml", "helm upgrade web bitnami/nginx --set replicaCount=2"},
		NoMatch:     []string{"helm template web ./chart", "helm lint ./chart", "helm install web ./chart --dry-run", "helm repo update", "helm show values bitnami/nginx"},
	}
)

var kubeRules = []*rule.Rule{
	kubeDeleteEverything, kubeDeleteNamespace, kubeDeleteAll, kubeDeleteData, kubeDelete, kubeDeletePod,
	kubeDrain, kubeCordon, kubeScaleZero, kubeChange, kubeApplyPrune, kubeGrantAdmin, kubeExec, kubeCopyIn,
	kubeNodeDebug, helmUninstall, helmRollback, helmInstall,
}

func kubeHandlers() map[string]handler {
	return map[string]handler{
		"kubectl":   kubectlHandler,
		"oc":        kubectlHandler,
		"helm":      helmHandler,
		"kustomize": kustomizeHandler,
		"k9s":       k9sHandler,
	}
}

// kubeRead are kubectl commands that only read or only talk.
var kubeRead = map[string]bool{
	"get": true, "describe": true, "logs": true, "explain": true, "api-resources": true, "api-versions": true,
	"version": true, "cluster-info": true, "top": true, "diff": true, "events": true, "wait": true, "completion": true,
	"plugin": true, "options": true, "help": true, "port-forward": true, "proxy": true, "kustomize": true,
	"whoami": true, "status": true, "projects": true, "project": true, "login": true, "logout": true,
}

func kubectlHandler(c *Cmd, r *report) {
	verb, args, ok := infraSubcommand(c)
	if !ok {
		return
	}
	// OpenShift: "oc adm drain", "oc adm policy add-cluster-role-to-user …".
	if verb == "adm" && len(args) > 0 {
		verb, args = args[0], args[1:]
		if verb == "policy" {
			kubePolicyFinding(c, r, args)
			return
		}
	}
	if kubeRead[verb] {
		return
	}
	switch verb {
	case "auth":
		if len(args) > 0 && args[0] == "reconcile" && !infraDryRun(c, "--dry-run") {
			r.mutates()
			r.add(c.find(kubeChange, "Reconciles RBAC roles and bindings in the cluster from files.", kubeTargets(c)...))
		}
		return
	case "config":
		if len(args) > 0 && !infraHasPrefix(args[0], "view", "get-", "current-context") {
			r.mutates() // the local kubeconfig changes
		}
		return
	case "rollout":
		if len(args) > 0 && (args[0] == "status" || args[0] == "history") {
			return
		}
	case "certificate":
		// approve/deny below
	}
	if infraDryRun(c, "--dry-run") {
		return
	}
	r.mutates()
	ns, _ := c.Flag("-n", "--namespace")
	switch verb {
	case "delete":
		kubeDeleteFinding(c, r, args, ns)
	case "drain":
		r.add(c.find(kubeDrain, "Evicts every pod from node "+infraOr(infraList(args), "(unnamed)")+".", kubeTargets(c, args...)...))
	case "cordon":
		r.add(c.find(kubeCordon, "Marks node "+infraList(args)+" unschedulable: no new pods will start there.", kubeTargets(c, args...)...))
	case "uncordon":
		r.add(c.find(kubeCordon, "Marks node "+infraList(args)+" schedulable again.", kubeTargets(c, args...)...))
	case "scale":
		if rep, ok := c.Flag("--replicas"); ok && rep == "0" {
			r.add(c.find(kubeScaleZero, "Scales "+infraOr(infraList(args), "the workload")+" down to zero replicas: it stops serving.", kubeTargets(c, args...)...))
			return
		}
		r.add(c.find(kubeChange, "Changes the number of replicas of "+infraOr(infraList(args), "a workload")+".", kubeTargets(c, args...)...))
	case "apply":
		if c.Has("--prune") {
			r.add(c.find(kubeApplyPrune, "Applies the manifests and deletes every matching resource that is not in them.", kubeTargets(c)...))
			return
		}
		r.add(c.find(kubeChange, "Applies manifests to the cluster"+kubeWhere(c, ns)+".", kubeTargets(c)...))
	case "create":
		kubeCreateFinding(c, r, args)
	case "exec":
		kubeExecFinding(c, r, args)
	case "cp":
		kubeCopyFinding(c, r, args)
	case "debug":
		for _, a := range args {
			if strings.HasPrefix(a, "node/") || strings.HasPrefix(a, "nodes/") {
				r.add(c.find(kubeNodeDebug, "Starts a privileged debugging pod on "+a+" with the node's root file system mounted.", kubeTargets(c, a)...))
				return
			}
		}
		r.add(c.find(kubeChange, "Adds a debugging container to "+infraOr(infraList(args), "a pod")+".", kubeTargets(c, args...)...))
	case "rollout":
		sub := ""
		if len(args) > 0 {
			sub = args[0]
		}
		what := infraOr(infraList(args[min(1, len(args)):]), "a workload")
		switch sub {
		case "undo":
			r.add(c.find(kubeChange, "Rolls "+what+" back to its previous revision.", kubeTargets(c, args...)...))
		case "restart":
			r.add(c.find(kubeChange, "Restarts every pod of "+what+".", kubeTargets(c, args...)...))
		default:
			r.add(c.find(kubeChange, "Changes the rollout of "+what+" ("+sub+").", kubeTargets(c, args...)...))
		}
	case "certificate":
		if len(args) > 0 && (args[0] == "approve" || args[0] == "deny") {
			r.add(c.find(kubeChange, "Approves or denies a certificate signing request: an approved one becomes a cluster credential.", kubeTargets(c, args[1:]...)...))
		}
	case "attach":
		// Attaching is interactive access to a running process; no finding.
	case "krew", "kc", "ctx", "ns":
		// plugin managers and context switchers: local changes only.
	default:
		// patch, replace, edit, set, label, annotate, taint, autoscale, expose, run…
		msg := "Changes Kubernetes resources (" + verb + ")" + kubeWhere(c, ns) + "."
		targets := kubeTargets(c, args...)
		if verb == "run" {
			msg = "Starts pod " + infraOr(firstOf(args), "(unnamed)") + kubeWhere(c, ns) + "."
			targets = kubeTargets(c, args[:min(1, len(args))]...)
		}
		if verb == "replace" && c.Has("--force") {
			msg = "Deletes and recreates the resources in the files (replace --force)" + kubeWhere(c, ns) + "."
		}
		r.add(c.find(kubeChange, msg, targets...))
	}
}

// kubeWhere names the namespace and context in a message.
func kubeWhere(c *Cmd, ns string) string {
	s := ""
	if ns != "" {
		s += " in namespace " + ns
	}
	if ctx, ok := c.Flag("--context"); ok && ctx != "" {
		s += " on context " + ctx
	}
	return s
}

// kubeNamespacePhrase is kubeWhere that says "the current namespace" when
// none is given.
func kubeNamespacePhrase(c *Cmd, ns string) string {
	if ns == "" {
		return " in the current namespace" + kubeWhere(c, "")
	}
	return kubeWhere(c, ns)
}

// kubeTargets lists the objects, namespace and context of a command.
func kubeTargets(c *Cmd, objs ...string) []string {
	ns, _ := c.Flag("-n", "--namespace")
	ctx, _ := c.Flag("--context")
	files := infraFlagValues(c, "-f", "--filename", "-k", "--kustomize")
	return infraTargets(append(append(append([]string(nil), objs...), files...), ns, ctx)...)
}

var (
	kubeNamespaceKinds = map[string]bool{"ns": true, "namespace": true, "namespaces": true, "project": true, "projects": true}
	kubePodKinds       = map[string]bool{"po": true, "pod": true, "pods": true}
	kubeDataKinds      = map[string]string{
		"pvc": "persistent volume claim", "persistentvolumeclaim": "persistent volume claim", "persistentvolumeclaims": "persistent volume claim",
		"pv": "persistent volume", "persistentvolume": "persistent volume", "persistentvolumes": "persistent volume",
		"secret": "secret", "secrets": "secret",
		"crd": "custom resource definition (and every resource of that kind)", "crds": "custom resource definition (and every resource of that kind)",
		"customresourcedefinition": "custom resource definition (and every resource of that kind)", "customresourcedefinitions": "custom resource definition (and every resource of that kind)",
		"volumesnapshot": "volume snapshot", "volumesnapshots": "volume snapshot",
	}
)

// kubeKinds splits "pod,svc" or "pod/name" words into resource kinds.
func kubeKinds(args []string) (kinds []string, named bool) {
	if len(args) == 0 {
		return nil, false
	}
	if strings.Contains(args[0], "/") {
		for _, a := range args {
			k, _, ok := strings.Cut(a, "/")
			if ok {
				kinds = append(kinds, strings.ToLower(strings.SplitN(k, ".", 2)[0]))
			}
		}
		return kinds, true
	}
	for _, k := range strings.Split(args[0], ",") {
		kinds = append(kinds, strings.ToLower(strings.SplitN(k, ".", 2)[0]))
	}
	return kinds, len(args) > 1
}

func kubeDeleteFinding(c *Cmd, r *report, args []string, ns string) {
	kinds, _ := kubeKinds(args)
	all := c.Has("--all")
	allNS := c.Has("-A", "--all-namespaces")
	sel := c.Has("-l", "--selector", "--field-selector")
	if fs, ok := c.Flag("--field-selector"); ok && !c.Has("-l", "--selector") && strings.Contains(fs, "status.phase") {
		sel = false // cleaning up Failed or Succeeded pods
	}
	isNS, isPod, data, events := false, len(kinds) > 0, "", len(kinds) > 0
	for _, k := range kinds {
		if k != "events" && k != "event" && k != "ev" {
			events = false
		}
		if kubeNamespaceKinds[k] {
			isNS = true
		}
		if !kubePodKinds[k] {
			isPod = false
		}
		if d, ok := kubeDataKinds[k]; ok && data == "" {
			data = d
		}
	}
	names := args
	if len(kinds) > 0 && !strings.Contains(args[0], "/") {
		names = args[1:]
	}
	targets := kubeTargets(c, names...)
	what := infraOr(strings.Join(kinds, ","), "resources")
	switch {
	case events:
		return // events are a log; deleting them is housekeeping
	case isPod && all && !allNS:
		r.add(c.find(kubeDelete, "Deletes every pod"+kubeNamespacePhrase(c, ns)+"; bare pods are gone, the others restart.", targets...))
	case all && allNS, isNS && all, kinds != nil && kinds[0] == "all" && allNS && (all || sel):
		r.add(c.find(kubeDeleteEverything, "Deletes every "+what+" in every namespace of the cluster.", targets...))
	case isNS:
		r.add(c.find(kubeDeleteNamespace, "Deletes the Kubernetes namespace "+infraOr(infraList(kubeNames(names)), "(unnamed)")+" and everything in it.", targets...))
	case all:
		r.add(c.find(kubeDeleteAll, "Deletes every "+what+kubeNamespacePhrase(c, ns)+".", targets...))
	case sel && allNS:
		r.add(c.find(kubeDeleteAll, "Deletes every "+what+" matching the selector in all namespaces.", targets...))
	case data != "":
		r.add(c.find(kubeDeleteData, "Deletes the "+data+" "+infraOr(infraList(kubeNames(names)), "matching the selector")+kubeWhere(c, ns)+"; its contents do not come back.", targets...))
	case isPod:
		r.add(c.find(kubeDeletePod, "Deletes pod "+infraOr(infraList(kubeNames(names)), "matching the selector")+kubeWhere(c, ns)+".", targets...))
	case len(kinds) == 0:
		r.add(c.find(kubeDelete, "Deletes the Kubernetes resources described in "+infraOr(infraList(infraFlagValues(c, "-f", "--filename", "-k", "--kustomize")), "the input")+kubeWhere(c, ns)+".", targets...))
	default:
		which := infraList(kubeNames(names))
		if which == "" && sel {
			which = "matching the selector"
		}
		r.add(c.find(kubeDelete, "Deletes "+what+infraAfterWord("", which)+kubeWhere(c, ns)+".", targets...))
	}
}

// kubeNames strips "kind/" from "kind/name" words.
func kubeNames(args []string) []string {
	out := make([]string, 0, len(args))
	for _, a := range args {
		if _, n, ok := strings.Cut(a, "/"); ok {
			a = n
		}
		out = append(out, a)
	}
	return out
}

func kubeCreateFinding(c *Cmd, r *report, args []string) {
	kind := ""
	if len(args) > 0 {
		kind = args[0]
	}
	if kind == "clusterrolebinding" || kind == "rolebinding" {
		if role, _ := c.Flag("--clusterrole"); role == "cluster-admin" {
			who := infraFlagValues(c, "--user", "--group", "--serviceaccount")
			r.add(c.find(kubeGrantAdmin, "Grants cluster-admin, full control of the cluster, to "+infraOr(infraList(who), "a subject")+".", kubeTargets(c, who...)...))
			return
		}
	}
	if kind == "" {
		r.add(c.find(kubeChange, "Creates Kubernetes resources from "+infraOr(infraList(infraFlagValues(c, "-f", "--filename")), "the input")+".", kubeTargets(c)...))
		return
	}
	r.add(c.find(kubeChange, "Creates a Kubernetes "+kind+" "+infraList(args[1:])+".", kubeTargets(c, args[1:]...)...))
}

// kubePolicyFinding handles "oc adm policy": role and SCC grants.
func kubePolicyFinding(c *Cmd, r *report, args []string) {
	if len(args) == 0 || infraHasPrefix(args[0], "who-can", "scc-", "review") {
		return
	}
	r.mutates()
	role := firstOf(args[min(1, len(args)):])
	who := infraList(args[min(2, len(args)):])
	switch {
	case strings.HasPrefix(args[0], "add-") && (role == "cluster-admin" || strings.Contains(args[0], "scc") && (role == "privileged" || role == "anyuid" || role == "hostaccess")):
		r.add(c.find(kubeGrantAdmin, "Grants "+role+" to "+infraOr(who, "a subject")+": full control of the cluster or of its nodes.", kubeTargets(c, args[2:]...)...))
	default:
		r.add(c.find(kubeChange, "Changes cluster permissions ("+args[0]+" "+role+") for "+infraOr(who, "a subject")+".", kubeTargets(c, args[min(2, len(args)):]...)...))
	}
}

// kubeExecFinding reports an exec and analyses the command it runs.
func kubeExecFinding(c *Cmd, r *report, args []string) {
	pod := ""
	if len(args) > 0 {
		pod = args[0]
	}
	r.add(c.find(kubeExec, "Runs a command inside pod "+infraOr(pod, "(unnamed)")+".", kubeTargets(c, pod)...))
	for i, a := range c.Args {
		if a == "--" && i+1 < len(c.Args) {
			r.command(c.Args[i+1:], c, "runs inside pod "+pod)
			return
		}
	}
}

// kubeCopyFinding reports kubectl cp when the destination is a pod.
func kubeCopyFinding(c *Cmd, r *report, args []string) {
	if len(args) < 2 {
		return
	}
	dst := args[len(args)-1]
	if !strings.Contains(dst, ":") {
		return // from the pod to the local machine
	}
	r.add(c.find(kubeCopyIn, "Copies "+infraList(args[:len(args)-1])+" into the running container "+dst+".", kubeTargets(c, dst)...))
}

func helmHandler(c *Cmd, r *report) {
	verb, args, ok := infraSubcommand(c)
	if !ok {
		return
	}
	ns, _ := c.Flag("-n", "--namespace")
	ctx, _ := c.Flag("--kube-context")
	targets := infraTargets(append(append([]string(nil), args...), ns, ctx)...)
	where := ""
	if ns != "" {
		where = " in namespace " + ns
	}
	switch verb {
	case "uninstall", "delete", "del", "un":
		if infraDryRun(c, "--dry-run") {
			return
		}
		r.mutates()
		r.add(c.find(helmUninstall, "Uninstalls Helm release "+infraOr(infraList(args), "(unnamed)")+where+": every resource it created is deleted.", targets...))
	case "rollback":
		if infraDryRun(c, "--dry-run") {
			return
		}
		r.mutates()
		to := ""
		if len(args) > 1 {
			to = " to revision " + args[1]
		}
		r.add(c.find(helmRollback, "Rolls Helm release "+infraOr(firstOf(args), "(unnamed)")+" back"+to+where+".", targets...))
	case "install", "upgrade", "i":
		if infraDryRun(c, "--dry-run") {
			return
		}
		r.mutates()
		r.add(c.find(helmInstall, "Installs or upgrades Helm release "+infraOr(firstOf(args), "(generated name)")+where+".", targets...))
	case "test":
		r.mutates() // runs the chart's test pods in the cluster
	case "repo", "plugin", "registry", "dependency", "dep", "package", "pull", "fetch", "push", "create", "completion", "env":
		if len(args) > 0 && (args[0] == "list" || args[0] == "ls") || verb == "completion" || verb == "env" {
			return
		}
		r.mutates() // local files, repositories or registries; routine
	}
	// template, lint, list, status, get, show, search, history, test, verify, diff: reads.
}

// firstOf returns the first word, or "".
func firstOf(words []string) string {
	if len(words) == 0 {
		return ""
	}
	return words[0]
}

func kustomizeHandler(c *Cmd, r *report) {
	if p := c.Positional(); len(p) > 0 && (p[0] == "edit" || p[0] == "create" || p[0] == "fn") {
		r.mutates() // edits the local kustomization.yaml
	}
}

func k9sHandler(c *Cmd, r *report) {
	// k9s is an interactive client that can delete and edit; only --readonly
	// makes it a pure read. It is routine either way: no finding.
	if p := c.Positional(); len(p) > 0 && p[0] == "info" {
		return
	}
	if !c.Has("--readonly") && !infraHelp(c) {
		r.mutates()
	}
}

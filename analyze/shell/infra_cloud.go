package shell

import (
	"strings"
	"sync"

	"github.com/actionguard/actionguard/rule"
)

// Cloud CLIs whose commands read "group… verb resource", where the verb
// decides: the shared verb machinery, the generic rules used by the smaller
// clouds (DigitalOcean, Hetzner, Linode, Vultr, Scaleway, Oracle, Civo,
// Exoscale, UpCloud, IBM Cloud) and Cloudflare's wrangler.

// cloudAct is what a CLI verb does.
type cloudAct int

const (
	actUnknown cloudAct = iota
	actRead
	actCreate
	actChange
	actRemove
	actDestroy
)

// cloudVerbs is the default meaning of verbs shared by the cloud CLIs.
var cloudVerbs = sync.OnceValue(func() map[string]cloudAct {
	return map[string]cloudAct{
		"delete": actDestroy, "destroy": actDestroy, "purge": actDestroy, "delete-batch": actDestroy, "drop": actDestroy,
		"wipe": actDestroy, "erase": actDestroy, "rm": actDestroy, "cp": actChange, "mv": actChange, "rsync": actChange,
		"mb": actCreate, "config-zip": actChange, "terminate": actDestroy, "bulk-delete": actDestroy, "put": actChange,
		"remove": actRemove, "stop": actRemove, "disable": actRemove, "deallocate": actRemove, "detach": actRemove,
		"revoke": actRemove, "unset": actRemove, "release": actRemove, "suspend": actRemove, "cancel": actRemove,
		"deregister": actRemove, "power-off": actRemove, "poweroff": actRemove, "shutdown": actRemove, "reset": actRemove,
		"regenerate": actRemove, "rebuild-server": actRemove, "rollback": actRemove, "uninstall": actRemove, "unpublish": actRemove, "clear": actRemove,
		"kill": actRemove, "reboot": actRemove, "down": actRemove, "power-cycle": actRemove, "abandon-instances": actRemove, "undeploy": actRemove,
		"update": actChange, "set": actChange, "add": actChange, "deploy": actChange, "patch": actChange, "import": actChange,
		"resize": actChange, "restore": actChange, "enable": actChange, "attach": actChange, "move": actChange,
		"migrate": actChange, "promote": actChange, "change-type": actChange, "failover": actChange, "restart": actChange, "replace": actChange,
		"apply": actChange, "swap": actChange, "upgrade": actChange, "scale": actChange, "assign": actChange,
		"publish": actChange, "transfer": actChange, "rename": actChange, "rotate": actChange, "rebuild": actRemove,
		"execute": actChange, "call": actChange, "submit": actChange, "invoke": actChange, "renew": actChange,
		"promote-replica": actChange, "recreate-instances": actChange, "rolling-action": actChange, "switchover": actChange,
		"create": actCreate, "start": actCreate, "resume": actCreate, "clone": actCreate, "provision": actCreate,
		"create-for-rbac": actCreate, "undelete": actCreate, "power-on": actCreate, "snapshot": actCreate,
		"list": actRead, "ls": actRead, "describe": actRead, "show": actRead, "get": actRead, "info": actRead,
		"status": actRead, "logs": actRead, "log": actRead, "tail": actRead, "read": actRead, "browse": actRead,
		"open": actRead, "version": actRead, "help": actRead, "whoami": actRead, "inspect": actRead, "search": actRead,
		"diff": actRead, "lint": actRead, "validate": actRead, "check": actRead, "doctor": actRead, "exists": actRead,
		"wait": actRead, "download": actRead, "download-batch": actRead, "cat": actRead, "du": actRead, "stat": actRead,
		"hash": actRead, "view": actRead, "watch": actRead, "stats": actRead, "history": actRead, "query": actRead,
		"login": actRead, "logout": actRead, "init": actRead,
		"ssh": actRead, "scp": actRead, "connect": actRead, "proxy": actRead, "port-forward": actRead, "feedback": actRead,
		"print-access-token": actRead, "print-identity-token": actRead, "find": actRead, "interactive": actRead,
		"token": actRead, "kubeconfig": actRead, "get-credentials": actRead, "completion": actRead,
	}
})

// cloudVerbOf classifies a verb word, with prefixed forms (get-iam-policy,
// list-grantable-roles, remove-iam-policy-binding…).
func cloudVerbOf(w string) cloudAct {
	if a, ok := cloudVerbs()[w]; ok {
		return a
	}
	switch {
	case infraHasPrefix(w, "get-", "list-", "show-", "describe-", "print-", "check-", "read-", "search-", "export-", "test-", "lookup-"):
		return actRead
	case infraHasPrefix(w, "delete-", "purge-", "destroy-"):
		return actDestroy
	case infraHasPrefix(w, "remove-", "detach-", "disable-", "revoke-", "stop-", "cancel-", "unset-", "reset-"):
		return actRemove
	case infraHasPrefix(w, "set-", "add-", "update-", "attach-", "enable-", "import-", "patch-", "move-", "restore-", "apply-"):
		return actChange
	case infraHasPrefix(w, "create-", "start-"):
		return actCreate
	case strings.HasSuffix(w, "-delete") || strings.HasSuffix(w, "-rm"):
		return actDestroy
	case strings.HasSuffix(w, "-update") || strings.HasSuffix(w, "-set"):
		return actChange
	case strings.HasSuffix(w, "-create"):
		return actCreate
	}
	return actUnknown
}

// cloudCommand finds the verb of a "group… verb resource" command line: the
// first known verb after the first word (which is always a group when more
// words follow). It returns the groups, the verb and the words after it.
func cloudCommand(words []string) (groups []string, verb string, rest []string) {
	for len(words) > 1 && (words[0] == "alpha" || words[0] == "beta" || words[0] == "preview") {
		words = words[1:]
	}
	if len(words) == 1 {
		return nil, words[0], nil
	}
	for i := 1; i < len(words); i++ {
		if cloudVerbOf(words[i]) != actUnknown {
			return words[:i], words[i], words[i+1:]
		}
	}
	return words, "", nil
}

var (
	cloudOpenIngress = &rule.Rule{
		ID:          "shell.cloud.open-ingress",
		Summary:     "Opens a firewall rule to the whole internet (0.0.0.0/0, *, Internet).",
		Points:      infraRemove,
		Category:    rule.Network,
		Alternative: "Allow only the addresses that need it (your IP /32, a VPN range).",
		Match:       []string{"gcloud compute firewall-rules create allow-ssh --allow tcp:22 --source-ranges=0.0.0.0/0", "az network nsg rule create -g rg --nsg-name nsg -n ssh --priority 100 --destination-port-ranges 22 --source-address-prefixes '*'"},
		NoMatch:     []string{"gcloud compute firewall-rules create allow-ssh --allow tcp:22 --source-ranges=203.0.113.7/32", "gcloud compute firewall-rules list"},
	}
	cloudDelete = &rule.Rule{
		ID:          "shell.cloud.delete",
		Summary:     "Deletes cloud resources (servers, databases, clusters, volumes, buckets, Workers…) at DigitalOcean, Hetzner, Linode, Vultr, Scaleway, Oracle, Civo, Exoscale, UpCloud, IBM Cloud, OpenStack or Cloudflare, and databases and apps at Neon, PlanetScale, Turso, Railway or Render.",
		Points:      infraDestroy,
		Category:    rule.Destructive,
		Alternative: "Take a snapshot or backup first, and check the resource with the matching get or list command.",
		Match: []string{
			"doctl compute droplet delete web-1 --force", "doctl databases delete 1234", "doctl kubernetes cluster delete prod",
			"hcloud server delete web-1", "linode-cli linodes delete 123", "oci compute instance terminate --instance-id ocid1.instance.x --force",
			"scw instance server delete 11111111-1111 with-volumes=all", "civo instance remove web-1", "wrangler delete my-worker",
			"wrangler d1 delete prod-db", "wrangler r2 bucket delete assets", "ibmcloud resource service-instance-delete my-db -f",
			"neonctl branches delete main", "pscale database delete prod --force", "turso db destroy prod --yes", "openstack server delete web-1",
			"railway delete",
		},
		NoMatch: []string{"doctl compute droplet list", "doctl databases get 1234", "hcloud server list", "wrangler tail my-worker", "oci compute instance list -c x",
			"neonctl branches list", "pscale database show prod", "turso db list", "openstack server list", "railway status"},
	}
	cloudRemove = &rule.Rule{
		ID:          "shell.cloud.remove",
		Summary:     "Stops, powers off, rebuilds or detaches cloud resources, or deletes a single key, object or secret.",
		Points:      infraRemove,
		Category:    rule.Infrastructure,
		Alternative: "Most of these can be undone with start, power-on or attach; a rebuild or key deletion cannot.",
		Match:       []string{"doctl compute droplet-action power-off 1234", "hcloud server poweroff web-1", "wrangler secret delete API_KEY", "wrangler kv key delete --binding CACHE user:1", "hcloud server rebuild web-1 --image ubuntu-22.04"},
		NoMatch:     []string{"hcloud server describe web-1", "wrangler secret list"},
	}
	cloudChange = &rule.Rule{
		ID:          "shell.cloud.change",
		Summary:     "Changes or deploys cloud resources (DigitalOcean, Hetzner, Linode, Vultr, Scaleway, Oracle, Civo, Exoscale, UpCloud, IBM Cloud, Cloudflare).",
		Points:      infraChange,
		Category:    rule.Infrastructure,
		Alternative: "",
		Match:       []string{"doctl apps update abc --spec app.yaml", "doctl databases resize 1234 --size db-s-2vcpu-4gb", "wrangler deploy", "wrangler secret put API_KEY", "hcloud server change-type web-1 cx32"},
		NoMatch:     []string{"doctl apps list", "wrangler dev", "wrangler whoami"},
	}
	cloudCreate = &rule.Rule{
		ID:          "shell.cloud.create",
		Summary:     "Creates or starts cloud resources (it may cost money).",
		Points:      infraCreate,
		Category:    rule.Infrastructure,
		Alternative: "",
		Match:       []string{"doctl compute droplet create web-2 --image ubuntu-22-04-x64 --size s-1vcpu-1gb --region ams3", "hcloud server create --name web-2 --type cx22 --image ubuntu-22.04", "wrangler d1 create app-db"},
		NoMatch:     []string{"doctl compute image list"},
	}
)

var cloudRules = []*rule.Rule{cloudOpenIngress, cloudDelete, cloudRemove, cloudChange, cloudCreate}

// cloudProviders names the clouds of the generic handler, by program.
var cloudProviders = map[string]string{
	"doctl": "DigitalOcean", "hcloud": "Hetzner Cloud", "linode-cli": "Linode", "lin": "Linode", "vultr-cli": "Vultr",
	"scw": "Scaleway", "oci": "Oracle Cloud", "civo": "Civo", "exo": "Exoscale", "upctl": "UpCloud", "ibmcloud": "IBM Cloud",
	"aliyun": "Alibaba Cloud", "openstack": "OpenStack",
	// Database and app platforms whose CLIs read the same way.
	"neonctl": "Neon", "neon": "Neon", "pscale": "PlanetScale", "turso": "Turso", "railway": "Railway", "render": "Render",
}

func cloudHandlers() map[string]handler {
	h := map[string]handler{"wrangler": wranglerHandler}
	for name := range cloudProviders {
		h[name] = genericCloudHandler
	}
	return h
}

var cloudIrregular = map[string]string{
	"rollback": "Rolls back", "rm": "Removes", "del": "Deletes", "d": "Deletes", "mv": "Moves", "cp": "Copies",
	"mb": "Creates bucket", "ls": "Lists", "unset": "Unsets", "set": "Sets", "poweroff": "Powers off",
	"add": "Adds", "config-zip": "Deploys a zip to",
}

// cloudVerbPhrase turns a verb into the start of a sentence.
func cloudVerbPhrase(verb string) string {
	v := strings.ReplaceAll(verb, "-", " ")
	if v == "" {
		return "Changes"
	}
	first, tail, _ := strings.Cut(v, " ")
	if irr, ok := cloudIrregular[first]; ok {
		if tail != "" {
			return irr + " " + tail
		}
		return irr
	}
	switch {
	case strings.HasSuffix(first, "s"), strings.HasSuffix(first, "sh"), strings.HasSuffix(first, "ch"), strings.HasSuffix(first, "x"):
		first += "es"
	case strings.HasSuffix(first, "y") && !strings.HasSuffix(first, "ay") && !strings.HasSuffix(first, "oy"):
		first = first[:len(first)-1] + "ies"
	default:
		first += "s"
	}
	s := strings.ToUpper(first[:1]) + first[1:]
	if tail != "" {
		s += " " + tail
	}
	return s
}

// lastOf returns the last word, or "".
func lastOf(words []string) string {
	if len(words) == 0 {
		return ""
	}
	return words[len(words)-1]
}

// genericCloudHandler handles the "group… verb resource" CLIs of the
// smaller clouds.
func genericCloudHandler(c *Cmd, r *report) {
	if infraHelp(c) {
		return
	}
	words := c.Positional()
	if c.Name == "doctl" && len(words) > 1 && words[0] == "compute" && words[1] == "ssh" {
		if cmd, ok := c.Flag("--ssh-command"); ok && cmd != "" {
			r.mutates()
			r.script(cmd, c, "runs on the droplet "+firstOf(words[2:]))
		}
		return
	}
	if len(words) > 0 && (words[0] == "auth" || words[0] == "config" || words[0] == "context" || words[0] == "login" ||
		words[0] == "logout" || words[0] == "completion" || words[0] == "setup" || words[0] == "plugin" || words[0] == "target") {
		r.mutates() // local configuration and credentials
		return
	}
	groups, verb, rest := cloudCommand(words)
	act := cloudVerbOf(verb)
	switch verb {
	case "rm", "d", "del", "remove", "terminate", "destroy":
		act = actDestroy
	case "g", "ls":
		act = actRead
	}
	if act == actRead || verb == "" || act == actUnknown {
		if act == actUnknown && len(groups) > 0 {
			r.mutates() // a verb this analysis does not know
		}
		return
	}
	r.mutates()
	cloudFinding(c, r, cloudProviders[c.Name], act, verb, groups, rest)
}

// cloudFinding reports a generic cloud command by what its verb does.
func cloudFinding(c *Cmd, r *report, provider string, act cloudAct, verb string, groups, rest []string) {
	what := strings.TrimSpace(provider + " " + strings.Join(groups, " "))
	if len(rest) > 0 {
		what += " " + infraList(rest)
	}
	name, _ := c.Flag("--name")
	t := infraTargets(append(append([]string(nil), rest...), name)...)
	switch act {
	case actDestroy:
		r.add(c.find(cloudDelete, "Deletes "+what+".", t...))
	case actRemove:
		r.add(c.find(cloudRemove, cloudVerbPhrase(verb)+" "+what+".", t...))
	case actChange:
		r.add(c.find(cloudChange, cloudVerbPhrase(verb)+" "+what+".", t...))
	case actCreate:
		r.add(c.find(cloudCreate, cloudVerbPhrase(verb)+" "+what+".", t...))
	}
}

// wranglerReads are wrangler commands that read or stay on this machine.
var wranglerReads = infraSet("dev", "tail", "whoami", "types", "docs", "version", "help", "info", "list", "ls", "get",
	"deployments", "status", "check", "build", "telemetry")

// wranglerHandler handles Cloudflare's wrangler: Workers, Pages, D1, KV, R2,
// queues and secrets.
func wranglerHandler(c *Cmd, r *report) {
	if infraHelp(c) {
		return
	}
	words := c.Positional()
	if len(words) == 0 {
		return
	}
	if words[0] == "login" || words[0] == "logout" || words[0] == "init" || words[0] == "generate" || words[0] == "setup" {
		r.mutates()
		return
	}
	if len(words) > 1 && words[0] == "d1" && words[1] == "execute" {
		db := firstOf(words[2:])
		if q, ok := c.Flag("--command"); ok && q != "" {
			r.sql(q, c)
			return
		}
		if f, ok := c.Flag("--file"); ok && f != "" {
			r.mutates()
			r.add(c.find(cloudChange, "Runs the SQL in "+f+" on the D1 database "+infraOr(db, "(unnamed)")+".", infraTargets(db, f)...))
		}
		return
	}
	for _, w := range words {
		if wranglerReads[w] {
			return
		}
	}
	var groups, rest []string
	verb := words[0]
	if cloudVerbOf(verb) == actUnknown && verb != "publish" && verb != "rollback" {
		groups, verb, rest = cloudCommand(words)
	} else {
		rest = words[1:]
	}
	act := cloudVerbOf(verb)
	switch verb {
	case "publish", "deploy", "put", "upload", "rollback":
		act = actChange
	case "delete":
		act = actDestroy
		// A key, an object or a secret is one item; a database, bucket,
		// namespace, queue, project or Worker is everything in it.
		if len(groups) > 0 && (groups[len(groups)-1] == "key" || groups[len(groups)-1] == "object" || groups[0] == "secret") {
			act = actRemove
		}
	}
	if act == actRead || act == actUnknown || verb == "" {
		r.mutates()
		return
	}
	r.mutates()
	cloudFinding(c, r, "Cloudflare", act, verb, groups, rest)
}
